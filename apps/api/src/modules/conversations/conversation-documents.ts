import type { ConversationDocuments } from '@ouvrage/contracts';
import type { Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { refused } from '../../lib/errors';
import { conversationContext } from './conversation-views';
import { documentsOf } from './references';

/**
 * `GET /api/conversations/{id}/documents`: what the composer's picker offers (decision 1230
 * « References ») — the project's quotes, invoices and avenants the caller may point to. Only one
 * who may write here picks: anyone else gets the reason, as on sending.
 */
export async function conversationDocuments(deps: AppDeps, caller: Caller, id: number): Promise<ConversationDocuments> {
  const context = await conversationContext(deps.db, caller, id);
  if (context.writeRefused) throw refused(context.writeRefused);
  return { items: await documentsOf(deps, deps.db, caller, context.row.projectId) };
}
