import type { Executor } from '@ouvrage/db';
import type { Refusal } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';

/**
 * What stops a client from cancelling their own project, answered by the modules that own those
 * records (a signed quote is the quotes module's): the projects module does not read their tables
 * (decision 0450), as for the participants. A guard answers a refusal, or null.
 */
export type CancellationGuard = (executor: Executor, projectId: number) => Promise<Refusal | null>;

const registries = new WeakMap<AppDeps, CancellationGuard[]>();

/** Called once per app by each module whose records forbid the client's cancellation. */
export function registerCancellationGuard(deps: AppDeps, guard: CancellationGuard): void {
  const list = registries.get(deps) ?? [];
  if (list.includes(guard)) throw new Error("Garde d'annulation déjà enregistrée.");
  list.push(guard);
  registries.set(deps, list);
}

/** The first registered refusal, or null when the client may cancel. */
export async function cancellationRefusal(deps: AppDeps, executor: Executor, projectId: number): Promise<Refusal | null> {
  // One after the other: the executor may be a transaction (one connection).
  for (const guard of registries.get(deps) ?? []) {
    const refused = await guard(executor, projectId);
    if (refused) return refused;
  }
  return null;
}
