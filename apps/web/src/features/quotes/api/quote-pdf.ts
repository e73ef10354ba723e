import { quoteFilePaths } from '@ouvrage/contracts';
import { fetchFileUrl } from '../../../lib/api-client';

/** `GET api/devis/{id}/pdf` (outside the JSON envelope): downloaded by the browser under the quote's label. */
export async function downloadQuotePdf(id: number, label: string): Promise<void> {
  const url = await fetchFileUrl(quoteFilePaths.pdf(id));
  const a = document.createElement('a');
  a.href = url;
  a.download = `devis-${label.replace(/[^\w-]+/g, '-')}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
