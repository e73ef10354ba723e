import type { Executor } from '@ouvrage/db';
import type { AppDeps } from '../../lib/deps';

/**
 * How many projects name each category or good, by id (0 for none): the admin's catalogue lists
 * show it, and deleting what a project names is refused (decision 0107). Projects are the projects
 * module's table, and that module builds on this one (it reads the catalogue's names), so this
 * module cannot import it back: the projects module registers the count when the modules are
 * registered (decision 1190), like the product uses (decision 0500).
 */
export type ProjectCounts = (executor: Executor, column: 'category' | 'bien', ids: number[]) => Promise<Map<number, number>>;

const registries = new WeakMap<AppDeps, ProjectCounts>();

export function registerProjectCounts(deps: AppDeps, counts: ProjectCounts): void {
  if (registries.has(deps)) throw new Error('Comptage des projets du catalogue déjà enregistré.');
  registries.set(deps, counts);
}

export function projectCounts(deps: AppDeps, executor: Executor, column: 'category' | 'bien', ids: number[]): Promise<Map<number, number>> {
  const counts = registries.get(deps);
  if (!counts) throw new Error('Comptage des projets du catalogue non enregistré : le module des projets l’enregistre avec ses routes.');
  return counts(executor, column, ids);
}
