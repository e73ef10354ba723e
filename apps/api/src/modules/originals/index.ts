// The originals module's public face (decisions 1020–1024): stored, checked originals of issued documents.
export { ORIGINAL_JOB, originalFacts, originalPdf, queueOriginal, registerOriginalKind, type OriginalKind, type OriginalRenderer } from './originals';
export { logOriginalsTo, readVerified, sha256Of, type DocumentRef, type StoredFacts } from './verified-read';
export { originalAltered, originalMissing } from './original-errors';
