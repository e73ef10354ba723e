import type { ConversationView, OpenConversationBody } from '@ouvrage/contracts';
import { conversationPair, openingRefusal, type Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notFound, refused } from '../../lib/errors';
import { projectsByIds } from '../projects';
import { acceptedProfessionalsOfProject } from '../tenders';
import { findUsers } from '../users';
import { conversationContext, conversationView } from './conversation-views';
import * as repo from './repository';

/**
 * Open the conversation of a project with another person, or return the one that exists (decision
 * 1230). A new one pairs the project's client with a professional whose tender on it was accepted,
 * or the admin with either; an existing one is returned to its members whatever became of the
 * tender since (they keep reading it). Two openings at once make one (the pair's unique key).
 */
export async function openConversation(deps: AppDeps, caller: Caller, projectId: number, body: OpenConversationBody): Promise<ConversationView> {
  const id = await deps.db.transaction(async (tx) => {
    const { low, high } = conversationPair(caller.id, body.with_user_id);
    const existing = low === high ? undefined : await repo.findConversationOfPair(tx, projectId, low, high);
    if (existing) return existing.id;
    const [project] = await projectsByIds(tx, [projectId]);
    if (!project) throw notFound('Ce projet est introuvable.');
    const [other] = await findUsers(tx, [body.with_user_id]);
    const refusal = openingRefusal(
      { id: caller.id, user_type: caller.user_type },
      other && !other.anonymizedAt ? { id: other.id, user_type: other.userType } : null,
      { clientId: project.project.clientId, acceptedProfessionalIds: await acceptedProfessionalsOfProject(tx, projectId) },
    );
    if (refusal) throw refused(refusal);
    const { row } = await repo.insertConversation(tx, { projectId, low, high, createdBy: caller.id, at: deps.clock.now() });
    return row.id;
  });
  return conversationView(deps.db, caller, await conversationContext(deps.db, caller, id));
}
