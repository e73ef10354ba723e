import type { ContractLife, ProjectContracts } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import type { Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { contractAvenants } from '../avenants';
import { latestDgdOf } from '../dgd';
import { invoicePaymentFacts, priorInvoices, type InvoicePaymentFacts } from '../invoices';
import { scheduleView } from '../payment-schedule';
import { paymentsOfInvoice } from '../payments';
import { contractQuotesOfProject } from '../quotes';

/**
 * The life of a project's contracts in one read (issue 38 §5, decision 1224): each signed quote
 * with its avenants, the contract as amended, its schedule, its invoices and their payments, and
 * what the client is asked next. Every figure is read from the module that owns it, as computed
 * there; this module only puts them side by side.
 */
export async function projectContracts(deps: AppDeps, projectId: number, caller: Caller): Promise<ProjectContracts> {
  const quotes = (await contractQuotesOfProject(deps.db, projectId)).filter((q) => caller.user_type !== 'architecte' || q.issuerId === caller.id);
  const items: ContractLife[] = [];
  for (const quote of quotes) items.push(await contractLife(deps, deps.db, caller, quote));
  return { items };
}

async function contractLife(deps: AppDeps, db: Executor, caller: Caller, quote: { id: number; label: string; signedAt: Date | null }): Promise<ContractLife> {
  const [amended, { schedule }, prior, dgd] = await Promise.all([
    contractAvenants(deps, db, quote.id),
    scheduleView(deps, db, quote.id, caller),
    priorInvoices(db, quote.id),
    latestDgdOf(db, quote.id),
  ]);
  const invoices: InvoicePaymentFacts[] = [];
  for (const p of prior) {
    const facts = await invoicePaymentFacts(db, p.id);
    if (facts) invoices.push(facts);
  }
  const payments = (await Promise.all(invoices.map((i) => paymentsOfInvoice(db, i.id)))).flat().filter((p) => p.status !== 'annule');
  payments.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  const open = invoices.filter((i) => !i.cancelled && i.leftCents > 0).sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  const nextMilestone = schedule?.milestones.find((m) => m.state === 'a_venir' || m.state === 'facture_preparee');
  return {
    quote_id: quote.id,
    quote_label: quote.label,
    issuer_name: amended.issuerName,
    signed_at: quote.signedAt?.toISOString() ?? null,
    original_ttc_cents: amended.originalTtcCents,
    contract_ttc_cents: amended.contractTtcCents,
    avenants: amended.avenants.map((a) => ({
      id: a.id,
      number: a.number,
      title: a.title,
      status: a.status,
      change_ttc_cents: a.changeTtcCents,
      signed_at: a.signedAt?.toISOString() ?? null,
    })),
    schedule,
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.number,
      kind: i.kind,
      situation_index: i.situationIndex,
      due_date: i.dueDate,
      total_ttc_cents: i.totalTtcCents,
      paid_cents: i.paidCents,
      left_cents: i.leftCents,
      cancelled: i.cancelled,
    })),
    payments,
    invoiced_cents: invoices.filter((i) => !i.cancelled).reduce((sum, i) => sum + i.totalTtcCents, 0),
    paid_cents: invoices.reduce((sum, i) => sum + i.paidCents, 0),
    next_due: open[0]
      ? { kind: 'invoice', invoice_id: open[0].id, number: open[0].number, left_cents: open[0].leftCents, due_date: open[0].dueDate }
      : nextMilestone
        ? { kind: 'milestone', position: nextMilestone.position, due_cents: nextMilestone.due_cents, due_on: nextMilestone.due_on }
        : null,
    dgd: dgd ? { id: dgd.id, number: dgd.number, status: dgd.status, balance_cents: dgd.balanceCents, issued_at: dgd.issuedAt.toISOString() } : null,
  };
}
