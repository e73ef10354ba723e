import type { CreditNoteItem, InvoiceDetail } from '@ouvrage/contracts';
import { INVOICE_KIND_LABELS, sirenOf } from '@ouvrage/domain';
import type { FacturXAddress, FacturXInvoice, FacturXLine, FacturXNote, FacturXParty, FacturXTax } from './facturx-xml';
import { day, euros, percent } from './french';
import { latePenaltyMention, NO_DISCOUNT_MENTION, OPERATION_NATURE, RECOVERY_FEE_MENTION, retentionMention, TVA_ON_DEBITS_MENTION, VAT_FRANCHISE_MENTION } from './invoice-mentions';

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

function seller(invoice: InvoiceDetail): FacturXParty {
  const i = invoice.issuer;
  const siret = i.siret?.replace(/\s+/g, '') || null;
  return {
    name: i.name,
    siret,
    siren: siret ? sirenOf(siret) : null,
    tradingName: i.trade_name && i.trade_name !== i.name ? i.trade_name : null,
    contactName: null,
    vatNumber: i.tva_number?.replace(/\s+/g, '') || null,
    email: i.email,
    address: officeAddress(i.address),
  };
}

function buyer(invoice: InvoiceDetail): FacturXParty {
  const c = invoice.client;
  const business = c.is_business && !!c.company_name;
  return {
    name: business ? c.company_name! : c.name,
    siret: null,
    siren: c.is_business ? c.siren : null,
    tradingName: null,
    contactName: business ? c.name : null,
    vatNumber: null,
    email: c.email,
    address: postal(c.address),
  };
}

const nonZero = (r: { base_cents: number; tva_cents: number }) => r.base_cents !== 0 || r.tva_cents !== 0;
const taxesOf = (byRate: InvoiceDetail['by_rate']): FacturXTax[] => byRate.filter(nonZero).map((r) => ({ rateBp: r.rate_bp, baseCents: r.base_cents, tvaCents: r.tva_cents }));

function invoiceLineName(invoice: InvoiceDetail): string {
  if (invoice.kind === 'acompte') {
    return invoice.deposit_percent_bp ? `Acompte de ${percent(invoice.deposit_percent_bp)} sur le devis ${invoice.quote.label}` : `Acompte sur le devis ${invoice.quote.label}`;
  }
  if (invoice.kind === 'situation') return `Situation de travaux${invoice.situation_index ? ` n° ${invoice.situation_index}` : ''} — devis ${invoice.quote.label}`;
  return `Solde du devis ${invoice.quote.label}`;
}

/** The lots' progress and the deductions, as the PDF prints them, in one sentence for the XML. */
function workNote(invoice: InvoiceDetail): string | null {
  if (invoice.kind === 'acompte') return `Acompte à valoir sur la facture de solde (devis ${invoice.quote.label}, ${euros(invoice.quote.totals.total_ttc_cents)} TTC).`;
  const lots = invoice.lines.map((l) => `${l.label} : ${l.progress_bp === null ? euros(l.cumulative_ht_cents) + ' HT' : percent(l.progress_bp)}`).join(' ; ');
  const deductions = invoice.deductions.map((d) => `${INVOICE_KIND_LABELS[d.kind].toLowerCase()} n° ${d.number} du ${day(d.issue_date)} (${euros(d.total_ttc_cents)} TTC)`);
  const work = invoice.work ? ` Travaux réalisés à ce jour : ${euros(invoice.work.total_ht_cents)} HT.` : '';
  return `Avancement : ${lots}.${work}${deductions.length ? ` Déduction de : ${deductions.join(' ; ')}.` : ''}`;
}

function notesOf(invoice: InvoiceDetail): FacturXNote[] {
  const notes: FacturXNote[] = [{ subject: 'AAI', text: `${invoice.title}. ${OPERATION_NATURE}.` }];
  const work = workNote(invoice);
  if (work) notes.push({ subject: 'AAI', text: work });
  if (!invoice.issuer.tva_number) notes.push({ subject: 'AAI', text: VAT_FRANCHISE_MENTION });
  if (invoice.tva_on_debits) notes.push({ subject: 'AAI', text: TVA_ON_DEBITS_MENTION });
  if (invoice.retention_cents > 0) {
    notes.push({ subject: 'AAI', text: `${retentionMention(invoice.retention_bp)} Montant retenu : ${euros(invoice.retention_cents)}.` });
  }
  notes.push({ subject: 'AAB', text: NO_DISCOUNT_MENTION });
  notes.push({ subject: 'PMD', text: latePenaltyMention(invoice.late_penalty_bp) });
  if (invoice.client.is_business) notes.push({ subject: 'PMT', text: RECOVERY_FEE_MENTION });
  return notes;
}

const exemptionOf = (invoice: InvoiceDetail) => (invoice.issuer.tva_number ? 'Exonération de TVA' : VAT_FRANCHISE_MENTION);

/** An issued invoice: 386 for a deposit, 380 for a situation or the balance. */
export function invoiceFacturX(invoice: InvoiceDetail): FacturXInvoice {
  const taxes = taxesOf(invoice.by_rate);
  const name = invoiceLineName(invoice);
  const lines: FacturXLine[] = taxes.map((t) => ({ name, description: `Montant soumis à la TVA à ${percent(t.rateBp)}`, rateBp: t.rateBp, netCents: t.baseCents }));
  const terms = [invoice.payment_terms.trim()];
  // The retenue is kept by the client until it is released: not a payment, and not a cut in the TVA base (EN 16931 has no field for it).
  if (invoice.retention_cents > 0) terms.push(`Retenue de garantie déduite du règlement : ${euros(invoice.retention_cents)} ; net à payer à l’échéance : ${euros(invoice.amount_due_cents - invoice.paid_cents)}.`);
  return {
    typeCode: invoice.kind === 'acompte' ? '386' : '380',
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
    prepaidCents: invoice.paid_cents,
    precedingInvoices: invoice.deductions.map((d) => ({ number: d.number, issueDate: d.issue_date })),
  };
}

/** A credit note (type 381): positive amounts taken back, referring to the invoice it cancels. */
export function creditNoteFacturX(invoice: InvoiceDetail, note: CreditNoteItem): FacturXInvoice {
  const taxes = taxesOf(note.by_rate);
  const lines: FacturXLine[] = taxes.map((t) => ({ name: `Avoir sur la facture ${invoice.number}`, description: `Montant soumis à la TVA à ${percent(t.rateBp)}`, rateBp: t.rateBp, netCents: t.baseCents }));
  return {
    typeCode: '381',
    number: note.number,
    issueDate: note.issue_date,
    notes: [
      { subject: 'AAI', text: `Avoir sur la facture n° ${invoice.number} du ${day(invoice.issue_date)} (${invoice.title}). Motif : ${note.reason}` },
      ...(invoice.issuer.tva_number ? [] : [{ subject: 'AAI' as const, text: VAT_FRANCHISE_MENTION }]),
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
    prepaidCents: 0,
    precedingInvoices: [{ number: invoice.number, issueDate: invoice.issue_date }],
  };
}
