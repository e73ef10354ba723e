import { z } from 'zod';
import { idParam } from './common';
import { defineEndpoint } from './endpoint';
import { signApiLines } from './routes/sign-api';

/**
 * The spec's e-signature routes (§7 « Electronic signature », decision 0663): a quote's signature
 * document, the documents not yet sent (no agreement), sending one (links it to the provider's
 * agreement) and the signature status of the caller's quotes. Whatever the provider: built-in or
 * Acrobat Sign.
 */

export const SIGN_API_DOCUMENT_STATUSES = ['draft', 'out_for_signature', 'signed', 'cancelled'] as const;
export const SIGN_API_PROVIDERS = ['builtin', 'acrobat-sign'] as const;

export const signApiSigner = z.object({
  name: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'signed']),
  signed_at: z.string().nullable(),
});

export const signApiDocument = z.object({
  id: z.number().int(),
  kind: z.enum(['quote', 'contract', 'reception', 'avenant', 'dgd']),
  quote_id: z.number().int().nullable(),
  project_id: z.number().int().nullable(),
  title: z.string(),
  file_name: z.string(),
  provider: z.enum(SIGN_API_PROVIDERS),
  /** The provider's agreement, once sent (null for a draft; the built-in provider may keep none). */
  agreement_id: z.string().nullable(),
  status: z.enum(SIGN_API_DOCUMENT_STATUSES),
  signers: z.array(signApiSigner),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  signed_at: z.string().nullable(),
});
export type SignApiDocument = z.infer<typeof signApiDocument>;

/** One quote's signature, for `status-document-devis`. */
export const signApiQuoteStatus = z.object({
  quote_id: z.number().int(),
  /** `D-2026-0007 v2`. */
  quote_label: z.string(),
  quote_title: z.string(),
  document_id: z.number().int(),
  document_status: z.enum(SIGN_API_DOCUMENT_STATUSES),
  provider: z.enum(SIGN_API_PROVIDERS),
  sent_at: z.string().nullable(),
  signed_at: z.string().nullable(),
});
export type SignApiQuoteStatus = z.infer<typeof signApiQuoteStatus>;

const errors = [400, 401, 403, 404, 409] as const;

export const signApiEndpoints = {
  createDocument: defineEndpoint({ ...signApiLines.createDocument, params: idParam, response: signApiDocument, errors }),
  documentsWithoutAgreement: defineEndpoint({ ...signApiLines.documentsWithoutAgreement, response: z.array(signApiDocument), errors: [401, 403] }),
  storeDocumentAgreement: defineEndpoint({ ...signApiLines.storeDocumentAgreement, params: idParam, response: signApiDocument, errors: [...errors, 503] }),
  quoteSignatureStatuses: defineEndpoint({ ...signApiLines.quoteSignatureStatuses, response: z.array(signApiQuoteStatus), errors: [401, 403] }),
};
