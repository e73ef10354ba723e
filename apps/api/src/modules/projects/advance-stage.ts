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
export async function advanceStage(
  deps: AppDeps,
  tx: Executor,
  actor: { id: number },
  body: { project_id: number; stage: ProjectStage; comment?: string },
): Promise<boolean> {
  const current = await repo.lockProject(tx, body.project_id);
  if (!current) throw notFound('Projet introuvable.');
  const from = current.stage as ProjectStage;
  if (PROJECT_STAGES.indexOf(from) >= PROJECT_STAGES.indexOf(body.stage)) return false;
  if (!canChangeStage(from, body.stage, current.state as ProjectState)) return false;
  await moveToStage(deps, tx, actor, current.id, from, body.stage, body.comment);
  return true;
}

/**
 * Write a project's new stage, with its history line and the client's notification and mail, in
 * the caller's transaction, once the caller has locked the row and checked the move.
 */
export async function moveToStage(
  deps: AppDeps,
  tx: Executor,
  actor: { id: number },
  projectId: number,
  from: ProjectStage,
  stage: ProjectStage,
  comment?: string,
): Promise<void> {
  const updated = await repo.updateProject(tx, projectId, { stage });
  await repo.insertActivity(tx, { projectId, actorId: actor.id, action: 'stage', fromValue: from, toValue: stage, message: comment ?? '' });
  await notify(tx, deps, {
    userId: updated.clientId,
    to: updated.email,
    kind: 'project_stage_changed',
    params: { project: updated.city, stage },
    link: `/single-projet/${updated.id}`,
    localizedMail: (language) => stageChangedMail(language, updated, projectUrl(deps, updated.id), comment),
  });
}
