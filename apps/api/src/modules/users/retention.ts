import type { Executor } from '@ouvrage/db';
import type { AppDeps } from '../../lib/deps';

/**
 * What keeps a person's account from being deleted (decision 0441). Each module that holds
 * business records naming a user registers one: projects ("a client with projects"), tenders
 * ("a professional with tenders"), later quotes, invoices, payments, signatures. Deleting a user
 * asks every retention inside the deleting transaction; when one answers yes, the account is
 * anonymised instead, and each module's `anonymise` clears the personal data it copied.
 */
export interface Retention {
  /** Short name for logs and tests: `projects`, `tenders`, … */
  name: string;
  /** Does this module hold a business record that names the user? */
  retains: (tx: Executor, userId: number) => Promise<boolean>;
  /** Clear the person's data this module copied onto its own records (names, e-mail, phone). */
  anonymise?: (tx: Executor, userId: number) => Promise<void>;
}

const registries = new WeakMap<AppDeps, Retention[]>();

/** Called once per app by each module that holds business records naming users. */
export function registerRetention(deps: AppDeps, retention: Retention): void {
  const list = registries.get(deps) ?? [];
  if (list.some((r) => r.name === retention.name)) throw new Error(`Rétention déjà enregistrée : ${retention.name}`);
  list.push(retention);
  registries.set(deps, list);
}

export function retentionsOf(deps: AppDeps): readonly Retention[] {
  return registries.get(deps) ?? [];
}

/** The names of the retentions that keep the user (empty: the account may be deleted). */
export async function retainedBy(deps: AppDeps, tx: Executor, userId: number): Promise<string[]> {
  const names: string[] = [];
  for (const r of retentionsOf(deps)) if (await r.retains(tx, userId)) names.push(r.name);
  return names;
}
