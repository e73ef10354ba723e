import type { QuoteDetail } from '@ouvrage/contracts';
import { quoteWithdrawalRefusal, todayInParis, type Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden, notFound, refused } from '../../lib/errors';
import { notify } from '../notifications';
import { projectsByIds } from '../projects';
import { findUsers } from '../users';
import { quoteDetail } from './quote-views';
import * as repo from './repository';
import { withdrawalFacts } from './withdrawal-view';

/**
 * The consumer withdraws from the quote they signed (C. conso. L221-18, decision 1053), in one
 * transaction: the quote locked, the rule checked inside the lock, the status « Rétracté » (the
 * signature and its proof kept), an event in its history, and the issuer told — notification and
 * mail, whatever their choices (a legal kind). Nothing can be invoiced on it afterwards.
 */
export async function withdrawQuote(deps: AppDeps, caller: Caller, id: number): Promise<QuoteDetail> {
  const detail = await deps.db.transaction(async (tx) => {
    const q = await repo.lockQuote(tx, id);
    if (!q) throw notFound('Ce devis est introuvable.');
    if (caller.id !== q.clientId) throw forbidden('Seul le client du devis peut se rétracter.');
    const [project] = await projectsByIds(tx, [q.projectId]);
    const refusal = quoteWithdrawalRefusal(withdrawalFacts(q, project?.project.typeClient), todayInParis(deps.clock));
    if (refusal) throw refused(refusal);
    const now = deps.clock.now();
    const withdrawn = await repo.updateQuote(tx, q.id, { status: 'Rétracté', withdrawnAt: now, updatedAt: now });
    await repo.insertEvent(tx, { quoteId: q.id, actorId: caller.id, action: 'withdrawn', at: now });
    const [client] = await findUsers(tx, [q.clientId]);
    await notify(tx, deps, {
      userId: q.issuerId,
      kind: 'quote_withdrawn',
      params: { number: q.number ?? '', name: client ? `${client.firstname} ${client.lastname}`.trim() : '' },
      link: `/devis/${q.id}`,
    });
    return quoteDetail(deps, tx, withdrawn, caller);
  });
  void deps.mailer.dispatch();
  return detail;
}
