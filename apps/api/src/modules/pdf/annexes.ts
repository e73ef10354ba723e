import type { PDF } from '@libpdf/core';
import type { QuoteDetail } from '@ouvrage/contracts';
import { mentionMarker } from '@ouvrage/domain';
import { loadLibPdf } from '../../lib/lazy-deps';
import { FONT } from './fonts';
import { type PdfImage, openImage, unreadableFile } from './images';
import { CONTENT_BOTTOM, CONTENT_WIDTH, type Doc, MARGIN, MUTED, newPage, type Palette, RULE, style } from './layout';

/**
 * The insurance certificates attached to the quote (C. assur. art. L243-2). pdfkit draws every
 * annex page, title and footer included; an image certificate is drawn there directly. pdfkit
 * cannot import pages, so a PDF certificate gets one titled page per source page with an empty
 * frame, and `fillPdfAnnexes` then draws each source page into its frame with @libpdf/core
 * (as a Form XObject, scaled to fit): the pages keep the document's numbering and footer.
 */
export interface Certificate {
  kind: 'decennale' | 'rc_pro';
  name: string;
  mime: string;
  bytes: Buffer;
}

type PreparedAnnex = { certificate: Certificate; image: PdfImage } | { certificate: Certificate; pdf: PDF; pages: number };

export interface AnnexPlacement {
  pageIndex: number;
  source: PDF;
  sourcePage: number;
  /** The frame in pdfkit coordinates (origin top left). */
  frame: { x: number; y: number; width: number; height: number };
}

const KIND_TITLE: Record<Certificate['kind'], string> = {
  decennale: 'Attestation d’assurance responsabilité civile décennale',
  rc_pro: 'Attestation d’assurance responsabilité civile professionnelle',
};

export const ANNEX_LEGAL_NOTE = 'Attestation jointe au devis en application de l’article L243-2 du code des assurances.';

/** Opens every certificate before anything is drawn: an unreadable one refuses the whole PDF (422). */
export async function prepareAnnexes(doc: Doc, certificates: readonly Certificate[]): Promise<PreparedAnnex[]> {
  const prepared: PreparedAnnex[] = [];
  for (const certificate of certificates) {
    if (certificate.mime.toLowerCase() === 'application/pdf') {
      const { PDF } = await loadLibPdf(); // outside the try: a missing library is not an unreadable file
      try {
        const pdf = await PDF.load(new Uint8Array(certificate.bytes.buffer, certificate.bytes.byteOffset, certificate.bytes.byteLength));
        const pages = pdf.getPageCount();
        if (pages < 1) throw new Error('no page');
        prepared.push({ certificate, pdf, pages });
      } catch {
        throw unreadableFile(certificate.name);
      }
    } else {
      prepared.push({ certificate, image: openImage(doc, certificate.bytes, certificate.mime, certificate.name) });
    }
  }
  return prepared;
}

/** One titled page (or one per source page); returns where the PDF pages must be drawn. */
export function drawAnnexes(doc: Doc, annexes: readonly PreparedAnnex[], palette: Palette): AnnexPlacement[] {
  const placements: AnnexPlacement[] = [];
  annexes.forEach((annex, index) => {
    const pages = 'pdf' in annex ? annex.pages : 1;
    for (let page = 0; page < pages; page += 1) {
      newPage(doc);
      const title = `Annexe ${index + 1} — ${KIND_TITLE[annex.certificate.kind]}`;
      style(doc, { font: FONT.bold, size: 12, color: palette.text }).text(title, MARGIN.side, MARGIN.top, { width: CONTENT_WIDTH });
      const detail = `${annex.certificate.name}${pages > 1 ? ` — page ${page + 1} / ${pages}` : ''} · ${ANNEX_LEGAL_NOTE}`;
      style(doc, { size: 7.5, color: MUTED }).text(detail, MARGIN.side, doc.y + 2, { width: CONTENT_WIDTH });
      const frame = { x: MARGIN.side, y: doc.y + 8, width: CONTENT_WIDTH, height: CONTENT_BOTTOM - doc.y - 12 };
      doc.rect(frame.x, frame.y, frame.width, frame.height).lineWidth(0.4).strokeColor(RULE).stroke();
      if ('image' in annex) {
        doc.image(annex.image.source as never, frame.x + 4, frame.y + 4, { fit: [frame.width - 8, frame.height - 8], align: 'center', valign: 'center' });
      } else {
        placements.push({ pageIndex: doc.bufferedPageRange().count - 1, source: annex.pdf, sourcePage: page, frame });
      }
    }
  });
  return placements;
}

/**
 * The standard withdrawal form (annex to C. conso. R221-1, decision 1042) on a page of its own,
 * the professional and the quote filled in, the rest left for the consumer to write.
 */
export function drawWithdrawalForm(doc: Doc, quote: QuoteDetail, palette: Palette): void {
  newPage(doc);
  style(doc, { font: FONT.bold, size: 13, color: palette.text }).text(mentionMarker('devis.withdrawal_form'), MARGIN.side, MARGIN.top, {
    width: CONTENT_WIDTH,
  });
  style(doc, { size: 8, color: MUTED }).text(
    `Formulaire type de rétractation (annexe à l’article R221-1 du code de la consommation) — devis ${quote.label}.`,
    MARGIN.side,
    doc.y + 2,
    { width: CONTENT_WIDTH },
  );
  const line = (text: string, gap = 10, font: string = FONT.regular) =>
    style(doc, { font, size: 9.5 }).text(text, MARGIN.side, doc.y + gap, { width: CONTENT_WIDTH, lineGap: 2 });
  line('(Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat.)', 14);
  const issuer = [quote.issuer.name, quote.issuer.address, quote.issuer.email].filter(Boolean).join(', ');
  line(`À l’attention de ${issuer} :`);
  line(`${mentionMarker('devis.withdrawal_form', 1)} du contrat portant sur la vente du bien (*)/pour la prestation de services (*) ci-dessous :`);
  line(`Devis ${quote.label} — ${quote.title}`, 4, FONT.bold);
  const blank = ' ______________________________________________';
  line(`Commandé le (*)/reçu le (*) :${blank}`, 14);
  line(`Nom du (des) consommateur(s) :${blank}`, 14);
  line(`Adresse du (des) consommateur(s) :${blank}`, 14);
  line('Signature du (des) consommateur(s) (uniquement en cas de notification du présent formulaire sur papier) :', 14);
  doc
    .rect(MARGIN.side, doc.y + 6, CONTENT_WIDTH / 2, 70)
    .lineWidth(0.4)
    .strokeColor(RULE)
    .stroke();
  doc.y += 82;
  line(`Date :${blank}`, 8);
  line('(*) Rayez la mention inutile.', 14);
}

/** Draws each PDF certificate page into its frame, scaled to fit and centred. */
export async function fillPdfAnnexes(bytes: Buffer, placements: readonly AnnexPlacement[]): Promise<Buffer> {
  const { PDF } = await loadLibPdf();
  const pdf = await PDF.load(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  for (const p of placements) {
    const page = pdf.getPage(p.pageIndex);
    if (!page) throw new RangeError(`Page d’annexe absente : ${p.pageIndex}`);
    let embedded;
    try {
      embedded = await pdf.embedPage(p.source, p.sourcePage);
    } catch {
      throw unreadableFile('attestation');
    }
    const inner = { width: p.frame.width - 8, height: p.frame.height - 8 };
    const scale = Math.min(inner.width / embedded.width, inner.height / embedded.height);
    const width = embedded.width * scale;
    const height = embedded.height * scale;
    const left = p.frame.x + 4 + (inner.width - width) / 2;
    const top = p.frame.y + 4 + (inner.height - height) / 2;
    page.drawPage(embedded, { x: left, y: page.height - top - height, width, height });
  }
  return Buffer.from(await pdf.save());
}
