import type { Executor } from '@ouvrage/db';
import type { ProfileView } from '@ouvrage/contracts';
import type { AppDeps } from '../../lib/deps';

export type LatestClientRequest = NonNullable<ProfileView['latest_request']>;

/**
 * A client's details as given with their latest project request (issue 36 §6: a new request starts
 * from them). A client account keeps no client type of its own: the projects module answers for
 * its requests (decision 0450: no module reads another's tables), as for `client-companies.ts`.
 */
export type LatestClientRequests = (executor: Executor, clientId: number) => Promise<LatestClientRequest | null>;

const registries = new WeakMap<AppDeps, LatestClientRequests>();

export function registerLatestClientRequest(deps: AppDeps, latest: LatestClientRequests): void {
  if (registries.has(deps)) throw new Error('Dernière demande des clients déjà enregistrée.');
  registries.set(deps, latest);
}

export async function latestClientRequest(deps: AppDeps, executor: Executor, clientId: number): Promise<LatestClientRequest | null> {
  const latest = registries.get(deps);
  return latest ? latest(executor, clientId) : null;
}
