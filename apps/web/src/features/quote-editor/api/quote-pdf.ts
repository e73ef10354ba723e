import { quoteFilePaths } from '@ouvrage/contracts';
import { openFile } from '../../../lib/download';

/**
 * `GET api/devis/{id}/pdf` in a new tab. The PDF needs the session token, which a plain link does
 * not carry: `openFile` opens the tab at once (so no pop-up blocker objects), then shows it the file.
 */
export const openQuotePdf = (id: number): Promise<void> => openFile({ path: quoteFilePaths.pdf(id) });
