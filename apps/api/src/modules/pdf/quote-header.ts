import type { QuoteDetail } from '@ouvrage/contracts';
import { FONT } from './fonts';
import { addressLines, euros } from './french';
import { CONTENT_WIDTH, type Doc, MARGIN, MUTED, measure, type Palette, RULE, SHADE, style } from './layout';
import type { PdfImage } from './images';

/** What the first page's header needs beyond the quote. */
export interface QuoteHeaderFacts {
  issueDate: string;
  validUntil: string;
  draft: boolean;
  logo: PdfImage | null;
}

export const DRAFT_MENTION = 'BROUILLON — document non contractuel';

/** The issuer's legal identity, one fact a line (code de commerce art. R123-237, CGI art. 242 nonies A). */
export function issuerLines(issuer: QuoteDetail['issuer']): string[] {
  const lines: string[] = [];
  if (issuer.trade_name && issuer.trade_name !== issuer.name) lines.push(`Nom commercial : ${issuer.trade_name}`);
  if (issuer.legal_form) {
    const capital =
      issuer.capital_cents === null
        ? ''
        : ` au capital de ${issuer.capital_cents % 100 === 0 ? euros(issuer.capital_cents).replace(',00', '') : euros(issuer.capital_cents)}`;
    lines.push(`${issuer.legal_form}${capital}`);
  }
  if (issuer.address) lines.push(`Siège : ${issuer.address}`);
  if (issuer.siret) lines.push(`SIRET : ${issuer.siret}`);
  if (issuer.rcs_rm) lines.push(`Immatriculation (RCS ou RM) : ${issuer.rcs_rm}`);
  lines.push(issuer.tva_number ? `N° TVA intracommunautaire : ${issuer.tva_number}` : 'TVA non applicable, art. 293 B du CGI');
  if (issuer.email) lines.push(`E-mail : ${issuer.email}`);
  if (issuer.phone) lines.push(`Téléphone : ${issuer.phone}`);
  return lines;
}

function clientLines(quote: QuoteDetail): string[] {
  const lines = addressLines(quote.client.address);
  if (!lines.length) lines.push('Adresse : à préciser');
  if (quote.client.email) lines.push(`E-mail : ${quote.client.email}`);
  if (quote.client.phone) lines.push(`Téléphone : ${quote.client.phone}`);
  return lines;
}

/** Logo and issuer on the left, « DEVIS », number, dates on the right; then issuer and client boxes; then the object. */
export function drawQuoteHeader(doc: Doc, quote: QuoteDetail, facts: QuoteHeaderFacts, palette: Palette): void {
  const top = MARGIN.top;
  const left = MARGIN.side;
  const rightX = left + CONTENT_WIDTH / 2 + 10;
  const rightWidth = CONTENT_WIDTH / 2 - 10;

  let leftBottom: number = top;
  if (facts.logo) {
    doc.image(facts.logo.source as never, left, top, { fit: [150, 64] });
    leftBottom = top + 70;
  }
  style(doc, { font: FONT.bold, size: 13 }).text(quote.issuer.name, left, leftBottom, { width: CONTENT_WIDTH / 2 });
  leftBottom = doc.y;

  style(doc, { font: FONT.bold, size: 26, color: palette.text }).text('DEVIS', rightX, top, { width: rightWidth, align: 'right' });
  style(doc, { font: FONT.bold, size: 11 }).text(quote.number ? `N° ${quote.label}` : `${quote.label} — numéro attribué à l’envoi`, rightX, doc.y, {
    width: rightWidth,
    align: 'right',
  });
  style(doc, { size: 9 }).text(`Date d’émission : ${facts.issueDate}`, rightX, doc.y + 2, { width: rightWidth, align: 'right' });
  doc.text(`Valable ${quote.validity_days} jours, jusqu’au ${facts.validUntil}`, rightX, doc.y, { width: rightWidth, align: 'right' });
  let rightBottom = doc.y;
  if (facts.draft) {
    const h = 18;
    doc.rect(rightX, rightBottom + 4, rightWidth, h).fill('#b3261e');
    style(doc, { font: FONT.bold, size: 8.5, color: '#ffffff' }).text(DRAFT_MENTION, rightX, rightBottom + 9, { width: rightWidth, align: 'center' });
    rightBottom += h + 6;
  }

  // Two boxes: « Émetteur » and « Client », the client's one also giving the site address.
  const boxTop = Math.max(leftBottom, rightBottom) + 12;
  const boxWidth = CONTENT_WIDTH / 2 - 6;
  const pad = 7;
  const issuerText = issuerLines(quote.issuer).join('\n');
  const site = addressLines(quote.site_address);
  const clientText = clientLines(quote).join('\n');
  const siteText = site.length ? site.join('\n') : 'À préciser';
  const issuerHeight =
    14 + measure(doc, quote.issuer.name, boxWidth - 2 * pad, { font: FONT.bold }) + measure(doc, issuerText, boxWidth - 2 * pad, { size: 8 });
  const clientHeight =
    14 +
    measure(doc, quote.client.name, boxWidth - 2 * pad, { font: FONT.bold }) +
    measure(doc, clientText, boxWidth - 2 * pad, { size: 8 }) +
    16 +
    measure(doc, siteText, boxWidth - 2 * pad, { size: 8 });
  const boxHeight = Math.max(issuerHeight, clientHeight) + 2 * pad;

  const box = (x: number, label: string, name: string, body: string, extra?: { label: string; body: string }) => {
    doc.rect(x, boxTop, boxWidth, boxHeight).fillAndStroke(SHADE, RULE);
    style(doc, { font: FONT.bold, size: 7.5, color: palette.text }).text(label.toUpperCase(), x + pad, boxTop + pad, {
      width: boxWidth - 2 * pad,
      characterSpacing: 0.5,
    });
    style(doc, { font: FONT.bold, size: 9 }).text(name, x + pad, doc.y + 2, { width: boxWidth - 2 * pad });
    style(doc, { size: 8 }).text(body, x + pad, doc.y + 1, { width: boxWidth - 2 * pad, lineGap: 1 });
    if (extra) {
      style(doc, { font: FONT.bold, size: 7.5, color: palette.text }).text(extra.label.toUpperCase(), x + pad, doc.y + 6, {
        width: boxWidth - 2 * pad,
        characterSpacing: 0.5,
      });
      style(doc, { size: 8 }).text(extra.body, x + pad, doc.y + 1, { width: boxWidth - 2 * pad, lineGap: 1 });
    }
  };
  box(left, 'Émetteur', quote.issuer.name, issuerText);
  box(left + boxWidth + 12, 'Client', quote.client.name, clientText, { label: 'Adresse du chantier', body: siteText });

  // Object of the quote.
  doc.y = boxTop + boxHeight + 12;
  style(doc, { font: FONT.bold, size: 10 }).text(`Objet : ${quote.title}`, left, doc.y, { width: CONTENT_WIDTH });
  const context = [`Projet : ${quote.project.title} (${quote.project.category})`];
  if (quote.kind === 'depannage') context.push('Nature : dépannage, réparation ou entretien');
  style(doc, { size: 8.5, color: MUTED }).text(context.join(' · '), left, doc.y + 1, { width: CONTENT_WIDTH });
  doc.y += 8;
}
