import type { AppDeps } from '../../lib/deps';
import { invalid, notFound, refuse } from '../../lib/errors';
import { readStoredFile } from '../../lib/stored-files';
import type { StoredUpload } from '../../lib/uploads';
import type { AuthenticatedCaller } from '../../plugins/access-control';
import * as repo from './repository';
import { getProject, openProject } from './service';

/** Documents joined to a project: PDF plans, photos and scans, checked from their bytes. */
export const PROJECT_FILE_KINDS = ['pdf', 'jpeg', 'png'] as const;
export const MAX_FILES_PER_UPLOAD = 10;

/**
 * May documents be joined to this project now? Ownership of `project_id` (in the query) was checked
 * by access control before the body is read (decision 0440); this checks the project's state, before
 * any file byte is read and again when the rows are written.
 */
export async function assertCanAttachFiles(deps: AppDeps, projectId: number) {
  const project = await openProject(deps, projectId);
  if (project.state === 'Annulé') throw refuse('PROJECT_CANCELLED', 'Ce projet est annulé : il ne reçoit plus de documents.');
  return project;
}

/**
 * Record documents already written to storage by the route. On any refusal or failure the
 * stored files are removed, so nothing is left on disk without its row.
 */
export async function attachFiles(deps: AppDeps, caller: AuthenticatedCaller, input: { projectId: number; files: StoredUpload[] }) {
  const { files, projectId } = input;
  try {
    if (files.length === 0) throw invalid({ file: 'Choisissez au moins un fichier (PDF, JPEG ou PNG).' }, 'Aucun fichier reçu.');
    await assertCanAttachFiles(deps, projectId);
    await deps.db.transaction(async (tx) => {
      for (const f of files) {
        await repo.insertFile(tx, { projectId, uploadedBy: caller.id, originalName: f.filename, storageKey: f.key, mimeType: f.mime, sizeBytes: f.size });
      }
      await repo.insertActivity(tx, { projectId, actorId: caller.id, action: 'file', message: files.map((f) => f.filename).join(', ') });
    });
  } catch (error) {
    await Promise.all(files.map((f) => deps.storage.remove(f.key).catch(() => undefined)));
    throw error;
  }
  return (await getProject(deps, caller, projectId)).files;
}

/** A project document's row and bytes (download or inline preview). */
export async function readFile(deps: AppDeps, fileId: number) {
  const file = await repo.findFile(deps.db, fileId);
  if (!file) throw notFound('Document introuvable.');
  const bytes = await readStoredFile(deps.storage, file.storageKey, "Le contenu de ce document n'est plus disponible.");
  return { file, bytes };
}
