import { invoiceFilePaths } from '@ouvrage/contracts';
import { fetchFileUrl } from '../../../lib/api-client';

/** A PDF outside the JSON envelope, downloaded by the browser under `name`. */
async function downloadPdf(path: string, name: string): Promise<void> {
  const url = await fetchFileUrl(path);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name.replace(/[^\w-]+/g, '-')}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `GET api/facture/{id}/pdf`: the invoice's Factur-X PDF, under the invoice's number. */
export function downloadInvoicePdf(id: number, number: string): Promise<void> {
  return downloadPdf(invoiceFilePaths.pdf(id), `facture-${number}`);
}

/** `GET api/facture/avoir/{id}/pdf`: a credit note's Factur-X PDF (decision 0710), under its number. */
export function downloadCreditNotePdf(id: number, number: string): Promise<void> {
  return downloadPdf(invoiceFilePaths.creditNotePdf(id), `avoir-${number}`);
}
