import type { Executor, ProjectRow } from '@ouvrage/db';
import type { ProjectRequestBody } from '@ouvrage/contracts';
import type { AppDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import type { Retention } from '../users';
import { participantsOf } from './participants';
import { searchTextOf } from './project-request';
import * as repo from './repository';

// The module's use cases, one file each (docs/decisions/0450); routes read them from here.
export * from './change-project-state';
export * from './delete-project';
export * from './edit-project';
export * from './project-views';
export * from './submit-project';
export { searchTerms } from './project-request';
// The file functions live in project-files.ts; re-exported for the modules that read project files.
export { readFile } from './project-files';

/** Ownership of `project_id` was checked by access control (decision 0440); this reads the project. */
export async function openProject(deps: AppDeps, projectId: number): Promise<ProjectRow> {
  const row = await repo.findProject(deps.db, projectId);
  if (!row) throw notFound('Projet introuvable.');
  return row;
}

/**
 * A client's projects keep their account (decision 0441): it is anonymised, and the contact
 * copied onto each project (name, e-mail, phone) is cleared with it. The works address, the
 * request and the history stay: they are the project, not the person.
 */
export const projectRetention: Retention = {
  name: 'projects',
  retains: repo.clientHasProjects,
  anonymise: async (tx, clientId) => {
    for (const p of await repo.lockProjectsOfClient(tx, clientId)) {
      const contact = { civility: '', lastname: 'supprimé', firstname: 'Compte', email: `anonyme-${clientId}@supprime.invalid`, phone: '', country: '' };
      await repo.updateProject(tx, p.id, { ...contact, searchText: searchTextOf({ ...p, ...contact }) });
    }
  },
};

/**
 * Owners of a project (decision 0440): its client, and the participants other modules registered
 * (tenders: professionals whose tender on it was accepted). Null when the project does not exist.
 * `db` is the executor of the check: `deps.db`, or the transaction of a service checking inside it.
 */
export function ownershipResolver(deps: AppDeps) {
  return async (db: Executor, projectId: number): Promise<number[] | null> => {
    const clientId = await repo.clientOfProject(db, projectId);
    if (clientId === null) return null;
    return [clientId, ...(await participantsOf(deps, db, projectId))];
  };
}

/** Owners of a project file: the owners of its project. */
export function fileOwnershipResolver(deps: AppDeps) {
  const ownersOfProject = ownershipResolver(deps);
  return async (db: Executor, fileId: number): Promise<number[] | null> => {
    const projectId = await repo.projectOfFile(db, fileId);
    return projectId === null ? null : ownersOfProject(db, projectId);
  };
}

export type { ProjectRequestBody };
