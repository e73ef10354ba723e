import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { documentLinkLines } from './routes/document-links';
import { linePath } from './route-lines';

/**
 * Signed, expiring links to a document shown in the in-app viewer `/viewpdf` (decision 0610).
 * A kind names what the id designates; each module that owns documents registers its kind.
 */
export const DOCUMENT_KINDS = ['quote-pdf', 'invoice-pdf', 'signature-original', 'signature-signed'] as const;
export const documentKind = z.enum(DOCUMENT_KINDS, { error: 'Type de document inconnu.' });
export type DocumentKind = z.infer<typeof documentKind>;

export const createDocumentLinkBody = z.object({
  kind: documentKind,
  id: z.number({ error: 'Identifiant invalide.' }).int('Identifiant invalide.').positive('Identifiant invalide.'),
});
export type CreateDocumentLinkBody = z.infer<typeof createDocumentLinkBody>;

export const documentLink = z.object({
  /** The viewer's address in this app: `/viewpdf?t=<token>`. */
  url: z.string(),
  /** The token alone, for `GET /api/document-links/{token}`. */
  token: z.string(),
  expires_at: z.string(),
});
export type DocumentLink = z.infer<typeof documentLink>;

/** The refusals of `GET /api/document-links/{token}`, which the viewer translates. */
export const DOCUMENT_LINK_ERRORS = { expired: 'DOCUMENT_LINK_EXPIRED', invalid: 'DOCUMENT_LINK_INVALID' } as const;

export const documentLinkEndpoints = {
  createLink: defineEndpoint({
    ...documentLinkLines.createLink,
    body: createDocumentLinkBody,
    response: documentLink,
    status: 201,
    errors: [400, 401, 403, 404],
  }),
};

/** Raw answer outside the JSON envelope (the PDF itself), registered by hand, listed here for the web. */
export const documentLinkFilePaths = {
  document: (token: string) => linePath(documentLinkLines.openLink, { token }),
} as const;
