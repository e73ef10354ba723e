import { notFound, refuse } from '../../lib/errors';

/** Refusals about signature documents (decision 0640). */
export const documentNotFound = () => notFound('Ce document à signer est introuvable.');
export const notDraft = (status: string) => refuse('SIGN_DOCUMENT_NOT_DRAFT', 'Ce document a déjà été envoyé en signature.', { status });
export const notOutForSignature = (status: string) => refuse('SIGN_DOCUMENT_NOT_OUT', 'Ce document n’est pas en attente de signature.', { status });
export const noSigner = () => refuse('SIGN_DOCUMENT_NO_SIGNER', 'Indiquez au moins un signataire.');
