import { quoteFilePaths } from '@ouvrage/contracts';
import { fetchFileUrl } from '../../../lib/api-client';

/** `GET api/devis/{id}/pdf` (outside the JSON envelope): downloaded by the browser under the quote's label. */
export async function downloadQuotePdf(id: number, label: string): Promise<void> {
  save(await fetchFileUrl(quoteFilePaths.pdf(id)), `devis-${label.replace(/[^\w-]+/g, '-')}.pdf`);
}

/** `GET api/devis/{id}/pdf-signe`: the signed, sealed quote (issue 10). */
export async function downloadSignedQuotePdf(id: number, label: string): Promise<void> {
  save(await fetchFileUrl(`/api/devis/${id}/pdf-signe`), `devis-${label.replace(/[^\w-]+/g, '-')}-signe.pdf`);
}

function save(url: string, name: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
