import type { CreditNoteItem, InvoiceDetail } from '@ouvrage/contracts';
import { INVOICE_KIND_LABELS, sirenOf } from '@ouvrage/domain';
import type { FacturXAddress, FacturXBillingFrame, FacturXEndpoint, FacturXInvoice, FacturXLine, FacturXNote, FacturXParty, FacturXTax } from './facturx-xml';
import { day, euros, percent } from './french';
import {
  latePenaltyMention,
  NO_DISCOUNT_MENTION,
  OPERATION_NATURE,
  RECOVERY_FEE_MENTION,
  TVA_ON_DEBITS_MENTION,
  VAT_FRANCHISE_MENTION,
} from './invoice-mentions';
import { retentionTerms } from './invoice-retention';

/**
 * An invoice or a credit note as a Factur-X invoice (decision 0710), from what was frozen when it
 * was issued. Each invoice is one line per TVA rate: its frozen amounts are per rate, and the lots
 * of a situation may mix rates; the lots, progress and deductions are in the PDF and in a note.
 * Deducted invoices already carried their TVA, so this invoice's totals are net of them (as the
 * PDF's « Montant de la présente facture ») and they are listed as preceding invoices.
 */

type Address = NonNullable<InvoiceDetail['site_address']>;

const postal = (a: Address | null): FacturXAddress | null => (a ? { line: a.street, postcode: a.postcode, city: a.city } : null);

/** The issuer's head office is one line of text (« 3 place Bellecour, 69002 Lyon »): its postcode and city when it ends with them. */
export function officeAddress(text: string | null): FacturXAddress | null {
  if (!text?.trim()) return null;
  const m = /^(.*?)[\s,]+(\d{5})\s+(.+)$/s.exec(text.trim());
  return m ? { line: m[1].trim(), postcode: m[2], city: m[3].trim() } : { line: text.trim(), postcode: '', city: '' };
}

/**
 * A party's electronic address (BR-FR-12, BR-FR-13): a company is reached through the French
 * directory at its SIREN (scheme 0225, BR-FR-21 for a business buyer); a person by e-mail.
 */
function endpoint(siren: string | null, email: string | null): FacturXEndpoint | null {
  if (siren) return { scheme: '0225', id: siren };
  return email ? { scheme: 'EM', id: email } : null;
}

function seller(invoice: InvoiceDetail): FacturXParty {
  const i = invoice.issuer;
  const siret = i.siret?.replace(/\s+/g, '') || null;
  const siren = siret ? sirenOf(siret) : null;
  return {
    name: i.name,
    siret,
    siren,
    tradingName: i.trade_name && i.trade_name !== i.name ? i.trade_name : null,
    contactName: null,
    vatNumber: i.tva_number?.replace(/\s+/g, '') || null,
    endpoint: endpoint(siren, i.email),
    address: officeAddress(i.address),
  };
}

/** A business client's SIREN (9 digits), the only buyer identifier the French rules read (BT-47, scheme 0002). */
const buyerSiren = (invoice: InvoiceDetail): string | null => {
  const c = invoice.client;
  const siren = c.is_business ? c.siren?.replace(/\s+/g, '') : null;
  return siren && /^\d{9}$/.test(siren) ? siren : null;
};

function buyer(invoice: InvoiceDetail): FacturXParty {
  const c = invoice.client;
  const business = c.is_business && !!c.company_name;
  const siren = buyerSiren(invoice);
  return {
    name: business ? c.company_name! : c.name,
    siret: null,
    siren,
    tradingName: null,
    contactName: business ? c.name : null,
    vatNumber: null,
    // BT-49: the routing address the PA's directory gave (decision 1212), else the SIREN itself.
    endpoint: endpoint(siren ? (c.routing_address ?? siren) : null, c.email),
    address: postal(c.address),
  };
}

/**
 * BT-23 (decision 1011): works are services (S); a balance that deducts earlier deposits or
 * situations (acomptes on the contract) is the final invoice after deposits (S4); any other
 * invoice, and a credit note, is an invoice to be paid or settled (S1). S2 (already paid) is
 * never used: an invoice is issued before it is paid.
 */
const billingFrameOf = (invoice: InvoiceDetail): FacturXBillingFrame => (invoice.kind === 'solde' && invoice.deductions.length > 0 ? 'S4' : 'S1');

/** The processing a plateforme agréée applies (BAR, BR-FR-20): B2B to a company identified by its SIREN, B2C to a consumer. */
function processingNote(invoice: InvoiceDetail): FacturXNote[] {
  if (buyerSiren(invoice)) return [{ subject: 'BAR', text: 'B2B' }];
  return invoice.client.is_business ? [] : [{ subject: 'BAR', text: 'B2C' }];
}

/** PMD, PMT and AAB, once each on every invoice and credit note (BR-FR-05, BR-FR-06): a consumer owes no recovery fee, and the PMT note says so. */
function paymentNotes(invoice: InvoiceDetail): FacturXNote[] {
  return [
    { subject: 'AAB', text: NO_DISCOUNT_MENTION },
    // The same sentence as the PDF's, with where a business client's rate comes from (decision 1051).
    { subject: 'PMD', text: latePenaltyMention(invoice.late_penalty_bp, invoice.late_penalty_basis) },
    { subject: 'PMT', text: invoice.client.is_business ? RECOVERY_FEE_MENTION : NO_RECOVERY_FEE_MENTION },
  ];
}

/** The PMT note for a consumer: the 40 € fee is owed by professionals only (C. com. L441-10). */
export const NO_RECOVERY_FEE_MENTION =
  'Indemnité forfaitaire pour frais de recouvrement : sans objet, le client n’agissant pas pour les besoins de son activité professionnelle.';

const nonZero = (r: { base_cents: number; tva_cents: number }) => r.base_cents !== 0 || r.tva_cents !== 0;
const taxesOf = (byRate: InvoiceDetail['by_rate']): FacturXTax[] =>
  byRate.filter(nonZero).map((r) => ({ rateBp: r.rate_bp, baseCents: r.base_cents, tvaCents: r.tva_cents }));

function invoiceLineName(invoice: InvoiceDetail): string {
  if (invoice.kind === 'acompte') {
    return invoice.deposit_percent_bp
      ? `Acompte de ${percent(invoice.deposit_percent_bp)} sur le devis ${invoice.quote.label}`
      : `Acompte sur le devis ${invoice.quote.label}`;
  }
  if (invoice.kind === 'situation')
    return `Situation de travaux${invoice.situation_index ? ` n° ${invoice.situation_index}` : ''} — devis ${invoice.quote.label}`;
  return `Solde du devis ${invoice.quote.label}`;
}

/** The lots' progress and the deductions, as the PDF prints them, in one sentence for the XML. */
function workNote(invoice: InvoiceDetail): string | null {
  if (invoice.kind === 'acompte')
    return `Acompte à valoir sur la facture de solde (devis ${invoice.quote.label}, ${euros(invoice.quote.totals.total_ttc_cents)} TTC).`;
  const lots = invoice.lines.map((l) => `${l.label} : ${l.progress_bp === null ? euros(l.cumulative_ht_cents) + ' HT' : percent(l.progress_bp)}`).join(' ; ');
  const deductions = invoice.deductions.map(
    (d) => `${INVOICE_KIND_LABELS[d.kind].toLowerCase()} n° ${d.number} du ${day(d.issue_date)} (${euros(d.total_ttc_cents)} TTC)`,
  );
  const work = invoice.work ? ` Travaux réalisés à ce jour : ${euros(invoice.work.total_ht_cents)} HT.` : '';
  return `Avancement : ${lots}.${work}${deductions.length ? ` Déduction de : ${deductions.join(' ; ')}.` : ''}`;
}

function notesOf(invoice: InvoiceDetail): FacturXNote[] {
  const notes: FacturXNote[] = [{ subject: 'AAI', text: `${invoice.title}. ${OPERATION_NATURE}.` }];
  const work = workNote(invoice);
  if (work) notes.push({ subject: 'AAI', text: work });
  if (!invoice.issuer.tva_number) notes.push({ subject: 'AAI', text: VAT_FRANCHISE_MENTION });
  if (invoice.tva_on_debits) notes.push({ subject: 'AAI', text: TVA_ON_DEBITS_MENTION });
  const retention = retentionTerms(invoice);
  if (retention) notes.push({ subject: 'AAI', text: retention });
  return [...processingNote(invoice), ...notes, ...paymentNotes(invoice)];
}

const exemptionOf = (invoice: InvoiceDetail) => (invoice.issuer.tva_number ? 'Exonération de TVA' : VAT_FRANCHISE_MENTION);

/** An issued invoice: 386 for a deposit, 380 for a situation or the balance. */
export function invoiceFacturX(invoice: InvoiceDetail): FacturXInvoice {
  const taxes = taxesOf(invoice.by_rate);
  const name = invoiceLineName(invoice);
  const lines: FacturXLine[] = taxes.map((t) => ({
    name,
    description: `Montant soumis à la TVA à ${percent(t.rateBp)}`,
    rateBp: t.rateBp,
    netCents: t.baseCents,
  }));
  // The retenue is kept by the client until it is released: not a payment, and not a cut in the TVA base (EN 16931 has no field
  // for it). The amount due stays TTC − paid (BR-CO-16); the terms say how much of it is payable at the due date (decision 1012).
  const terms = [invoice.payment_terms.trim(), retentionTerms(invoice)];
  return {
    typeCode: invoice.kind === 'acompte' ? '386' : '380',
    billingFrame: billingFrameOf(invoice),
    number: invoice.number,
    issueDate: invoice.issue_date,
    notes: notesOf(invoice),
    seller: seller(invoice),
    buyer: buyer(invoice),
    contractReference: invoice.quote.label,
    deliveryAddress: postal(invoice.site_address),
    lines,
    taxes,
    exemptionReason: exemptionOf(invoice),
    taxOnDebits: invoice.tva_on_debits,
    paymentReference: invoice.number,
    bank: invoice.bank ? { iban: invoice.bank.iban.replace(/\s+/g, ''), bic: invoice.bank.bic } : null,
    paymentTerms: terms.filter(Boolean).join(' ') || null,
    dueDate: invoice.due_date,
    servicePeriod: invoice.service_period ?? null,
    prepaidCents: invoice.paid_cents,
    precedingInvoices: invoice.deductions.map((d) => ({ number: d.number, issueDate: d.issue_date })),
  };
}

/** A credit note (type 381): positive amounts taken back, referring to the invoice it cancels. */
export function creditNoteFacturX(invoice: InvoiceDetail, note: CreditNoteItem): FacturXInvoice {
  const taxes = taxesOf(note.by_rate);
  const lines: FacturXLine[] = taxes.map((t) => ({
    name: `Avoir sur la facture ${invoice.number}`,
    description: `Montant soumis à la TVA à ${percent(t.rateBp)}`,
    rateBp: t.rateBp,
    netCents: t.baseCents,
  }));
  return {
    typeCode: '381',
    billingFrame: 'S1',
    number: note.number,
    issueDate: note.issue_date,
    notes: [
      ...processingNote(invoice),
      { subject: 'AAI', text: `Avoir sur la facture n° ${invoice.number} du ${day(invoice.issue_date)} (${invoice.title}). Motif : ${note.reason}` },
      ...(invoice.issuer.tva_number ? [] : [{ subject: 'AAI' as const, text: VAT_FRANCHISE_MENTION }]),
      ...paymentNotes(invoice),
    ],
    seller: seller(invoice),
    buyer: buyer(invoice),
    contractReference: invoice.quote.label,
    deliveryAddress: postal(invoice.site_address),
    lines,
    taxes,
    exemptionReason: exemptionOf(invoice),
    taxOnDebits: invoice.tva_on_debits,
    paymentReference: null,
    bank: null,
    paymentTerms: `Montant à déduire des sommes dues au titre de la facture ${invoice.number}, ou remboursé s’il a déjà été réglé.`,
    dueDate: null,
    servicePeriod: null,
    prepaidCents: 0,
    precedingInvoices: [{ number: invoice.number, issueDate: invoice.issue_date }],
  };
}
