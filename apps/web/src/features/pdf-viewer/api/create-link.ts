import { documentLinkRoutes, type DocumentKind } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

/** `POST /api/document-links`: a signed viewer link for a document the caller may read. */
export function createDocumentLink(kind: DocumentKind, id: number) {
  return callEndpoint(documentLinkRoutes.createLink, { body: { kind, id } });
}
