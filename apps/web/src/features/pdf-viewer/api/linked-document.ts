import { documentLinkFilePaths } from '@ouvrage/contracts';
import { fetchPublicFile, fileNameFromDisposition } from '../../../lib/download';

export interface LinkedDocument {
  /** The PDF's bytes; pdf.js takes its own copy (it transfers the buffer to its worker). */
  bytes: Uint8Array;
  /** The file name the server gives, for the download button. */
  name: string;
}

/**
 * `GET /api/document-links/{token}`, anonymously (decision 0610): the link is the authority, so no
 * session is sent and a refusal never sends the visitor to the login page.
 */
export async function fetchLinkedDocument(token: string, signal?: AbortSignal): Promise<LinkedDocument> {
  const response = await fetchPublicFile(documentLinkFilePaths.document(token), signal);
  return { bytes: new Uint8Array(await response.arrayBuffer()), name: fileNameFromDisposition(response.headers.get('content-disposition'), 'document.pdf') };
}
