/** State and stage changes, with history and the client's mail; `changeState` runs in the caller's transaction. */
import type { Executor, ProjectRow } from '@ouvrage/db';
import {
  canChangeStage,
  canChangeState,
  stageTransitionRefusal,
  stateTransitionRefusal,
  type Language,
  type ProjectStage,
  type ProjectState,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notFound, refused } from '../../lib/errors';
import { notify } from '../notifications';
import { moveToStage } from './advance-stage';
import { stateChangedMail } from './mails';
import * as repo from './repository';
import { type Caller, projectUrl } from './project-links';
import { reload } from './project-views';

/**
 * Move a project to `state` inside the caller's transaction: lock the row, check the transition,
 * write the history and queue the client's mail. A use case spanning modules (a tender accepted,
 * tenders sent) calls it with its own transaction, so the project moves with it or not at all.
 * The caller dispatches the mails after its commit.
 *
 * `comment`: a person's words, kept in the history and quoted in the mail. `mailNote`: what the
 * platform itself explains, in the mail only (in its reader's language): the history shows the reader an interface
 * text in their language, never a sentence the server wrote in French (decision 0984).
 */
export async function changeState(
  deps: AppDeps,
  tx: Executor,
  actor: Pick<Caller, 'id'>,
  body: { project_id: number; state: ProjectState; comment?: string; mailNote?: (language: Language) => string },
): Promise<ProjectRow> {
  const current = await repo.lockProject(tx, body.project_id);
  if (!current) throw notFound('Projet introuvable.');
  const from = current.state as ProjectState;
  if (!canChangeState(from, body.state)) throw refused(stateTransitionRefusal(from, body.state));
  const updated = await repo.updateProject(tx, body.project_id, { state: body.state });
  await repo.insertActivity(tx, {
    projectId: body.project_id,
    actorId: actor.id,
    action: 'state',
    fromValue: from,
    toValue: body.state,
    message: body.comment ?? '',
  });
  await notify(tx, deps, {
    userId: updated.clientId,
    to: updated.email,
    kind: 'project_state_changed',
    params: { project: updated.city, state: body.state },
    link: `/single-projet/${updated.id}`,
    localizedMail: (language) => stateChangedMail(language, updated, projectUrl(deps, updated.id), body.comment ?? body.mailNote?.(language)),
  });
  return updated;
}

/** `api/project/change-state` (admin). */
export async function changeProjectState(deps: AppDeps, caller: Caller, body: { project_id: number; state: ProjectState; comment?: string }) {
  await deps.db.transaction((tx) => changeState(deps, tx, caller, body));
  void deps.mailer.dispatch();
  return reload(deps, body.project_id, caller);
}

export async function changeStage(deps: AppDeps, caller: Caller, body: { project_id: number; stage: ProjectStage; comment?: string }) {
  await deps.db.transaction(async (tx) => {
    const current = await repo.lockProject(tx, body.project_id);
    if (!current) throw notFound('Projet introuvable.');
    const from = current.stage as ProjectStage;
    const state = current.state as ProjectState;
    if (!canChangeStage(from, body.stage, state)) throw refused(stageTransitionRefusal(from, body.stage, state));
    await moveToStage(deps, tx, caller, current.id, from, body.stage, body.comment);
  });
  void deps.mailer.dispatch();
  return reload(deps, body.project_id, caller);
}
