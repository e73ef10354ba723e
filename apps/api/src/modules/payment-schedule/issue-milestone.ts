import type { QuotePaymentSchedule } from '@ouvrage/contracts';
import type { Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notFound, refuse } from '../../lib/errors';
import { issueInvoice } from '../invoices';
import { announceSepaDebit } from '../payments';
import * as repo from './repository';
import { scheduleView } from './schedule-view';

/**
 * « Émettre la facture » (decision 1221): the invoice a reached milestone prepared is issued by the
 * invoices module — its amounts by the domain, its number, its PDF and the client's mail — and the
 * milestone marked invoiced in the same transaction: issued twice at once, one invoice, the other
 * refused (the milestone is no longer prepared, its transaction undone with its number). On a
 * contract with an active SEPA mandate the debit is announced in that transaction too (decision 1223).
 */
export async function issueMilestone(
  deps: AppDeps,
  caller: Caller,
  quoteId: number,
  position: number,
  siteLogEntryIds: number[] = [],
): Promise<QuotePaymentSchedule> {
  const milestone = (await repo.findSchedule(deps.db, quoteId))?.milestones[position];
  if (!milestone) throw notFound('Cette échéance est introuvable.');
  const notPrepared = () => refuse('PAYMENT_SCHEDULE_NOT_PREPARED', 'Aucune facture préparée n’attend pour cette échéance.');
  if (milestone.state !== 'prepared' || !milestone.preparedKind) throw notPrepared();
  // The balance takes what is left: issued before an earlier prepared deposit, it would take that one's share too.
  const milestones = (await repo.findSchedule(deps.db, quoteId))!.milestones;
  if (milestone.preparedKind === 'solde' && milestones.some((m) => m.id !== milestone.id && m.state === 'prepared')) {
    throw refuse('PAYMENT_SCHEDULE_EARLIER_FIRST', 'Émettez d’abord les factures préparées des échéances précédentes : le solde vient en dernier.');
  }
  // The journal entries justifying it (decision 1232) go with it, checked and frozen by the invoices module.
  const justified = { site_log_entry_ids: siteLogEntryIds };
  const body =
    milestone.preparedKind === 'solde'
      ? { quote_id: quoteId, kind: 'solde' as const, ...justified }
      : { quote_id: quoteId, kind: 'acompte' as const, amount_cents: milestone.preparedAmountCents ?? 0, ...justified };
  await issueInvoice(deps, caller, body, {
    inTransaction: async (tx, invoice) => {
      if (!(await repo.markInvoiced(tx, milestone.id, invoice.id, deps.clock.now()))) throw notPrepared();
      // A contract with an active SEPA mandate: the debit announced and scheduled with the invoice (decision 1223).
      await announceSepaDebit(deps, tx, invoice.id);
    },
  });
  return scheduleView(deps, deps.db, quoteId, caller);
}
