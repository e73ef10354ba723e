/**
 * The signature module's public entry (decisions 0600–0604): the platform's sealing identity, the
 * audit certificate page, the PAdES seal and its verification (pure functions), and the signer's
 * e-mail code routes (decisions 0620–0624).
 */
export { appendAuditPage, AUDIT_PAGE_TITLE, type AuditEvent, type AuditSigner, type AuditTrail, formatAuditTime, renderAuditPages } from './audit-page';
export { sealPdf, type SealOptions } from './seal-pdf';
export { loadOrCreateSealIdentity, PLATFORM_SEAL_NAME, type SealIdentity, SealIdentityError, type SealIdentityOptions } from './seal-identity';
export { type SealVerification, verifySealedPdf } from './verify-seal';
export { signatureRoutes } from './routes';
export {
  completeSignatureDocument,
  type Completion,
  createSignatureDocument,
  ensureQuoteSignatureDocument,
  findSignatureDocument,
  findSignatureDocumentByAgreement,
  findSignatureDocumentOfQuote,
  findSignatureDocumentOfSubject,
  listSignatureDocuments,
  lockSignatureDocument,
  type NewSignatureDocument,
  readOriginalPdf,
  readSignedPdf,
  recordSignatureEvent,
  sendForSignature,
  sha256,
  signatureEventsOf,
  signatureSignersOf,
  type SignatureEventInput,
} from './documents';
export type { DocumentFilter, SignatureDocumentRow, SignatureEventRow, SignatureSignerRow } from './documents-repository';
export { registerSignatureProvider, type SendOptions, type SignatureProvider } from './providers';
export { findSignerByToken, signerLink } from './builtin-provider';
export { platformSealIdentity } from './platform-seal';
export { completeBuiltinSignature, SIGNATURE_COMPLETE_JOB } from './complete-signature';
export { findSealedRecord, type SealedRecord } from './sealed-registry';
export { registerSignatureCompletion, type SignatureCompletionHook } from './subjects';
export { signedDocumentAttachment } from './signed-copies';
export {
  documentSubject,
  type DocumentSubjectParts,
  ensureSubjectDocument,
  signedSubjectPdf,
  signSubject,
  type SigningSubject,
  startSubjectSigning,
  subjectCodeState,
  subjectDocumentToSign,
  type SubjectDocumentSource,
  verifySubjectCode,
} from './subject-signing';
export { auditOf } from './quote-signing';
export { subjectSigningRoutes, type SubjectWording } from './subject-signing-routes';
export { projectActivity as contractActivity } from './project-activity';
export { contractsToSign } from './dashboard-repository';
