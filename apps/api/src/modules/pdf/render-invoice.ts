import type { InvoiceDetail } from '@ouvrage/contracts';
import { formatIban, INVOICE_KIND_LABELS, formatCreditorReference, invoiceCreditorReference } from '@ouvrage/domain';
import { invoiceFacturX } from './facturx-documents';
import { attachFacturX, PDFA_OPTIONS } from './facturx-pdfa';
import { facturXml } from './facturx-xml';
import { FONT } from './fonts';
import { addressLines, day, dayOf, euros, percent } from './french';
import {
  CONTENT_WIDTH,
  createDocument,
  type Doc,
  ensureSpace,
  finish,
  fitLine,
  MARGIN,
  measure,
  MUTED,
  type Palette,
  paletteOf,
  paragraph,
  RULE,
  sectionTitle,
  SHADE,
  style,
} from './layout';
import { decoratePages } from './page-decorations';
import {
  justificationMention,
  latePenaltyMention,
  NO_DISCOUNT_MENTION,
  OPERATION_NATURE,
  RECOVERY_FEE_MENTION,
  retentionMention,
  servicePeriodMention,
  TVA_ON_DEBITS_MENTION,
} from './invoice-mentions';
import { netPayableCents, payableAtDueDateLabel, retentionLabel, retentionTerms } from './invoice-retention';
import { issuerLines } from './quote-header';
import { DECENNALE_SENTENCE, insuranceSentence } from './quote-terms';
import { drawTotalsTable, taxDifferenceRows, taxRows, type TotalsRow } from './totals-table';

export interface InvoicePdfInput {
  invoice: InvoiceDetail;
  generatedAt: Date;
}

export { NO_DISCOUNT_MENTION, OPERATION_NATURE, RECOVERY_FEE_MENTION, TVA_ON_DEBITS_MENTION } from './invoice-mentions';

export const sameAddress = (a: InvoiceDetail['site_address'], b: InvoiceDetail['site_address']) =>
  !a ||
  !b ||
  (a.street.trim().toLowerCase() === b.street.trim().toLowerCase() && a.postcode === b.postcode && a.city.trim().toLowerCase() === b.city.trim().toLowerCase());

function heading(invoice: InvoiceDetail): string {
  if (invoice.kind === 'situation') return `SITUATION DE TRAVAUX${invoice.situation_index ? ` N° ${invoice.situation_index}` : ''}`;
  return INVOICE_KIND_LABELS[invoice.kind].toUpperCase();
}

export function clientLines(invoice: InvoiceDetail): string[] {
  const c = invoice.client;
  const lines: string[] = [];
  if (c.is_business && c.company_name) lines.push(`Société : ${c.company_name}`);
  if (c.siren) lines.push(`SIREN : ${c.siren}`);
  lines.push(...addressLines(c.address));
  if (c.email) lines.push(`E-mail : ${c.email}`);
  if (c.phone) lines.push(`Téléphone : ${c.phone}`);
  return lines;
}

function drawHeader(doc: Doc, invoice: InvoiceDetail, palette: Palette): void {
  const top = MARGIN.top;
  const left = MARGIN.side;
  const rightX = left + CONTENT_WIDTH / 2 + 10;
  const rightWidth = CONTENT_WIDTH / 2 - 10;
  style(doc, { font: FONT.bold, size: 13 }).text(invoice.issuer.name, left, top, { width: CONTENT_WIDTH / 2 });
  const leftBottom = doc.y;
  style(doc, { font: FONT.bold, size: 18, color: palette.text }).text(heading(invoice), rightX, top, { width: rightWidth, align: 'right' });
  style(doc, { font: FONT.bold, size: 11 }).text(`N° ${invoice.number}`, rightX, doc.y, { width: rightWidth, align: 'right' });
  style(doc, { size: 9 }).text(`Date d’émission : ${day(invoice.issue_date)}`, rightX, doc.y + 2, { width: rightWidth, align: 'right' });
  doc.text(`Date d’échéance : ${day(invoice.due_date)}`, rightX, doc.y, { width: rightWidth, align: 'right' });
  doc.text(`Devis de référence : ${invoice.quote.label}`, rightX, doc.y, { width: rightWidth, align: 'right' });
  const rightBottom = doc.y;

  const boxTop = Math.max(leftBottom, rightBottom) + 12;
  const boxWidth = CONTENT_WIDTH / 2 - 6;
  const pad = 7;
  const issuerText = issuerLines(invoice.issuer).join('\n');
  const clientText = clientLines(invoice).join('\n');
  const delivery = sameAddress(invoice.site_address, invoice.client.address) ? null : addressLines(invoice.site_address).join('\n');
  const inner = boxWidth - 2 * pad;
  const issuerHeight = 14 + measure(doc, invoice.issuer.name, inner, { font: FONT.bold }) + measure(doc, issuerText, inner, { size: 8 });
  const clientHeight =
    14 +
    measure(doc, invoice.client.name, inner, { font: FONT.bold }) +
    measure(doc, clientText, inner, { size: 8 }) +
    (delivery ? 16 + measure(doc, delivery, inner, { size: 8 }) : 0);
  const boxHeight = Math.max(issuerHeight, clientHeight) + 2 * pad;
  const box = (x: number, label: string, name: string, body: string, extra: { label: string; body: string } | null) => {
    doc.rect(x, boxTop, boxWidth, boxHeight).fillAndStroke(SHADE, RULE);
    style(doc, { font: FONT.bold, size: 7.5, color: palette.text }).text(label.toUpperCase(), x + pad, boxTop + pad, { width: inner, characterSpacing: 0.5 });
    style(doc, { font: FONT.bold, size: 9 }).text(name, x + pad, doc.y + 2, { width: inner });
    style(doc, { size: 8 }).text(body, x + pad, doc.y + 1, { width: inner, lineGap: 1 });
    if (extra) {
      style(doc, { font: FONT.bold, size: 7.5, color: palette.text }).text(extra.label.toUpperCase(), x + pad, doc.y + 6, {
        width: inner,
        characterSpacing: 0.5,
      });
      style(doc, { size: 8 }).text(extra.body, x + pad, doc.y + 1, { width: inner, lineGap: 1 });
    }
  };
  box(left, 'Émetteur', invoice.issuer.name, issuerText, null);
  box(left + boxWidth + 12, 'Client', invoice.client.name, clientText, delivery ? { label: 'Adresse de livraison (chantier)', body: delivery } : null);

  doc.y = boxTop + boxHeight + 12;
  style(doc, { font: FONT.bold, size: 10 }).text(`Objet : ${invoice.title}`, left, doc.y, { width: CONTENT_WIDTH });
  style(doc, { size: 8.5, color: MUTED }).text(`${invoice.quote.title} · Projet : ${invoice.project.title}`, left, doc.y + 1, { width: CONTENT_WIDTH });
  style(doc, { size: 8.5 }).text(OPERATION_NATURE, left, doc.y + 1, { width: CONTENT_WIDTH });
  // Invoices issued before decision 1050 carry no period: nothing is made up for them.
  if (invoice.service_period !== undefined)
    style(doc, { size: 8.5 }).text(servicePeriodMention(invoice.service_period), left, doc.y + 1, { width: CONTENT_WIDTH });
  const justification = justificationMention(invoice.justifications);
  if (justification) style(doc, { size: 8.5 }).text(justification, left, doc.y + 1, { width: CONTENT_WIDTH });
  doc.y += 8;
}

export interface Row {
  cells: string[];
  strong?: boolean;
  muted?: boolean;
}

/** A simple table: first column wraps, the others are right-aligned amounts. */
export function table(doc: Doc, headers: string[], widths: number[], rows: Row[]): void {
  const pad = 3;
  const first = CONTENT_WIDTH - widths.reduce((s, w) => s + w, 0);
  const all = [first, ...widths];
  const xs = all.map((_, i) => MARGIN.side + all.slice(0, i).reduce((s, w) => s + w, 0));
  const header = () => {
    ensureSpace(doc, 32);
    const y = doc.y;
    doc.rect(MARGIN.side, y, CONTENT_WIDTH, 16).fill(SHADE);
    style(doc, { font: FONT.bold, size: 7.5 });
    headers.forEach((h, i) => doc.text(h, xs[i] + pad, y + 4.5, { width: all[i] - 2 * pad, align: i === 0 ? 'left' : 'right', lineBreak: false }));
    doc.y = y + 16;
  };
  header();
  for (const row of rows) {
    const h = measure(doc, row.cells[0], first - 2 * pad, { size: 8 }) + 2 * pad;
    if (ensureSpace(doc, h)) header();
    const y = doc.y;
    style(doc, { font: row.strong ? FONT.bold : FONT.regular, size: 8, color: row.muted ? MUTED : undefined });
    doc.text(row.cells[0], xs[0] + pad, y + pad, { width: first - 2 * pad });
    row.cells.slice(1).forEach((c, i) => fitLine(doc, c, xs[i + 1] + pad, y + pad, all[i + 1] - 2 * pad, 'right'));
    doc
      .moveTo(MARGIN.side, y + h)
      .lineTo(MARGIN.side + CONTENT_WIDTH, y + h)
      .lineWidth(0.3)
      .strokeColor(RULE)
      .stroke();
    doc.y = y + h;
  }
  doc.y += 6;
}

function drawLines(doc: Doc, invoice: InvoiceDetail, palette: Palette): void {
  if (invoice.kind === 'acompte') {
    sectionTitle(doc, 'Acompte', palette);
    const share = invoice.deposit_percent_bp ? `${percent(invoice.deposit_percent_bp)} du montant TTC du devis` : 'acompte';
    paragraph(
      doc,
      `Facture d’acompte : ${share} ${invoice.quote.label} (${euros(invoice.quote.totals.total_ttc_cents)} TTC), à valoir sur la facture de solde.`,
      { size: 8.5 },
    );
    table(
      doc,
      ['Désignation', 'Taux de TVA', 'Montant HT'],
      [80, 90],
      invoice.by_rate.map((r) => ({ cells: [`Acompte sur le devis ${invoice.quote.label}`, percent(r.rate_bp), euros(r.base_cents)] })),
    );
    return;
  }
  sectionTitle(doc, invoice.kind === 'situation' ? 'État d’avancement cumulé' : 'Décompte général', palette);
  table(
    doc,
    ['Lot', 'Marché HT', 'Avancement', 'Précédent', 'Cumul HT'],
    [80, 62, 62, 80],
    invoice.lines.map((l) => ({
      cells: [
        l.label,
        euros(l.contract_ht_cents),
        l.progress_bp === null ? '—' : percent(l.progress_bp),
        l.previous_progress_bp === null ? '—' : percent(l.previous_progress_bp),
        euros(l.cumulative_ht_cents),
      ],
    })),
  );
  const rows: Row[] = [];
  if (invoice.work) rows.push({ cells: ['Travaux réalisés à ce jour', euros(invoice.work.total_ht_cents), euros(invoice.work.total_ttc_cents)], strong: true });
  // The TVA of the work to date, rate by rate, by the rule on each cumulative base (decision 1000).
  for (const r of invoice.work_by_rate ?? [])
    rows.push({ cells: [`dont TVA ${percent(r.rate_bp)} sur ${euros(r.base_cents)} = ${euros(r.tva_cents)}`, '', ''], muted: true });
  for (const d of invoice.deductions) {
    rows.push({
      cells: [`Moins ${INVOICE_KIND_LABELS[d.kind].toLowerCase()} n° ${d.number} du ${day(d.issue_date)}`, euros(-d.total_ht_cents), euros(-d.total_ttc_cents)],
    });
  }
  rows.push({ cells: ['Montant de la présente facture', euros(invoice.totals.total_ht_cents), euros(invoice.totals.total_ttc_cents)], strong: true });
  sectionTitle(doc, invoice.deductions.length ? 'Déduction des factures précédentes' : 'Montant facturé', palette);
  table(doc, ['', 'HT', 'TTC'], [90, 90], rows);
}

function drawTotals(doc: Doc, invoice: InvoiceDetail, palette: Palette): void {
  const tax = invoice.work_by_rate ? taxDifferenceRows(invoice.totals, invoice.by_rate) : taxRows(invoice.totals, invoice.by_rate);
  const rows: TotalsRow[] = [...tax, { label: 'Total TTC', value: euros(invoice.totals.total_ttc_cents), accent: true }];
  if (invoice.retention_cents > 0) {
    // The same figures as the XML (decision 1012): the net to pay is the TTC less payments (BT-115), the retenue a part of it.
    if (invoice.paid_cents > 0) rows.push({ label: 'Déjà réglé', value: euros(-invoice.paid_cents) });
    rows.push({ label: 'Net à payer', value: euros(netPayableCents(invoice)), strong: true });
    rows.push({ label: retentionLabel(invoice.retention_bp), value: euros(invoice.retention_cents), muted: true });
    if (invoice.credited_cents > 0) rows.push({ label: 'Avoirs émis', value: euros(-invoice.credited_cents) });
    rows.push({ label: payableAtDueDateLabel(invoice.due_date), value: euros(invoice.left_to_pay_cents), strong: true });
    drawTotalsTable(doc, rows, palette);
    return;
  }
  if (invoice.credited_cents > 0) rows.push({ label: 'Avoirs émis', value: euros(-invoice.credited_cents) });
  if (invoice.paid_cents > 0) rows.push({ label: 'Déjà réglé', value: euros(-invoice.paid_cents) });
  rows.push({ label: 'Net à payer', value: euros(invoice.left_to_pay_cents), strong: true });
  drawTotalsTable(doc, rows, palette);
}

function drawMentions(doc: Doc, invoice: InvoiceDetail, palette: Palette): void {
  sectionTitle(doc, 'Conditions de règlement', palette);
  paragraph(doc, `Date d’échéance : ${day(invoice.due_date)}.${invoice.payment_terms.trim() ? ` ${invoice.payment_terms.trim()}` : ''}`, { size: 8.5 });
  paragraph(doc, NO_DISCOUNT_MENTION, { size: 8.5 });
  paragraph(doc, latePenaltyMention(invoice.late_penalty_bp, invoice.late_penalty_basis), { size: 8.5 });
  if (invoice.client.is_business) paragraph(doc, RECOVERY_FEE_MENTION, { size: 8.5 });
  if (invoice.tva_on_debits) paragraph(doc, `${TVA_ON_DEBITS_MENTION}.`, { size: 8.5 });
  if (invoice.retention_bp > 0) {
    paragraph(doc, retentionTerms(invoice) ?? retentionMention(invoice.retention_bp), { size: 8.5 });
  }
  if (invoice.bank) {
    paragraph(
      doc,
      `Règlement par virement — IBAN : ${formatIban(invoice.bank.iban)}${invoice.bank.bic ? ` · BIC : ${invoice.bank.bic}` : ''} · Référence (à rappeler) : ${formatCreditorReference(invoiceCreditorReference(invoice))}`,
      { size: 8.5, font: FONT.bold },
    );
  }
  sectionTitle(doc, 'Assurances professionnelles', palette);
  paragraph(doc, insuranceSentence('Assurance responsabilité civile décennale', invoice.issuer.decennale), { size: 8.5 });
  paragraph(doc, insuranceSentence('Assurance responsabilité civile professionnelle', invoice.issuer.rc_pro), { size: 8.5 });
  paragraph(doc, DECENNALE_SENTENCE, { size: 8, color: MUTED });
  if (invoice.credit_notes.length) {
    sectionTitle(doc, 'Avoirs', palette);
    for (const c of invoice.credit_notes)
      paragraph(doc, `Avoir n° ${c.number} du ${day(c.issue_date)} : ${euros(-c.total_ttc_cents)} TTC — ${c.reason}`, { size: 8.5 });
  }
}

/**
 * The invoice as a French A4 PDF with the mandatory mentions (CGI art. 242 nonies A and the
 * reform's: client SIREN, delivery address, nature of the operation, TVA on debits; late-payment
 * rate and the 40 € fee for business clients; insurance as on the quote; decision 0703), as a
 * Factur-X PDF/A-3 (decision 0710).
 */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const { invoice } = input;
  const doc = await createDocument({
    title: `Facture ${invoice.number}`,
    author: invoice.issuer.name,
    subject: invoice.title,
    createdAt: input.generatedAt,
    pdfa: PDFA_OPTIONS,
  });
  const palette = paletteOf(null);
  drawHeader(doc, invoice, palette);
  drawLines(doc, invoice, palette);
  drawTotals(doc, invoice, palette);
  drawMentions(doc, invoice, palette);
  // Factur-X EN 16931 (decision 0710): the same invoice as CII XML inside the PDF/A-3.
  attachFacturX(doc, { xml: facturXml(invoiceFacturX(invoice)), issuedAt: new Date(invoice.issued_at) });
  decoratePages(doc, {
    footer: `${invoice.issuer.name}${invoice.issuer.siret ? ` · SIRET ${invoice.issuer.siret}` : ''} · Facture ${invoice.number} du ${dayOf(invoice.issued_at)}`,
    watermark: null,
  });
  return finish(doc);
}
