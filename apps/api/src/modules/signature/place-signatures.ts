import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { SignatureBox } from '@ouvrage/domain';
import { loadLibPdf } from '../../lib/lazy-deps';
import { CONTENT_WIDTH, createDocument, ensureSpace, finish, FONT, MARGIN, MUTED, paragraph, style } from '../pdf';
import { formatAuditTime } from './audit-page';

export interface PlacedSignature {
  name: string;
  signedAt: Date;
  png: Buffer;
}

const view = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
const require = createRequire(import.meta.url);
/** The line under each signature in a quote's box: its date, in the box itself (decision 1043). */
export const signedOnLine = (at: Date) => `Signé électroniquement le ${formatAuditTime(at)}`;
const DATE_SIZE = 6.5;
const toBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/**
 * First step of the final PDF (decisions 0600, 0643): the signers' images in the document. With a
 * known box (a quote's « Bon pour accord »), drawn into it — side by side when several sign —
 * in an incremental update; without one (a contract), on a signature page appended after the
 * document. Either way the original bytes stay a prefix of the result.
 */
export async function placeSignatures(original: Buffer, box: SignatureBox | null, signatures: PlacedSignature[]): Promise<Buffer> {
  if (signatures.length === 0) return original;
  const { PDF } = await loadLibPdf();
  const pdf = await PDF.load(view(original));
  const page = box ? pdf.getPage(box.page) : null;
  if (box && page) {
    const slot = box.width / signatures.length;
    // The platform's font (the PDF's own is a subset that may lack a digit): subset again at saving.
    const font = pdf.embedFont(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')));
    const dateHeight = DATE_SIZE * 2.6;
    for (const [i, s] of signatures.entries()) {
      const image = pdf.embedImage(view(s.png));
      const scale = Math.min((slot - 4) / image.width, (box.height - dateHeight - 4) / image.height);
      const width = image.width * scale;
      const height = image.height * scale;
      page.drawImage(image, { x: box.x + i * slot + (slot - width) / 2, y: box.y + dateHeight + (box.height - dateHeight - height) / 2, width, height });
      page.drawText(signedOnLine(s.signedAt), {
        x: box.x + i * slot + 2,
        y: box.y + 2 + DATE_SIZE * 1.2,
        size: DATE_SIZE,
        font,
        maxWidth: slot - 4,
        lineHeight: DATE_SIZE * 1.2,
      });
    }
  } else {
    const pages = await renderSignaturePage(signatures);
    const source = await PDF.load(view(pages));
    await pdf.copyPagesFrom(source, [...Array(source.getPageCount()).keys()]);
  }
  return toBuffer(await pdf.save({ incremental: true, subsetFonts: true }));
}

/** The contract's signature page: each signer's name, time and signature image. */
async function renderSignaturePage(signatures: PlacedSignature[]): Promise<Buffer> {
  const doc = await createDocument({ title: 'Signatures', author: 'Ouvrage', subject: 'Signatures', createdAt: new Date() });
  style(doc, { font: FONT.bold, size: 16 }).text('Signatures', MARGIN.side, MARGIN.top, { width: CONTENT_WIDTH });
  doc.y += 12;
  for (const s of signatures) {
    ensureSpace(doc, 150);
    style(doc, { font: FONT.bold, size: 10 }).text(s.name, MARGIN.side, doc.y, { width: CONTENT_WIDTH });
    paragraph(doc, `Signé électroniquement le ${formatAuditTime(s.signedAt)}`, { color: MUTED, size: 8 }, 4);
    const top = doc.y;
    doc.image(s.png, MARGIN.side, top, { fit: [240, 100] });
    doc.y = top + 112;
  }
  return finish(doc);
}
