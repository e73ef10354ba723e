import { invoiceFilePaths } from '@ouvrage/contracts';
import { fetchFileUrl } from '../../../lib/api-client';

/** `GET api/facture/{id}/pdf` (outside the JSON envelope): downloaded by the browser under the invoice's number. */
export async function downloadInvoicePdf(id: number, number: string): Promise<void> {
  const url = await fetchFileUrl(invoiceFilePaths.pdf(id));
  const a = document.createElement('a');
  a.href = url;
  a.download = `facture-${number.replace(/[^\w-]+/g, '-')}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
