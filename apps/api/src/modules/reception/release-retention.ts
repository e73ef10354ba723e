import type { ReceptionView } from '@ouvrage/contracts';
import { retentionReleaseRefusal, todayInParis, type Caller, type Language } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden, refused } from '../../lib/errors';
import { releaseQuoteRetention } from '../invoices';
import { quoteInvoicingFacts } from '../quotes';
import { notify } from '../notifications';
import { findUsers } from '../users';
import { receptionUrl, retentionReleasedMail } from './mails';
import { managesReception, receptionNotFound, receptionView, retentionFactsOf } from './reception-views';
import * as repo from './repository';

/**
 * `POST /api/reception/{id}/liberer-retenue` (decision 0721): the issuer (or an admin) releases
 * the retenue de garantie once it is due — PV signed, one year after the réception, no reservation
 * open. One transaction under the réception's lock: the réception records the release, the quote's
 * invoices get `retention_released_on` (the withheld amount becomes payable), the client is mailed.
 */
export async function releaseRetention(deps: AppDeps, caller: Caller, receptionId: number): Promise<ReceptionView> {
  await deps.db.transaction(async (tx) => {
    const reception = await repo.lockReception(tx, receptionId);
    if (!reception) throw receptionNotFound();
    if (!managesReception(caller, reception)) throw forbidden('Seul l’émetteur du devis libère la retenue de garantie.');
    const open = (await repo.reservationsOf(tx, reception.id)).filter((r) => r.liftedOn === null).length;
    const facts = await retentionFactsOf(tx, reception, open);
    const today = todayInParis(deps.clock);
    const r = retentionReleaseRefusal(facts, today);
    if (r) throw refused(r);
    await releaseQuoteRetention(tx, reception.quoteId, today);
    await repo.updateReception(tx, reception.id, { retentionReleasedOn: today, retentionReleasedAt: deps.clock.now(), retentionReleasedBy: caller.id });
    const quote = await quoteInvoicingFacts(deps, tx, reception.quoteId, { lock: false });
    const [client] = await findUsers(tx, [reception.clientId]);
    if (quote && client) {
      const mail = (language: Language) =>
        retentionReleasedMail(
          language,
          { quoteLabel: quote.label, quoteTitle: quote.title, receptionDate: reception.receptionDate, reservations: 0 },
          client.firstname,
          quote.issuer.name,
          facts.retentionCents,
          receptionUrl(deps, reception.quoteId),
        );
      await notify(tx, deps, {
        userId: client.id,
        kind: 'guarantee_release',
        params: { number: quote.label, amount: facts.retentionCents, date: today },
        link: `/devis/${reception.quoteId}/reception`,
        localizedMail: mail,
      });
    }
  });
  void deps.mailer.dispatch();
  const row = await repo.findReception(deps.db, receptionId);
  return receptionView(deps, deps.db, row!, caller);
}
