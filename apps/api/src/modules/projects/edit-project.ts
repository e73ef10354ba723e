/** A project changed after submission: its fields, or a complementary detail. */
import type { UpdateProjectBody } from '@ouvrage/contracts';
import { canClientEditProject, isClosedState, type ProjectRequest, type ProjectState } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notFound, refuse } from '../../lib/errors';
import * as repo from './repository';
import type { Caller } from './project-links';
import { FIELD_LABELS, type RequestWithCoordinates, columnsOf, toRequest } from './project-request';
import { getProject, reload } from './project-views';
import { openProject } from './service';

/** `api/project/update/{id}`: the client while `En attente`, the admin while the project is open. */
export async function updateProject(deps: AppDeps, caller: Caller, id: number, body: UpdateProjectBody) {
  await deps.db.transaction(async (tx) => {
    const current = await repo.lockProject(tx, id);
    if (!current) throw notFound('Projet introuvable.');
    const state = current.state as ProjectState;
    if (caller.user_type === 'admin') {
      if (isClosedState(state)) throw refuse('PROJECT_CLOSED', `Un projet « ${state} » ne peut plus être modifié.`, { state });
    } else if (!canClientEditProject(state)) {
      throw refuse('PROJECT_LOCKED', `Votre projet est « ${state} » : il ne peut plus être modifié. Ajoutez plutôt une information complémentaire.`, { state });
    }
    const before = toRequest(current);
    const merged: RequestWithCoordinates = { ...before, latitude: current.latitude, longitude: current.longitude, ...body } as RequestWithCoordinates;
    // A new address without coordinates takes the commune's, not the old street's.
    if ((body.cityCode || body.street) && body.latitude === undefined) merged.latitude = merged.longitude = null;
    const columns = await columnsOf(deps, merged, tx);
    const after = { ...before, ...body } as ProjectRequest;
    const differs = (Object.keys(body) as Array<keyof ProjectRequest>).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    if (differs.length === 0) return;
    const changed = [...new Set(differs.map((k) => (k === 'cityCode' ? 'ville' : k)))].filter((k) => k in FIELD_LABELS);
    await repo.updateProject(tx, id, columns);
    await repo.insertActivity(tx, {
      projectId: id,
      actorId: caller.id,
      action: 'updated',
      // Field names (spec §3) so that each screen shows them in its own language.
      message: changed.join(','),
    });
  });
  return reload(deps, id, caller);
}

export async function addDetail(deps: AppDeps, caller: Caller, body: { project_id: number; question: string; answer: string }) {
  const project = await openProject(deps, body.project_id);
  if (project.state === 'Annulé') throw refuse('PROJECT_CANCELLED', 'Ce projet est annulé : il ne reçoit plus de compléments.');
  await deps.db.transaction(async (tx) => {
    await repo.insertDetail(tx, { projectId: body.project_id, authorId: caller.id, question: body.question, answer: body.answer });
    await repo.insertActivity(tx, { projectId: body.project_id, actorId: caller.id, action: 'detail', message: body.question });
    await repo.updateProject(tx, body.project_id, {});
  });
  return getProject(deps, caller, body.project_id);
}
