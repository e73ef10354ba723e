import { documentLinkFilePaths } from '@ouvrage/contracts';
import { ApiError } from '../../../lib/api-client';

export interface LinkedDocument {
  /** The PDF's bytes; pdf.js takes its own copy (it transfers the buffer to its worker). */
  bytes: Uint8Array;
  /** The file name the server gives, for the download button. */
  name: string;
}

function fileName(disposition: string | null): string {
  const match = /filename\*=UTF-8''([^;]+)|filename="([^"]+)"/i.exec(disposition ?? '');
  if (!match) return 'document.pdf';
  try {
    return match[1] ? decodeURIComponent(match[1]) : match[2];
  } catch {
    return match[2] ?? 'document.pdf';
  }
}

/**
 * `GET /api/document-links/{token}`, anonymously (decision 0610): the link is the authority, so no
 * session is sent and a refusal never sends the visitor to the login page.
 */
export async function fetchLinkedDocument(token: string, signal?: AbortSignal): Promise<LinkedDocument> {
  let response: Response;
  try {
    response = await fetch(documentLinkFilePaths.document(token), { credentials: 'omit', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('Impossible de joindre le serveur. Vérifiez votre connexion puis réessayez.', 0, 'NETWORK');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError(body?.error?.message ?? 'Le document ne peut pas être affiché.', response.status, body?.error?.code ?? 'UNKNOWN');
  }
  return { bytes: new Uint8Array(await response.arrayBuffer()), name: fileName(response.headers.get('content-disposition')) };
}
