import type { Executor } from '@ouvrage/db';
import type { Caller, Language } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';

/**
 * What each module gives to a person's data export (RGPD art. 15 and 20, decision 1233): its part
 * of `donnees.json` under its own key, and the files that go with it. Registered once per app from
 * the module's routes, like `registerRetention`: a new module that holds personal data adds its
 * part in one place, and the data-export module reads no other module's tables.
 */
export interface ExportContext {
  deps: AppDeps;
  /** Where the part reads (`deps.db`): parts are read one after the other. */
  db: Executor;
  /** The person whose data this is: the caller, their own data only. */
  user: Caller;
  /** The person's language: for the few words a part writes itself (« vous »). */
  language: Language;
  /**
   * Add a file to the archive under `fichiers/<part>/<name>` (`name` may hold folders); it is read only when the archive is
   * written, one file at a time. Answers the path in the archive, to cite in the part's JSON.
   */
  addFile: (name: string, read: () => Promise<Buffer>) => string;
}

export interface ExportPart {
  /** The key of the part in `donnees.json`: `profile`, `projects`, `conversations`… */
  name: string;
  /** The module's records about the person, shaped for a reader (ISO dates, cents, names). */
  collect: (context: ExportContext) => Promise<unknown>;
}

const registries = new WeakMap<AppDeps, ExportPart[]>();

/** Called once per app by each module holding data about a person. */
export function registerExport(deps: AppDeps, part: ExportPart): void {
  const list = registries.get(deps) ?? [];
  if (list.some((p) => p.name === part.name)) throw new Error(`Partie d’export déjà enregistrée : ${part.name}`);
  list.push(part);
  registries.set(deps, list);
}

export function exportPartsOf(deps: AppDeps): readonly ExportPart[] {
  return registries.get(deps) ?? [];
}
