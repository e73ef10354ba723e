import type { MilestoneView, QuotePaymentSchedule } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import { contractOf, formatPercent, milestoneDueDate, scheduleAmounts, type Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { invoicePaymentFacts } from '../invoices';
import { quoteInvoicingFacts, quoteScheduleFacts, type PrintedSchedule } from '../quotes';
import { inputOf, milestoneLabel, triggerOf } from './milestones';
import * as repo from './repository';

/** The contract's TTC a schedule is measured on: the quote's counted lines (options taken once signed), as amended by signed avenants. */
async function contractTtc(deps: AppDeps, db: Executor, quoteId: number): Promise<number> {
  const facts = await quoteInvoicingFacts(deps, db, quoteId, { lock: false });
  return facts ? contractOf(facts.lots).totals.totalTtcCents : 0;
}

/**
 * The schedule as the quote page and the client's project page show it: each milestone's amount on
 * the contract as it stands, when it comes due, its state (à venir, facture préparée, facturé,
 * payé — the last two read from its invoice) and what the client paid on the schedule.
 */
export async function scheduleView(deps: AppDeps, db: Executor, quoteId: number, caller: Caller): Promise<QuotePaymentSchedule> {
  const q = await quoteScheduleFacts(deps, db, quoteId, { lock: false });
  if (!q) throw notFound('Ce devis est introuvable.');
  const found = await repo.findSchedule(db, quoteId);
  if (!found) return { schedule: null };
  const ttc = await contractTtc(deps, db, quoteId);
  const inputs = found.milestones.map(inputOf);
  const amounts = ttc > 0 ? scheduleAmounts(ttc, inputs) : inputs.map(() => 0);
  let paid = 0;
  const milestones: MilestoneView[] = [];
  for (const [i, m] of found.milestones.entries()) {
    const invoice = m.invoiceId ? await invoicePaymentFacts(db, m.invoiceId) : undefined;
    if (invoice) paid += invoice.paidCents;
    const settled = invoice && invoice.leftCents === 0 && !invoice.cancelled;
    const trigger = triggerOf(m);
    milestones.push({
      position: m.position,
      trigger,
      percent_bp: m.percentBp,
      amount_cents: m.amountCents,
      due_cents: amounts[i],
      due_on: q.signedOn
        ? milestoneDueDate(trigger, { signedOn: q.signedOn, consumerWithdrawal: q.consumerWithdrawal })
        : trigger.kind === 'date'
          ? trigger.date
          : null,
      state: m.state === 'upcoming' ? 'a_venir' : m.state === 'prepared' ? 'facture_preparee' : settled ? 'paye' : 'facture',
      reached_at: m.reachedAt ? m.reachedAt.toISOString() : null,
      prepared: m.preparedKind ? { kind: m.preparedKind, amount_cents: m.preparedAmountCents ?? 0 } : null,
      invoice: invoice
        ? { id: invoice.id, number: invoice.number, total_ttc_cents: invoice.totalTtcCents, paid_cents: invoice.paidCents, status: settled ? 'Payée' : 'Émise' }
        : null,
    });
  }
  return {
    schedule: {
      quote_id: quoteId,
      contract_kind: found.schedule.contractKind,
      contract_ttc_cents: ttc,
      milestones,
      paid_cents: paid,
      editable: q.status === 'Brouillon' && (caller.user_type === 'admin' || caller.id === q.issuerId),
    },
  };
}

const CCMI_NOTE = 'Contrat de construction de maison individuelle (art. L231-1 CCH) : appels de fonds aux stades et plafonds de l’article R231-7 du CCH.';

/** The schedule as the quote's PDF prints it (registered with the quotes module). */
export async function printedSchedule(deps: AppDeps, db: Executor, quoteId: number): Promise<PrintedSchedule | null> {
  const found = await repo.findSchedule(db, quoteId);
  const q = await quoteScheduleFacts(deps, db, quoteId, { lock: false });
  if (!found || !q) return null;
  const ttc = await contractTtc(deps, db, quoteId);
  const inputs = found.milestones.map(inputOf);
  const amounts = ttc > 0 ? scheduleAmounts(ttc, inputs) : inputs.map(() => 0);
  const notes: string[] = [];
  if (q.consumerWithdrawal && inputs.some((m) => m.trigger.kind === 'signature')) {
    notes.push('L’acompte est exigible le lendemain de la fin du délai de rétractation de 14 jours : rien n’est demandé avant.');
  }
  notes.push('Chaque échéance atteinte donne lieu à une facture d’acompte ; la dernière est la facture de solde.');
  return {
    contractNote: found.schedule.contractKind === 'travaux' ? null : CCMI_NOTE,
    milestones: inputs.map((m, i) => ({
      label: milestoneLabel(m.trigger),
      share: m.percentBp != null ? formatPercent(m.percentBp) : '',
      amountCents: amounts[i],
    })),
    notes,
  };
}
