import type { Executor } from '@ouvrage/db';
import { canChangeStage, PROJECT_STAGES, type ProjectStage, type ProjectState } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { notify } from '../notifications';
import { stageChangedMail } from './mails';
import { projectUrl } from './project-links';
import * as repo from './repository';

/**
 * Move a project forward to `stage` inside the caller's transaction (a réception's PV signed,
 * decision 0720): lock the row, write the history and queue the client's mail. A project already
 * at that stage or beyond, or closed, is left as it is: the answer says whether it moved, so a
 * repeated call changes nothing.
 */
export async function advanceStage(deps: AppDeps, tx: Executor, actor: { id: number }, body: { project_id: number; stage: ProjectStage; comment?: string }): Promise<boolean> {
  const current = await repo.lockProject(tx, body.project_id);
  if (!current) throw notFound('Projet introuvable.');
  const from = current.stage as ProjectStage;
  if (PROJECT_STAGES.indexOf(from) >= PROJECT_STAGES.indexOf(body.stage)) return false;
  if (!canChangeStage(from, body.stage, current.state as ProjectState)) return false;
  const updated = await repo.updateProject(tx, body.project_id, { stage: body.stage });
  await repo.insertActivity(tx, { projectId: body.project_id, actorId: actor.id, action: 'stage', fromValue: from, toValue: body.stage, message: body.comment ?? '' });
  await notify(tx, deps, {
    userId: updated.clientId,
    to: updated.email,
    kind: 'project_stage_changed',
    params: { project: updated.city, stage: body.stage },
    link: `/single-projet/${updated.id}`,
    frenchMail: stageChangedMail(updated, projectUrl(deps, updated.id), body.comment),
  });
  return true;
}
