import { AppError } from '../../lib/errors';
import type { Doc } from './layout';

/** An image pdfkit can draw (PNG or JPEG), opened once so its size is known before layout. */
export interface PdfImage {
  /** pdfkit's opened image: drawn with `doc.image(image.source as never, …)`, decoded once. */
  source: unknown;
  width: number;
  height: number;
}

export const IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/jpg'] as const;

/** A stored file the PDF cannot use: the issuer must upload it again (422, not a server fault). */
export const unreadableFile = (what: string) =>
  new AppError(
    'QUOTE_PDF_FILE_UNREADABLE',
    `Le fichier « ${what} » est illisible : envoyez-le de nouveau en PDF, PNG ou JPEG.`,
    undefined,
    { name: what },
    422,
  );

export function openImage(doc: Doc, bytes: Buffer, mime: string, what: string): PdfImage {
  if (!(IMAGE_MIMES as readonly string[]).includes(mime.toLowerCase())) throw unreadableFile(what);
  try {
    // openImage exists in pdfkit but not in its type definitions.
    const image = (doc as unknown as { openImage(src: Buffer): { width: number; height: number } }).openImage(bytes);
    return { source: image, width: image.width, height: image.height };
  } catch {
    throw unreadableFile(what);
  }
}
