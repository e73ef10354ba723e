import type { Executor } from '@ouvrage/db';
import type { AppDeps } from '../../lib/deps';

/**
 * Who, besides the client, takes part in a project and so owns it for access control (decision
 * 0440): e.g. tenders register the professionals whose tender on the project was accepted. The
 * projects module does not read those modules' tables; they answer for their own records. Called
 * with the executor of the check (`deps.db`, or the transaction of a service that checks inside it).
 */
export type ProjectParticipants = (executor: Executor, projectId: number) => Promise<number[]>;

const registries = new WeakMap<AppDeps, ProjectParticipants[]>();

/** Called once per app by each module whose records make users take part in a project. */
export function registerProjectParticipants(deps: AppDeps, participants: ProjectParticipants): void {
  const list = registries.get(deps) ?? [];
  if (list.includes(participants)) throw new Error('Participants de projet déjà enregistrés.');
  list.push(participants);
  registries.set(deps, list);
}

/** Every registered module's participants of the project, in registration order. */
export async function participantsOf(deps: AppDeps, executor: Executor, projectId: number): Promise<number[]> {
  const ids: number[] = [];
  // One after the other: the executor may be a transaction (one connection).
  for (const participants of registries.get(deps) ?? []) ids.push(...(await participants(executor, projectId)));
  return ids;
}
