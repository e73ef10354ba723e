import { quoteFilePaths } from '@ouvrage/contracts';
import { fetchFileUrl } from '../../../lib/api-client';

/**
 * `GET api/devis/{id}/pdf` in a new tab. The PDF needs the session token, which a plain link does
 * not carry: the tab is opened at once (so no pop-up blocker objects), then shown the fetched file.
 */
export async function openQuotePdf(id: number): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await fetchFileUrl(quoteFilePaths.pdf(id));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
