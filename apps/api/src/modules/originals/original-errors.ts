import { AppError, notFound } from '../../lib/errors';

/**
 * A stored original whose bytes no longer match the SHA-256 (or size) recorded when it was issued
 * (decision 1023): never served. Not the reader's doing, so a 500 — with its own code, translated
 * fr/en/ar on the web, and a sentence that says what happens next without any detail of the store.
 */
export const originalAltered = () =>
  new AppError(
    'DOCUMENT_ORIGINAL_ALTERED',
    'Ce document ne peut pas être délivré : son original archivé ne correspond plus à son empreinte. L’équipe de la plateforme en est avertie.',
    undefined,
    {},
    500,
  );

/** A stored original whose file has gone missing from the store (a 404, as every missing file). */
export const originalMissing = () => notFound('L’original archivé de ce document est introuvable sur le serveur.');
