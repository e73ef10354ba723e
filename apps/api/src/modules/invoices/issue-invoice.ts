import type { InvoiceDetail, InvoiceDocument, IssueInvoiceBody } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import type { Language } from '@ouvrage/domain';
import {
  addDays,
  calendarDate,
  calendarDateAt,
  contractOf,
  servicePeriodOf,
  DEFAULT_PREFIXES,
  draftInvoice,
  invoiceTitle,
  searchNormalize,
  sirenOf,
  sumByRate,
  type Caller,
  type InvoiceRequest,
  type PriorInvoice,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden, notFound, refuse, refused } from '../../lib/errors';
import { recipientLanguage } from '../mail';
import { assignNumber } from '../numbering';
import { quoteInvoicingFacts, type QuoteInvoicingFacts } from '../quotes';
import { buyerRoutingAddress, queueInvoiceSubmission } from '../e-invoicing';
import { notify } from '../notifications';
import { queueOriginal } from '../originals';
import { citableEntries, recordInvoiceJustification } from '../site-log';
import { findUser } from '../users';
import { fromStored, invoiceDetail, toStored } from './invoice-views';
import { INVOICE_PDF_ATTACHMENT, invoiceIssuedMail } from './mails';
import { invoicingClosedRefusal } from './invoicing-closures';
import * as repo from './repository';
import { invoiceLatePenalty } from './late-payment-rates';

/** Previous invoices of a quote as the domain reads them, each with what its credit notes took back. */
export async function priorInvoices(db: Executor, quoteId: number): Promise<Array<PriorInvoice & { id: number }>> {
  const rows = await repo.invoicesOfQuote(db, quoteId);
  const credits = await repo.creditNotesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    kind: r.kind,
    issueDate: r.issueDate,
    byRate: fromStored(r.byRate),
    progressBp: r.progressBp ?? null,
    credited: sumByRate(credits.filter((c) => c.invoiceId === r.id).map((c) => fromStored(c.byRate))),
    retentionCents: r.retentionCents,
  }));
}

function requestOf(body: Required<Pick<IssueInvoiceBody, 'kind'>> & IssueInvoiceBody): InvoiceRequest {
  if (body.kind === 'acompte') return { kind: 'acompte', percentBp: body.percent_bp ?? null, amountCents: body.amount_cents ?? null };
  if (body.kind === 'situation') return { kind: 'situation', progressBp: body.progress_bp ?? [] };
  return { kind: 'solde' };
}

/** The last day billed by the quote's invoices so far (a new situation's period starts the day after). */
async function previousServiceEnd(db: Executor, quoteId: number) {
  const ends = (await repo.invoicesOfQuote(db, quoteId))
    .map((r) => (r.document as { service_period?: { to: string } | null }).service_period?.to)
    .filter((d): d is string => !!d);
  return ends.length ? calendarDate(ends.sort()[ends.length - 1]) : null;
}

const words = (text: string) =>
  searchNormalize(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** A business client's SIREN (project filed as « entreprise » with a SIRET), else null. */
const buyerSirenOf = (q: QuoteInvoicingFacts) => (q.project.typeClient === 'entreprise' && q.project.siret ? sirenOf(q.project.siret) : null);

/** The client as printed: a business client (project filed as « entreprise ») with its company name, SIREN and, e-invoiced, its routing address (BT-49). */
function clientOf(q: QuoteInvoicingFacts, routingAddress: string | null): InvoiceDocument['client'] {
  const business = q.project.typeClient === 'entreprise';
  return {
    id: q.clientId,
    name: q.client.name,
    email: q.client.email,
    phone: q.client.phone,
    address: q.client.address,
    is_business: business,
    company_name: business ? q.project.companyName : null,
    siren: buyerSirenOf(q),
    ...(routingAddress ? { routing_address: routingAddress } : {}),
  };
}

/**
 * Issue an invoice from a validated quote (decision 0700), in one transaction: the quote locked
 * (two invoices on one quote are checked in turn: no over-invoicing), the amounts by the domain,
 * the number taken last (F-YYYY-NNNN, gapless per issuer and Paris year), everything printed frozen.
 */
/** What another module records in the issuing transaction (a milestone of the payment schedule marked invoiced, decision 1221). */
export type InvoiceIssuedInTransaction = (tx: Executor, invoice: { id: number; number: string; totalTtcCents: number }) => Promise<void>;

export async function issueInvoice(
  deps: AppDeps,
  caller: Caller,
  body: IssueInvoiceBody,
  options: { inTransaction?: InvoiceIssuedInTransaction } = {},
): Promise<InvoiceDetail> {
  // E-invoicing (decision 1212): a business buyer is looked up in the PA's directory before the
  // transaction — a network call never holds the counter row; one not in it is refused, no number taken.
  const known = await quoteInvoicingFacts(deps, deps.db, body.quote_id, { lock: false });
  const routedSiren = known ? buyerSirenOf(known) : null;
  const routing = known && routedSiren ? await buyerRoutingAddress(deps, known.issuerId, routedSiren) : null;
  const detail = await deps.db.transaction(async (tx) => {
    const q = await quoteInvoicingFacts(deps, tx, body.quote_id, { lock: true });
    if (!q) throw notFound('Ce devis est introuvable.');
    if (caller.user_type !== 'admin' && caller.id !== q.issuerId) throw forbidden('Seul l’émetteur du devis peut le facturer.');
    if (q.status === 'Rétracté') throw refuse('INVOICE_QUOTE_WITHDRAWN', 'Le client s’est rétracté de ce devis : rien ne peut plus être facturé dessus.');
    if (q.status !== 'Validé') {
      throw refuse('INVOICE_QUOTE_NOT_VALIDATED', `Seul un devis validé en contrat peut être facturé (statut : ${q.status}).`, { status: q.status });
    }
    // A final account issued or accepted closes the quote's invoicing (decision 1222).
    const closed = await invoicingClosedRefusal(tx, q.id);
    if (closed) throw refused(closed);
    const prior = await priorInvoices(tx, q.id);
    const contract = contractOf(q.lots, q.retentionBp);
    const result = draftInvoice(contract, prior, requestOf({ ...body, kind: body.kind }));
    if (!result.ok) throw refused(result.refusal);
    const draft = result.draft;

    const now = deps.clock.now();
    const issueDate = calendarDateAt(now);
    const settings = await repo.findSettings(tx, q.issuerId);
    const period = servicePeriodOf({
      kind: draft.kind,
      from: body.service_from ? calendarDate(body.service_from) : null,
      to: body.service_to ? calendarDate(body.service_to) : null,
      issueDate,
      previousEnd: await previousServiceEnd(tx, q.id),
      contractDay: q.validatedAt ? calendarDateAt(q.validatedAt) : null,
    });
    if (!period.ok) throw refused(period.refusal);
    const printedClient = clientOf(q, buyerSirenOf(q) === routedSiren ? routing : null);
    const latePenalty = await invoiceLatePenalty(tx, { agreedBp: q.latePenaltyBp, business: printedClient.is_business, issueDate });
    // Its justification (decision 1232): entries of the project's journal, printed and frozen with it.
    const justifications = await citableEntries(tx, q.projectId, body.site_log_entry_ids ?? []);
    const situationIndex = draft.kind === 'situation' ? prior.filter((p) => p.kind === 'situation').length + 1 : null;
    const document: InvoiceDocument = {
      issuer: q.issuer,
      bank: settings?.iban ? { iban: settings.iban, bic: settings.bic } : null,
      tva_on_debits: settings?.tvaOnDebits ?? false,
      client: printedClient,
      site_address: q.siteAddress,
      quote: {
        id: q.id,
        label: q.label,
        title: q.title,
        validated_at: q.validatedAt ? q.validatedAt.toISOString() : null,
        totals: {
          total_ht_cents: contract.totals.totalHtCents,
          total_tva_cents: contract.totals.totalTvaCents,
          total_ttc_cents: contract.totals.totalTtcCents,
        },
      },
      project: { id: q.project.id, title: q.project.title },
      lines: draft.lines.map((l) => ({
        label: l.label,
        contract_ht_cents: l.contractHtCents,
        progress_bp: l.progressBp,
        previous_progress_bp: l.previousProgressBp,
        cumulative_ht_cents: l.cumulativeHtCents,
      })),
      work: draft.work
        ? { total_ht_cents: draft.work.totalHtCents, total_tva_cents: draft.work.totalTvaCents, total_ttc_cents: draft.work.totalTtcCents }
        : null,
      work_by_rate: draft.workByRate ? draft.workByRate.map((r) => ({ rate_bp: r.rateBp, base_cents: r.baseCents, tva_cents: r.tvaCents })) : null,
      deductions: draft.deductions.map((d) => ({
        number: d.number,
        kind: d.kind,
        issue_date: d.issueDate,
        total_ht_cents: d.totalHtCents,
        total_ttc_cents: d.totalTtcCents,
      })),
      deposit_percent_bp: draft.depositPercentBp,
      retention_bp: q.retentionBp,
      ...latePenalty,
      service_period: period.period,
      payment_terms: q.paymentTerms,
      ...(justifications.length ? { justifications } : {}),
    };
    const title = invoiceTitle(draft.kind, q.label, situationIndex);
    // The number last: concurrent issues of the same issuer wait on the counter row only briefly.
    const { number } = await assignNumber(tx, { issuerId: q.issuerId, series: 'facture', prefix: DEFAULT_PREFIXES.facture, at: now });
    const row = await repo.insertInvoice(tx, {
      number,
      issuerId: q.issuerId,
      clientId: q.clientId,
      quoteId: q.id,
      projectId: q.projectId,
      kind: draft.kind,
      title,
      situationIndex,
      issuedAt: now,
      issueDate,
      dueDate: addDays(issueDate, body.payment_delay_days ?? 30),
      totalHtCents: draft.totals.totalHtCents,
      totalTvaCents: draft.totals.totalTvaCents,
      totalTtcCents: draft.totals.totalTtcCents,
      retentionCents: draft.retentionCents,
      byRate: toStored(draft.byRate),
      progressBp: draft.progressBp,
      document: document as unknown as Record<string, unknown>,
      searchText: words([number, title, document.client.name, document.client.company_name ?? '', q.project.title, q.label].join(' ')),
    });
    await recordInvoiceJustification(tx, { id: row.id, number, kind: draft.kind, issuerId: q.issuerId, clientId: q.clientId }, justifications);
    // Its PDF is stored once, as issued, right after the commit (decision 1020).
    await queueOriginal(tx, 'invoice', row.id);
    // To a business client of an issuer with a PA: sent through it by a job once this commits.
    await queueInvoiceSubmission(tx, {
      invoiceId: row.id,
      issuerId: q.issuerId,
      number,
      facts: {
        issueDate,
        sellerSiren: q.issuer.siret ? sirenOf(q.issuer.siret) : null,
        buyerSiren: printedClient.siren,
        buyerRoutingAddress: printedClient.routing_address ?? null,
        typeCode: draft.kind === 'acompte' ? '386' : '380',
        ttcByRate: draft.byRate.map((r) => ({ rateBp: r.rateBp, ttcCents: r.baseCents + r.tvaCents })),
      },
    });
    // Delivered to the client's account (its e-mail today), the document keeping the one printed.
    const mail = (language: Language) =>
      invoiceIssuedMail(language, { ...row, amountDueCents: draft.amountDueCents }, document, `${deps.config.publicUrl}/facture/${row.id}`);
    const attachments = [{ kind: INVOICE_PDF_ATTACHMENT, ref: String(row.id) }];
    const client = await findUser(tx, q.clientId);
    if (client && !client.anonymizedAt) {
      await notify(tx, deps, {
        userId: client.id,
        kind: 'invoice_issued',
        params: { number, amount: draft.amountDueCents, date: row.dueDate },
        link: `/facture/${row.id}`,
        localizedMail: mail,
        attachments,
      });
    } else if (document.client.email)
      await deps.mailer.queue(tx, { to: document.client.email, ...mail(await recipientLanguage(tx, { email: document.client.email })), attachments });
    // The caller's own change in this transaction: it refuses, nothing is issued.
    if (options.inTransaction) await options.inTransaction(tx, { id: row.id, number, totalTtcCents: row.totalTtcCents });
    return invoiceDetail(deps, row, [], caller);
  });
  void deps.mailer.dispatch();
  return detail;
}
