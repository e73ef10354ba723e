import type { CreditNoteItem, InvoiceDetail } from '@ouvrage/contracts';
import { mentionMarker } from '@ouvrage/domain';
import { creditNoteFacturX } from './facturx-documents';
import { attachFacturX, PDFA_OPTIONS } from './facturx-pdfa';
import { facturXml } from './facturx-xml';
import { FONT } from './fonts';
import { addressLines, day, dayOf, euros, percent } from './french';
import { VAT_FRANCHISE_MENTION } from './invoice-mentions';
import {
  CONTENT_WIDTH,
  createDocument,
  type Doc,
  finish,
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
import { issuerLines } from './quote-header';
import { clientLines, sameAddress, table } from './render-invoice';
import { drawTotalsTable, taxRows } from './totals-table';

export interface CreditNotePdfInput {
  /** The invoice the credit note cancels (all or part of). */
  invoice: InvoiceDetail;
  note: CreditNoteItem;
  /** Issued when (the attachment's dates); the invoice's frozen facts give everything else. */
  issuedAt: Date;
  generatedAt: Date;
}

const cancelsWhole = (input: CreditNotePdfInput) => input.note.total_ttc_cents === input.invoice.totals.total_ttc_cents;

function drawHeader(doc: Doc, input: CreditNotePdfInput, palette: Palette): void {
  const { invoice, note } = input;
  const top = MARGIN.top;
  const left = MARGIN.side;
  const rightX = left + CONTENT_WIDTH / 2 + 10;
  const rightWidth = CONTENT_WIDTH / 2 - 10;
  style(doc, { font: FONT.bold, size: 13 }).text(invoice.issuer.name, left, top, { width: CONTENT_WIDTH / 2 });
  const leftBottom = doc.y;
  style(doc, { font: FONT.bold, size: 18, color: palette.text }).text(mentionMarker('avoir.title'), rightX, top, { width: rightWidth, align: 'right' });
  style(doc, { font: FONT.bold, size: 11 }).text(`N° ${note.number}`, rightX, doc.y, { width: rightWidth, align: 'right' });
  style(doc, { size: 9 }).text(`Date d’émission : ${day(note.issue_date)}`, rightX, doc.y + 2, { width: rightWidth, align: 'right' });
  doc.text(`${mentionMarker('avoir.original_invoice')} ${invoice.number} du ${day(invoice.issue_date)}`, rightX, doc.y, { width: rightWidth, align: 'right' });
  doc.text(`Devis de référence : ${invoice.quote.label}`, rightX, doc.y, { width: rightWidth, align: 'right' });
  const rightBottom = doc.y;

  const boxTop = Math.max(leftBottom, rightBottom) + 12;
  const boxWidth = CONTENT_WIDTH / 2 - 6;
  const pad = 7;
  const inner = boxWidth - 2 * pad;
  const issuerText = issuerLines(invoice.issuer).join('\n');
  const delivery = sameAddress(invoice.site_address, invoice.client.address) ? null : addressLines(invoice.site_address).join('\n');
  const clientText = [...clientLines(invoice), ...(delivery ? ['', 'Chantier :', delivery] : [])].join('\n');
  const height = (name: string, body: string) => 14 + measure(doc, name, inner, { font: FONT.bold }) + measure(doc, body, inner, { size: 8 });
  const boxHeight = Math.max(height(invoice.issuer.name, issuerText), height(invoice.client.name, clientText)) + 2 * pad;
  const box = (x: number, label: string, name: string, body: string) => {
    doc.rect(x, boxTop, boxWidth, boxHeight).fillAndStroke(SHADE, RULE);
    style(doc, { font: FONT.bold, size: 7.5, color: palette.text }).text(label.toUpperCase(), x + pad, boxTop + pad, { width: inner, characterSpacing: 0.5 });
    style(doc, { font: FONT.bold, size: 9 }).text(name, x + pad, doc.y + 2, { width: inner });
    style(doc, { size: 8 }).text(body, x + pad, doc.y + 1, { width: inner, lineGap: 1 });
  };
  box(left, 'Émetteur', invoice.issuer.name, issuerText);
  box(left + boxWidth + 12, 'Client', invoice.client.name, clientText);

  doc.y = boxTop + boxHeight + 12;
  style(doc, { font: FONT.bold, size: 10 }).text(`Objet : avoir sur la facture ${invoice.number} — ${invoice.title}`, left, doc.y, { width: CONTENT_WIDTH });
  style(doc, { size: 8.5, color: MUTED }).text(`${invoice.quote.title} · Projet : ${invoice.project.title}`, left, doc.y + 1, { width: CONTENT_WIDTH });
  doc.y += 8;
}

function drawTotals(doc: Doc, input: CreditNotePdfInput, palette: Palette): void {
  const { note } = input;
  drawTotalsTable(
    doc,
    [...taxRows(note, note.by_rate), { label: mentionMarker('avoir.total_ttc'), value: euros(note.total_ttc_cents), accent: true }],
    palette,
  );
}

/**
 * A credit note (avoir, decisions 0702 and 0710) as a French A4 PDF/A-3 with its Factur-X XML
 * (type 381): the invoice it cancels by number and date, the reason, the amounts per TVA rate.
 */
export async function renderCreditNotePdf(input: CreditNotePdfInput): Promise<Buffer> {
  const { invoice, note } = input;
  const doc = await createDocument({
    title: `Avoir ${note.number}`,
    author: invoice.issuer.name,
    subject: `Avoir sur la facture ${invoice.number}`,
    createdAt: input.generatedAt,
    pdfa: PDFA_OPTIONS,
  });
  const palette = paletteOf(null);
  drawHeader(doc, input, palette);
  sectionTitle(doc, mentionMarker('avoir.reason'), palette);
  paragraph(doc, note.reason, { size: 9 });
  sectionTitle(doc, 'Montants crédités', palette);
  table(
    doc,
    ['Désignation', 'Taux de TVA', 'Montant HT'],
    [80, 90],
    note.by_rate.map((r) => ({ cells: [`Avoir sur la facture ${invoice.number}`, percent(r.rate_bp), euros(r.base_cents)] })),
  );
  drawTotals(doc, input, palette);
  sectionTitle(doc, 'Mentions', palette);
  paragraph(
    doc,
    `Cet avoir annule ${cancelsWhole(input) ? 'la' : 'partiellement la'} facture n° ${invoice.number} du ${day(invoice.issue_date)} (${euros(invoice.totals.total_ttc_cents)} TTC). ` +
      'Son montant vient en déduction des sommes dues au titre de cette facture, ou est remboursé si elle a déjà été réglée.',
    { size: 8.5 },
  );
  if (!invoice.issuer.tva_number) paragraph(doc, `${VAT_FRANCHISE_MENTION}.`, { size: 8.5 });
  attachFacturX(doc, { xml: facturXml(creditNoteFacturX(invoice, note)), issuedAt: input.issuedAt });
  decoratePages(doc, {
    footer: `${invoice.issuer.name}${invoice.issuer.siret ? ` · SIRET ${invoice.issuer.siret}` : ''} · Avoir ${note.number} du ${dayOf(input.issuedAt)}`,
    watermark: null,
  });
  return finish(doc);
}
