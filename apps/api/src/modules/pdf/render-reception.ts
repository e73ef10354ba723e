import type { QuoteDetail } from '@ouvrage/contracts';
import type { SignatureBox } from '@ouvrage/domain';
import { FONT } from './fonts';
import { signatureBoxOnPage } from './signature-box';
import { addressLines, day } from './french';
import { openImage } from './images';
import {
  CONTENT_WIDTH,
  createDocument,
  type Doc,
  ensureSpace,
  finish,
  MARGIN,
  measure,
  MUTED,
  paletteOf,
  paragraph,
  RULE,
  sectionTitle,
  SHADE,
  style,
} from './layout';
import { decoratePages } from './page-decorations';
import { issuerLines } from './quote-header';

/**
 * The procès-verbal de réception des travaux (decision 0720), in the quotes' layout and fonts:
 * parties, the works (quote, site), the réception's date and kind, the reservations by lot (with
 * their photo), then the client's signature box, whose place is reported for the signature.
 */
export interface ReceptionPdfInput {
  issuer: QuoteDetail['issuer'];
  client: { name: string; address: { street: string; postcode: string; city: string } | null };
  siteAddress: { street: string; postcode: string; city: string } | null;
  projectTitle: string;
  quoteLabel: string;
  quoteTitle: string;
  receptionDate: string;
  reservations: Array<{
    lotTitle: string;
    description: string;
    photo: { bytes: Buffer; mime: string } | null;
    /** The journal entry cited as its photo (decision 1232): its number, day and photos. */
    journal?: { number: number; workDate: string; photos: Array<{ bytes: Buffer; mime: string }> } | null;
  }>;
  generatedAt: Date;
}

const PAD = 8;
const SIGN_HEIGHT = 90;
const PHOTO_MAX = { width: 220, height: 160 };

/** The two parties' boxes (the avenant prints the same, decision 1220). */
export function drawParties(doc: Doc, input: Pick<ReceptionPdfInput, 'issuer' | 'client'>): void {
  const boxWidth = CONTENT_WIDTH / 2 - 6;
  const inner = boxWidth - 2 * PAD;
  const issuerText = issuerLines(input.issuer).join('\n');
  const clientText = [...addressLines(input.client.address)].join('\n');
  const height = Math.max(measure(doc, issuerText, inner, { size: 8 }), measure(doc, clientText, inner, { size: 8 })) + 40;
  const top = doc.y;
  const box = (x: number, label: string, name: string, body: string) => {
    doc.rect(x, top, boxWidth, height).fillAndStroke(SHADE, RULE);
    style(doc, { font: FONT.bold, size: 7.5, color: MUTED }).text(label.toUpperCase(), x + PAD, top + PAD, { width: inner, characterSpacing: 0.5 });
    style(doc, { font: FONT.bold, size: 9 }).text(name, x + PAD, doc.y + 2, { width: inner });
    style(doc, { size: 8 }).text(body, x + PAD, doc.y + 1, { width: inner, lineGap: 1 });
  };
  box(MARGIN.side, 'Maître d’œuvre (entreprise)', input.issuer.name, issuerText);
  box(MARGIN.side + boxWidth + 12, 'Maître d’ouvrage (client)', input.client.name, clientText);
  doc.y = top + height + 10;
}

/** Photos of a journal entry (decision 1232): three in a row, each in its box, under « Photos : journal de chantier, entrée n° 3 du … ». */
const JOURNAL_PHOTO = { width: 150, height: 110, gap: 8, perRow: 3 };

function drawJournalPhotos(doc: Doc, n: number, journal: NonNullable<ReceptionPdfInput['reservations'][number]['journal']>): void {
  style(doc, { size: 8, color: MUTED }).text(`Photos : journal de chantier, entrée n° ${journal.number} du ${day(journal.workDate)}`, MARGIN.side + 14, doc.y, {
    width: CONTENT_WIDTH - 14,
  });
  const { width, height, gap, perRow } = JOURNAL_PHOTO;
  for (let start = 0; start < journal.photos.length; start += perRow) {
    ensureSpace(doc, height + gap);
    const top = doc.y + 2;
    journal.photos.slice(start, start + perRow).forEach((photo, k) => {
      const x = MARGIN.side + 14 + k * (width + gap);
      try {
        const image = openImage(doc, photo.bytes, photo.mime, `photo ${start + k + 1} de la réserve ${n}`);
        const scale = Math.min(width / image.width, height / image.height, 1);
        doc.image(image.source as never, x, top, { width: image.width * scale, height: image.height * scale });
      } catch {
        style(doc, { size: 8, color: MUTED }).text('(photo illisible)', x, top, { width });
      }
    });
    doc.y = top + height + gap;
  }
}

function drawReservations(doc: Doc, input: ReceptionPdfInput): void {
  input.reservations.forEach((r, i) => {
    const text = `${i + 1}. Lot « ${r.lotTitle} » : ${r.description}`;
    paragraph(doc, text, { size: 9 }, 2);
    if (r.journal?.photos.length) drawJournalPhotos(doc, i + 1, r.journal);
    if (r.photo) {
      try {
        const image = openImage(doc, r.photo.bytes, r.photo.mime, `photo de la réserve ${i + 1}`);
        const scale = Math.min(PHOTO_MAX.width / image.width, PHOTO_MAX.height / image.height, 1);
        const w = image.width * scale;
        const h = image.height * scale;
        ensureSpace(doc, h + 8);
        doc.image(image.source as never, MARGIN.side + 14, doc.y + 2, { width: w, height: h });
        doc.y += h + 8;
      } catch {
        style(doc, { size: 8, color: MUTED }).text('(photo illisible, non reproduite)', MARGIN.side + 14, doc.y, { width: CONTENT_WIDTH - 14 });
      }
    }
  });
}

/** The signature box: the client's part on the left (reported), the company's on the right. */
export function drawSignatureBox(doc: Doc, input: Pick<ReceptionPdfInput, 'issuer' | 'client'>, accent: string): SignatureBox {
  const height = 30 + SIGN_HEIGHT;
  ensureSpace(doc, height + 14);
  const top = doc.y + 10;
  const x = MARGIN.side;
  const inner = CONTENT_WIDTH - 2 * PAD;
  doc.rect(x, top, CONTENT_WIDTH, height).lineWidth(0.8).strokeColor(accent).stroke();
  style(doc, { font: FONT.bold, size: 10.5 }).text('Signatures', x + PAD, top + PAD, { width: inner });
  const half = (CONTENT_WIDTH - 3 * PAD) / 2;
  const clientX = x + PAD;
  const issuerX = clientX + half + PAD;
  const y = top + 28;
  style(doc, { font: FONT.bold, size: 8.5 }).text(`Le maître d’ouvrage : ${input.client.name}`, clientX, y, { width: half });
  style(doc, { size: 8, color: MUTED }).text('Signature :', clientX, doc.y + 3, { width: half });
  const signTop = doc.y + 2;
  const signBottom = top + height - PAD;
  const box = signatureBoxOnPage(doc, { x: clientX, top: signTop, bottom: signBottom, width: half });
  style(doc, { font: FONT.bold, size: 8.5 }).text(`Le maître d’œuvre : ${input.issuer.name}`, issuerX, y, { width: half });
  doc
    .moveTo(issuerX - PAD / 2, y - 2)
    .lineTo(issuerX - PAD / 2, top + height - PAD)
    .lineWidth(0.4)
    .strokeColor(RULE)
    .stroke();
  doc.y = top + height + 6;
  return box;
}

export async function renderReceptionPdf(input: ReceptionPdfInput): Promise<{ pdf: Buffer; signatureBox: SignatureBox }> {
  const title = `Procès-verbal de réception des travaux — devis ${input.quoteLabel}`;
  const doc = await createDocument({ title, author: input.issuer.name, subject: input.quoteTitle, createdAt: input.generatedAt });
  const palette = paletteOf(null);
  style(doc, { font: FONT.bold, size: 16, color: palette.text }).text('PROCÈS-VERBAL DE RÉCEPTION DES TRAVAUX', MARGIN.side, MARGIN.top, {
    width: CONTENT_WIDTH,
    align: 'center',
  });
  style(doc, { size: 8.5, color: MUTED }).text('Article 1792-6 du code civil', MARGIN.side, doc.y + 2, { width: CONTENT_WIDTH, align: 'center' });
  doc.y += 12;
  drawParties(doc, input);

  sectionTitle(doc, 'Travaux', palette);
  paragraph(doc, `Marché : devis ${input.quoteLabel} « ${input.quoteTitle} »`, { size: 9 });
  paragraph(doc, `Projet : ${input.projectTitle}`, { size: 9 });
  const site = addressLines(input.siteAddress).join(', ');
  if (site) paragraph(doc, `Adresse du chantier : ${site}`, { size: 9 });

  sectionTitle(doc, 'Décision du maître d’ouvrage', palette);
  const withReservations = input.reservations.length > 0;
  paragraph(
    doc,
    withReservations
      ? `Après visite des travaux, le maître d’ouvrage déclare les recevoir AVEC RÉSERVES à la date du ${day(input.receptionDate)}. Les réserves ci-dessous seront levées par l’entreprise.`
      : `Après visite des travaux, le maître d’ouvrage déclare les recevoir SANS RÉSERVE à la date du ${day(input.receptionDate)}.`,
    { font: FONT.bold, size: 9.5 },
    6,
  );
  if (withReservations) {
    sectionTitle(doc, `Réserves (${input.reservations.length})`, palette);
    drawReservations(doc, input);
  }
  sectionTitle(doc, 'Effets de la réception', palette);
  paragraph(
    doc,
    'La réception fait courir les garanties de parfait achèvement (un an), de bon fonctionnement (deux ans) et décennale (dix ans). La retenue de garantie éventuelle est libérée un an après la réception, sauf réserves non levées (loi n° 71-584 du 16 juillet 1971).',
    { size: 8.5 },
  );
  const signatureBox = drawSignatureBox(doc, input, palette.accent);
  decoratePages(doc, { footer: `${input.issuer.name} · Procès-verbal de réception · devis ${input.quoteLabel}`, watermark: null });
  return { pdf: await finish(doc), signatureBox };
}
