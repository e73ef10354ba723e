import type { QuoteDetail } from '@ouvrage/contracts';
import { mentionMarker, type SignatureBox } from '@ouvrage/domain';
import { FONT } from './fonts';
import { signatureBoxOnPage } from './signature-box';
import { CONTENT_WIDTH, type Doc, ensureSpace, MARGIN, measure, MUTED, type Palette, RULE, style } from './layout';

/**
 * « Bon pour accord »: the reduced-TVA certification the client signs (when a line is at 10 % or
 * 5,5 %), then the client's date, handwritten « lu et approuvé » and signature, beside the
 * issuer's signature and stamp. Drawn as one box, never split.
 */
const PAD = 8;
const SIGN_HEIGHT = 96;

/**
 * Draws the area and answers where the client's signature goes (decision 0643): below « Signature
 * du client : », down to the box's inner bottom, in PDF points from the page's bottom-left corner.
 */
export function drawSignatureArea(doc: Doc, quote: QuoteDetail, palette: Palette): SignatureBox {
  const inner = CONTENT_WIDTH - 2 * PAD;
  const certification = quote.reduced_tva_certification;
  const certHeight = certification ? 14 + measure(doc, certification, inner, { size: 7.5 }) + 8 : 0;
  const height = 26 + certHeight + SIGN_HEIGHT + (quote.kind === 'depannage' ? 12 : 0);
  ensureSpace(doc, height + 14);
  const top = doc.y + 10;
  const x = MARGIN.side;
  doc.rect(x, top, CONTENT_WIDTH, height).lineWidth(0.8).strokeColor(palette.accent).stroke();
  style(doc, { font: FONT.bold, size: 11, color: palette.text }).text('Bon pour accord', x + PAD, top + PAD, { width: inner });
  let y = top + 26;
  if (certification) {
    style(doc, { font: FONT.bold, size: 8 }).text('Certification du client (TVA à taux réduit)', x + PAD, y, { width: inner });
    style(doc, { size: 7.5 }).text(certification, x + PAD, doc.y + 2, { width: inner, lineGap: 0.5, align: 'justify' });
    y = top + 26 + certHeight;
  }
  const half = (CONTENT_WIDTH - 3 * PAD) / 2;
  const clientX = x + PAD;
  const issuerX = clientX + half + PAD;
  style(doc, { font: FONT.bold, size: 8.5 }).text(`Le client : ${quote.client.name}`, clientX, y, { width: half });
  style(doc, { size: 8 }).text(`${mentionMarker('devis.acceptance', 1)} ____ / ____ / ________`, clientX, doc.y + 4, { width: half });
  doc.text('Mention manuscrite « Lu et approuvé, bon pour accord »', clientX, doc.y + 4, { width: half });
  // Dépannage: the customary « Devis reçu avant l’exécution des travaux », dated and signed here (decision 1043).
  if (quote.kind === 'depannage') doc.text(`et « ${mentionMarker('devis.received_before_works')} »`, clientX, doc.y + 2, { width: half });
  style(doc, { size: 8, color: MUTED }).text('Signature du client :', clientX, doc.y + 4, { width: half });
  const signTop = doc.y + 2;
  const signBottom = top + height - PAD;
  const box = signatureBoxOnPage(doc, { x: clientX, top: signTop, bottom: signBottom, width: half });
  style(doc, { font: FONT.bold, size: 8.5 }).text(`Pour l’entreprise : ${quote.issuer.name}`, issuerX, y, { width: half });
  style(doc, { size: 8, color: MUTED }).text('Signature et cachet :', issuerX, doc.y + 4, { width: half });
  doc
    .moveTo(issuerX - PAD / 2, y - 2)
    .lineTo(issuerX - PAD / 2, top + height - PAD)
    .lineWidth(0.4)
    .strokeColor(RULE)
    .stroke();
  doc.y = top + height + 6;
  return box;
}
