import { invoiceFilePaths } from '@ouvrage/contracts';
import type { FileRequest } from '../../../lib/download';

const pdfName = (name: string) => `${name.replace(/[^\w-]+/g, '-')}.pdf`;

/** `GET api/facture/{id}/pdf`: the invoice's Factur-X PDF, under the invoice's number. */
export const invoicePdfFile = (id: number, number: string): FileRequest => ({ path: invoiceFilePaths.pdf(id), name: pdfName(`facture-${number}`) });

/** `GET api/facture/avoir/{id}/pdf`: a credit note's Factur-X PDF (decision 0710), under its number. */
export const creditNotePdfFile = (id: number, number: string): FileRequest => ({ path: invoiceFilePaths.creditNotePdf(id), name: pdfName(`avoir-${number}`) });
