import type { SignatureBox } from '@ouvrage/domain';
import { A4, type Doc } from './layout';

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Where the client's drawn signature goes: on the page being written, between `top` and `bottom`
 * (PDFKit's coordinates, from the top), in the PDF's own coordinates (from the bottom, in points to
 * the hundredth) that the signing step stamps into.
 */
export function signatureBoxOnPage(doc: Doc, area: { x: number; top: number; bottom: number; width: number }): SignatureBox {
  const range = doc.bufferedPageRange();
  return {
    page: range.start + range.count - 1,
    x: round(area.x),
    y: round(A4.height - area.bottom),
    width: round(area.width),
    height: round(area.bottom - area.top),
  };
}
