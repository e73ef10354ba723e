import { linePath, quoteFilePaths, signatureLines } from '@ouvrage/contracts';
import type { FileRequest } from '../../../lib/download';

const safe = (label: string) => label.replace(/[^\w-]+/g, '-');

/** `GET api/devis/{id}/pdf` (outside the JSON envelope), saved under the quote's label. */
export const quotePdfFile = (id: number, label: string): FileRequest => ({ path: quoteFilePaths.pdf(id), name: `devis-${safe(label)}.pdf` });

/** `GET api/devis/{id}/pdf-signe`: the signed, sealed quote (issue 10). */
export const signedQuotePdfFile = (id: number, label: string): FileRequest => ({
  path: linePath(signatureLines.signedQuotePdf, { id }),
  name: `devis-${safe(label)}-signe.pdf`,
});
