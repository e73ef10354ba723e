import type { CreditNoteBody, InvoiceDetail } from '@ouvrage/contracts';
import { calendarDateAt, creditNoteOrderRefusal, DEFAULT_PREFIXES, draftCreditNote, sumByRate, type Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden, notFound, refused } from '../../lib/errors';
import { queueCreditNoteSubmission } from '../e-invoicing';
import { assignNumber } from '../numbering';
import { queueOriginal } from '../originals';
import { quoteInvoicingFacts } from '../quotes';
import { tellCreditNote } from './credit-note-notice';
import { fromStored, invoiceDetail, toStored } from './invoice-views';
import { priorInvoices } from './issue-invoice';
import { refundsOf } from './refunds-repository';
import { invoicingClosedRefusal } from './invoicing-closures';
import * as repo from './repository';

/**
 * A credit note (avoir, decision 0702) cancelling all or part of an invoice, in one transaction:
 * the quote and the invoice locked, only the latest standing situation, the amount spread over its TVA rates by the domain, its own number in the
 * AV series, the invoice's credited amount moved — the invoice itself is never edited otherwise.
 */
export async function issueCreditNote(deps: AppDeps, caller: Caller, invoiceId: number, body: CreditNoteBody): Promise<InvoiceDetail> {
  const detail = await deps.db.transaction(async (tx) => {
    // The quote first, as issuing an invoice does: a situation issued meanwhile is seen (decision 1225).
    const known = await repo.findInvoice(tx, invoiceId);
    if (known) await quoteInvoicingFacts(deps, tx, known.quoteId, { lock: true });
    const invoice = await repo.lockInvoice(tx, invoiceId);
    if (!invoice) throw notFound('Cette facture est introuvable.');
    if (caller.user_type !== 'admin' && caller.id !== invoice.issuerId) throw forbidden('Seul l’émetteur de la facture peut émettre un avoir.');
    // A final account issued or accepted on the quote closes it (decision 1222).
    const closed = await invoicingClosedRefusal(tx, invoice.quoteId);
    if (closed) throw refused(closed);
    const order = creditNoteOrderRefusal(invoice, await priorInvoices(tx, invoice.quoteId));
    if (order) throw refused(order);
    const previous = await repo.creditNotesOf(tx, [invoice.id]);
    const result = draftCreditNote(
      { byRate: fromStored(invoice.byRate), credited: sumByRate(previous.map((c) => fromStored(c.byRate))) },
      body.amount_cents ?? null,
    );
    if (!result.ok) throw refused(result.refusal);
    const now = deps.clock.now();
    const { number } = await assignNumber(tx, { issuerId: invoice.issuerId, series: 'avoir', prefix: DEFAULT_PREFIXES.avoir, at: now });
    const note = await repo.insertCreditNote(tx, {
      number,
      invoiceId: invoice.id,
      issuerId: invoice.issuerId,
      clientId: invoice.clientId,
      reason: body.reason,
      issuedAt: now,
      issueDate: calendarDateAt(now),
      totalHtCents: result.totals.totalHtCents,
      totalTvaCents: result.totals.totalTvaCents,
      totalTtcCents: result.totals.totalTtcCents,
      byRate: toStored(result.byRate),
    });
    // Its PDF is stored once, as issued, right after the commit (decision 1020).
    await queueOriginal(tx, 'credit-note', note.id);
    // An avoir on an e-invoiced invoice goes through the same PA (decision 1212).
    await queueCreditNoteSubmission(tx, {
      creditNoteId: note.id,
      invoiceId: invoice.id,
      issuerId: invoice.issuerId,
      number,
      issueDate: String(note.issueDate),
      cancelsInvoice: invoice.creditedCents + result.totals.totalTtcCents >= invoice.totalTtcCents,
      at: now,
    });
    const updated = await repo.addCredited(tx, invoice.id, result.totals.totalTtcCents);
    // The client is told, with the avoir; the invoice's « à régler » notifications stop holding (decision 1061).
    await tellCreditNote(tx, deps, updated, note);
    return invoiceDetail(deps, updated, [...previous, note], caller, await refundsOf(tx, invoice.id));
  });
  void deps.jobs.kick();
  return detail;
}
