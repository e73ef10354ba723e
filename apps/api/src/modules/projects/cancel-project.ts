/** The client cancels their own project, with a reason, while no quote is signed (issue 15). */
import type { CancelProjectBody } from '@ouvrage/contracts';
import type { AppDeps } from '../../lib/deps';
import { notFound, refused } from '../../lib/errors';
import { cancellationRefusal } from './cancellation-guards';
import { changeState } from './change-project-state';
import type { Caller } from './project-links';
import { reload } from './project-views';
import * as repo from './repository';

/**
 * `POST api/project/annuler/{id}`: ownership is checked by the permission row (the client who owns
 * the project, or an admin). The project row is locked, the guards (a signed quote…) are asked in
 * the same transaction, then the state change writes the history (the reason as its comment) and
 * queues the client's mail like any other (`changeState`, which also refuses a closed project).
 */
export async function cancelProject(deps: AppDeps, caller: Caller, projectId: number, body: CancelProjectBody) {
  await deps.db.transaction(async (tx) => {
    const project = await repo.lockProject(tx, projectId);
    if (!project) throw notFound('Projet introuvable.');
    const refusal = await cancellationRefusal(deps, tx, projectId);
    if (refusal) throw refused(refusal);
    await changeState(deps, tx, caller, { project_id: projectId, state: 'Annulé', comment: body.reason });
  });
  void deps.mailer.dispatch();
  return reload(deps, projectId, caller);
}
