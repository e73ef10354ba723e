import type { QuotePaymentSchedule } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import {
  compareCalendarDates,
  contractOf,
  markStageRefusal,
  milestoneDueDate,
  milestoneInvoiceRequest,
  scheduleAmounts,
  todayInParis,
  type Caller,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden, notFound, refuse, refused } from '../../lib/errors';
import { priorInvoices } from '../invoices';
import { notify } from '../notifications';
import { quoteInvoicingFacts, quoteScheduleFacts, type QuoteInvoicingFacts } from '../quotes';
import { inputOf, milestoneLabel, triggerOf } from './milestones';
import * as repo from './repository';
import { scheduleView } from './schedule-view';

/**
 * A milestone reached (decision 1221), inside the caller's transaction with the quote locked: the
 * invoice it asks is worked out by the domain (a deposit of its amount, the last one the balance,
 * never more than is left) and recorded on the milestone for the architect to issue; the client is
 * told. Only an upcoming milestone moves: a second reach changes nothing and answers false.
 */
async function prepareMilestone(
  deps: AppDeps,
  tx: Executor,
  facts: QuoteInvoicingFacts,
  milestones: repo.PaymentMilestoneRow[],
  position: number,
): Promise<boolean> {
  const contract = contractOf(facts.lots, facts.retentionBp);
  const prior = await priorInvoices(tx, facts.id);
  const amounts = scheduleAmounts(contract.totals.totalTtcCents, milestones.map(inputOf));
  const last = position === milestones.length - 1;
  const request = milestoneInvoiceRequest(contract, prior, { amountCents: amounts[position], last });
  // The balance prepared while other milestones wait to be issued: what they will take is not the balance's.
  const waiting = milestones.filter((m, i) => i !== position && m.state === 'prepared').reduce((s, m) => s + (m.preparedAmountCents ?? 0), 0);
  const amountCents = request ? Math.max(0, request.amountCents - (last ? waiting : 0)) : 0;
  const milestone = milestones[position];
  const prepared = await repo.markPrepared(tx, milestone.id, { kind: last ? 'solde' : 'acompte', amountCents, at: deps.clock.now() });
  if (!prepared) return false;
  await notify(tx, deps, {
    userId: facts.clientId,
    kind: 'payment_milestone_reached',
    params: { milestone: milestoneLabel(triggerOf(milestone)), quote: facts.label, amount: amountCents },
    link: `/devis/${facts.id}`,
  });
  return true;
}

/** The quote's facts, locked, for a milestone to be reached on it: a contract (validated), not withdrawn. */
async function lockedContract(deps: AppDeps, tx: Executor, quoteId: number): Promise<QuoteInvoicingFacts> {
  const facts = await quoteInvoicingFacts(deps, tx, quoteId, { lock: true });
  if (!facts) throw notFound('Ce devis est introuvable.');
  if (facts.status !== 'Validé') {
    throw refuse('PAYMENT_SCHEDULE_QUOTE_NOT_VALIDATED', `Le devis doit être validé en contrat avant d’en facturer les échéances (statut : ${facts.status}).`, {
      status: facts.status,
    });
  }
  return facts;
}

/** The architect marks a stage reached (« Marquer l’étape atteinte »): its invoice is prepared, the client told. */
export async function markStageReached(deps: AppDeps, caller: Caller, quoteId: number, position: number): Promise<QuotePaymentSchedule> {
  const answer = await deps.db.transaction(async (tx) => {
    const facts = await lockedContract(deps, tx, quoteId);
    if (caller.user_type !== 'admin' && caller.id !== facts.issuerId) throw forbidden('Seul l’émetteur du devis marque ses étapes.');
    const found = await repo.findSchedule(tx, quoteId);
    const milestone = found?.milestones[position];
    if (!found || !milestone) throw notFound('Cette échéance est introuvable.');
    if (milestone.triggerKind !== 'stage' && milestone.triggerKind !== 'label') {
      throw refuse('PAYMENT_SCHEDULE_NOT_A_STAGE', 'Cette échéance n’attend pas une étape : elle vient à sa date.');
    }
    if (milestone.state !== 'upcoming') throw refuse('PAYMENT_SCHEDULE_ALREADY_REACHED', 'Cette étape est déjà marquée atteinte.');
    const q = await quoteScheduleFacts(deps, tx, quoteId, { lock: false });
    const refusal = markStageRefusal({ signedOn: q?.signedOn ?? null, consumerWithdrawal: q?.consumerWithdrawal ?? true }, todayInParis(deps.clock));
    if (refusal) throw refused(refusal);
    if (!(await prepareMilestone(deps, tx, facts, found.milestones, position))) {
      throw refuse('PAYMENT_SCHEDULE_ALREADY_REACHED', 'Cette étape est déjà marquée atteinte.');
    }
    return scheduleView(deps, tx, quoteId, caller);
  });
  void deps.mailer.dispatch();
  return answer;
}

/**
 * The recurring job: every deposit and dated milestone whose day has come (the deposit the day
 * after a consumer's withdrawal period, decision 1221) on a validated quote is reached. A quote
 * not yet validated waits for a later run; running twice, or beside the architect, prepares once.
 */
export async function prepareDueMilestones(deps: AppDeps, log: { error: (o: object, m: string) => void }): Promise<number> {
  let prepared = 0;
  const today = todayInParis(deps.clock);
  for (const quoteId of await repo.quotesWithTimedMilestones(deps.db)) {
    try {
      prepared += await deps.db.transaction(async (tx) => {
        const facts = await quoteInvoicingFacts(deps, tx, quoteId, { lock: true });
        const q = await quoteScheduleFacts(deps, tx, quoteId, { lock: false });
        if (!facts || !q || facts.status !== 'Validé' || !q.signedOn) return 0;
        const found = await repo.findSchedule(tx, quoteId);
        if (!found) return 0;
        let count = 0;
        for (const [position, m] of found.milestones.entries()) {
          if (m.state !== 'upcoming') continue;
          const due = milestoneDueDate(triggerOf(m), { signedOn: q.signedOn, consumerWithdrawal: q.consumerWithdrawal });
          if (!due || compareCalendarDates(due, today) > 0) continue;
          // Read again: an earlier milestone prepared in this run counts for the balance.
          const current = (await repo.findSchedule(tx, quoteId))!.milestones;
          if (await prepareMilestone(deps, tx, facts, current, position)) count += 1;
        }
        return count;
      });
    } catch (error) {
      log.error({ err: error, quoteId }, 'Échéancier : échéance non préparée');
    }
  }
  if (prepared) void deps.mailer.dispatch();
  return prepared;
}
