import type { Executor } from '@ouvrage/db';
import type { AppDeps } from '../../lib/deps';

/**
 * The company a client account speaks for (issue 15: the admin's clients list shows it). A client
 * account has no company of its own: the name is the one given with their projects as an
 * entreprise, which the projects module answers for (decision 0450: no module reads another's
 * tables).
 */
export type ClientCompanies = (executor: Executor, clientIds: number[]) => Promise<Map<number, string>>;

const registries = new WeakMap<AppDeps, ClientCompanies>();

export function registerClientCompanies(deps: AppDeps, companies: ClientCompanies): void {
  if (registries.has(deps)) throw new Error('Sociétés des clients déjà enregistrées.');
  registries.set(deps, companies);
}

export async function clientCompanies(deps: AppDeps, executor: Executor, clientIds: number[]): Promise<Map<number, string>> {
  const companies = registries.get(deps);
  return companies && clientIds.length ? companies(executor, clientIds) : new Map();
}
