/**
 * Signature documents (DESIGN §4, decision 0640): a PDF — a quote or an uploaded contract — sent to
 * one or more signers through a provider (the built-in signature or Acrobat Sign).
 */

export const SIGNATURE_DOCUMENT_KINDS = ['quote', 'contract', 'reception', 'avenant', 'dgd'] as const;
export type SignatureDocumentKind = (typeof SIGNATURE_DOCUMENT_KINDS)[number];

/** `draft` until it is sent (no agreement yet), then `out_for_signature`, `signed` once, or `cancelled`. */
export const SIGNATURE_DOCUMENT_STATUSES = ['draft', 'out_for_signature', 'signed', 'cancelled'] as const;
export type SignatureDocumentStatus = (typeof SIGNATURE_DOCUMENT_STATUSES)[number];

export const SIGNATURE_PROVIDERS = ['builtin', 'acrobat-sign'] as const;
export type SignatureProviderName = (typeof SIGNATURE_PROVIDERS)[number];

export const isSignatureProviderName = (value: unknown): value is SignatureProviderName =>
  typeof value === 'string' && (SIGNATURE_PROVIDERS as readonly string[]).includes(value);

export const SIGNER_STATUSES = ['pending', 'signed'] as const;
export type SignerStatus = (typeof SIGNER_STATUSES)[number];

/** Where a signature goes: a rectangle on a page (0-based), in PDF points, origin at the bottom left. */
export interface SignatureBox {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Signers per document; a contract goes to a handful of people, not a mailing list. */
export const MAX_SIGNERS = 10;
