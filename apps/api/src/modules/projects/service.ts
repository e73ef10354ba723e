import type { FastifyRequest } from 'fastify';
import type { ProjectRow } from '@ouvrage/db';
import type { ProjectRequestBody } from '@ouvrage/contracts';
import { decideOwnership } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors';
import { createFileStorage } from '../../lib/storage';
import { readUploads } from '../../lib/uploads';
import * as repo from './repository';
import type { Caller } from './project-links';
import { getProject } from './project-views';

// The module's use cases, one file each (docs/decisions/0450); routes read them from here.
export * from './change-project-state';
export * from './delete-project';
export * from './edit-project';
export * from './project-views';
export * from './submit-project';
export { searchTerms } from './project-request';

/** Routes that name the project in their body check ownership here, as access control does for `{id}`. */
export async function assertCanUseProject(deps: AppDeps, caller: Caller, projectId: number): Promise<ProjectRow> {
  const owners = await repo.ownersOfProject(deps.db, projectId);
  if (owners === null) throw caller.user_type === 'admin' ? notFound('Projet introuvable.') : forbidden();
  if (decideOwnership(caller, owners) === 'forbidden') throw forbidden();
  const row = await repo.findProject(deps.db, projectId);
  if (!row) throw notFound('Projet introuvable.');
  return row;
}

export const PROJECT_FILE_KINDS = ['pdf', 'jpeg', 'png'] as const;

export async function uploadFiles(deps: AppDeps, caller: Caller, request: FastifyRequest) {
  const { files, fields } = await readUploads(request, { allowed: PROJECT_FILE_KINDS, maxBytes: deps.config.uploadMaxBytes, maxFiles: 10 });
  const projectId = Number(fields.project_id);
  if (!Number.isInteger(projectId) || projectId <= 0) throw invalid({ project_id: 'Projet invalide.' });
  if (files.length === 0) throw invalid({ file: 'Choisissez au moins un fichier (PDF, JPEG ou PNG).' }, 'Aucun fichier reçu.');
  const project = await assertCanUseProject(deps, caller, projectId);
  if (project.state === 'Annulé') throw conflict('Ce projet est annulé : il ne reçoit plus de documents.');
  const storage = createFileStorage(deps.config.dataDir);
  const keys: string[] = [];
  try {
    for (const f of files) keys.push(await storage.save(f.bytes, f.extension));
    await deps.db.transaction(async (tx) => {
      for (const [i, f] of files.entries()) {
        await repo.insertFile(tx, { projectId, uploadedBy: caller.id, originalName: f.filename, storageKey: keys[i], mimeType: f.mime, sizeBytes: f.size });
      }
      await repo.insertActivity(tx, {
        projectId,
        actorId: caller.id,
        action: 'file',
        message: files.map((f) => f.filename).join(', '),
      });
    });
  } catch (error) {
    await Promise.all(keys.map((k) => storage.remove(k).catch(() => undefined)));
    throw error;
  }
  return (await getProject(deps, caller, projectId)).files;
}

export async function readFile(deps: AppDeps, fileId: number) {
  const file = await repo.findFile(deps.db, fileId);
  if (!file) throw notFound('Document introuvable.');
  try {
    const bytes = await createFileStorage(deps.config.dataDir).read(file.storageKey);
    return { file, bytes };
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') throw notFound("Le contenu de ce document n'est plus disponible.");
    throw error;
  }
}

export function ownershipResolver() {
  return repo.ownersOfProject;
}

export async function ownersOfFile(db: AppDeps['db'], fileId: number): Promise<number[] | null> {
  const projectId = await repo.projectOfFile(db, fileId);
  return projectId === null ? null : repo.ownersOfProject(db, projectId);
}

export type { ProjectRequestBody };
