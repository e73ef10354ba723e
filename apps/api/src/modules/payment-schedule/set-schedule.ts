import type { PaymentScheduleBody, QuotePaymentSchedule } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import { contractOf, paymentScheduleRefusal, todayInParis, type Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden, notFound, refuse, refused } from '../../lib/errors';
import { quoteInvoicingFacts, quoteScheduleFacts, type QuoteScheduleFacts } from '../quotes';
import { inputOf, inputsOfBody, rowsOf } from './milestones';
import * as repo from './repository';
import { scheduleView } from './schedule-view';

/** The quote locked, the caller its issuer (or an admin), the quote still a draft: the schedule is part of what is sent. */
async function draftQuote(deps: AppDeps, tx: Executor, caller: Caller, quoteId: number): Promise<QuoteScheduleFacts> {
  const q = await quoteScheduleFacts(deps, tx, quoteId, { lock: true });
  if (!q) throw notFound('Ce devis est introuvable.');
  if (caller.user_type !== 'admin' && caller.id !== q.issuerId) throw forbidden('Seul l’émetteur du devis fixe son échéancier.');
  if (q.status !== 'Brouillon') {
    throw refuse('PAYMENT_SCHEDULE_QUOTE_NOT_DRAFT', `L’échéancier se fixe sur un devis en brouillon (statut : ${q.status}).`, { status: q.status });
  }
  return q;
}

/**
 * Set the schedule of a draft quote (decision 1221), checked by the domain against the quote's
 * total as it stands (options not taken left out) and the legal limits; it replaces any earlier one.
 */
export async function setSchedule(deps: AppDeps, caller: Caller, quoteId: number, body: PaymentScheduleBody): Promise<QuotePaymentSchedule> {
  return deps.db.transaction(async (tx) => {
    const q = await draftQuote(deps, tx, caller, quoteId);
    const facts = await quoteInvoicingFacts(deps, tx, quoteId, { lock: false });
    const contractTtcCents = facts ? contractOf(facts.lots).totals.totalTtcCents : 0;
    const milestones = inputsOfBody(body.milestones);
    const contractKind = body.contract_kind ?? 'travaux';
    const refusal = paymentScheduleRefusal(
      { contractKind, milestones },
      { contractTtcCents, consumerWithdrawal: q.consumerWithdrawal, today: todayInParis(deps.clock) },
    );
    if (refusal) throw refused(refusal);
    await repo.replaceSchedule(tx, quoteId, contractKind, rowsOf(milestones), deps.clock.now());
    return scheduleView(deps, tx, quoteId, caller);
  });
}

/** Remove the schedule of a draft quote. */
export async function deleteSchedule(deps: AppDeps, caller: Caller, quoteId: number): Promise<QuotePaymentSchedule> {
  return deps.db.transaction(async (tx) => {
    await draftQuote(deps, tx, caller, quoteId);
    await repo.deleteSchedule(tx, quoteId);
    return { schedule: null };
  });
}

/**
 * The quotes module asks it when a draft is sent (registered at start-up): the schedule, as saved,
 * checked again against the total as edited since and today's date (a milestone's date may have come).
 */
export async function scheduleSendingCheck(deps: AppDeps, tx: Executor, quote: { id: number; contractTtcCents: number }) {
  const found = await repo.findSchedule(tx, quote.id);
  const q = await quoteScheduleFacts(deps, tx, quote.id, { lock: false });
  if (!found || !q) return null;
  return paymentScheduleRefusal(
    { contractKind: found.schedule.contractKind, milestones: found.milestones.map(inputOf) },
    { contractTtcCents: quote.contractTtcCents, consumerWithdrawal: q.consumerWithdrawal, today: todayInParis(deps.clock) },
  );
}
