import type { SignBody, SignResult, SigningCodeState, SigningSession, SigningVerified } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import type { Caller, SignatureBox, SignatureDocumentKind } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { AppError, forbidden } from '../../lib/errors';
import type { QuoteSigningFacts } from '../quotes';
import * as refusals from './code-errors';
import { createSignatureDocument, readOriginalPdf, readSignedPdf, sendForSignature } from './documents';
import * as docs from './documents-repository';
import { afterSignature, builtinOnly, notOpen, notVerified, recordSignature } from './sign-document';
import { parseSignatureImage } from './signature-image';
import { type Audit, checkCode, codeState, requestCode, type SignerTarget } from './signing-code';
import * as repo from './repository';

/**
 * In-app signing of another module's record (decision 0720): the same code step, reading, drawing,
 * completion and seal as a quote's (decisions 0620–0648), for a subject a module describes — a
 * réception's procès-verbal signed by the project's client. The module says who may sign now and
 * renders the PDF; this file does the rest. The quote's client signs through the same functions
 * (quote-signing.ts describes the quote as a subject).
 */
export interface SigningSubject {
  kind: SignatureDocumentKind;
  /**
   * Lock the subject and check the caller may sign it now; throw the refusal otherwise. A quote
   * answers its facts (the reduced-TVA certification the signer confirms), others null.
   */
  lockSignable(deps: AppDeps, tx: Executor, caller: Caller, subjectId: number): Promise<QuoteSigningFacts | null | void>;
  /** The subject's document, made (not sent) the first time, outside any transaction. */
  ensureDocument(deps: AppDeps, subjectId: number): Promise<docs.SignatureDocumentRow>;
  /** The subject's document, if made. */
  findDocument(db: Executor, subjectId: number): Promise<docs.SignatureDocumentRow | undefined>;
  /** The refusal for a caller who is not among the document's signers. */
  notASigner?: () => AppError;
}

/** What a module gives to make its documents through `documentSubject`. */
export interface DocumentSubjectParts {
  kind: SignatureDocumentKind;
  /** Lock the subject in `tx` (the document is made under this lock). */
  lock(tx: Executor, subjectId: number): Promise<void>;
  lockSignable(deps: AppDeps, tx: Executor, caller: Caller, subjectId: number): Promise<void>;
  /** The document to make the first time, rendered from committed data outside any transaction. */
  source(deps: AppDeps, subjectId: number): Promise<SubjectDocumentSource>;
}

/** A subject whose document is found by `(kind, subject_id)` and made from `source` (a réception's PV). */
export function documentSubject(parts: DocumentSubjectParts): SigningSubject {
  return {
    kind: parts.kind,
    lockSignable: parts.lockSignable,
    findDocument: (db, id) => docs.findDocumentOfSubject(db, parts.kind, id),
    ensureDocument: (deps, id) => ensureSubjectDocument(deps, parts, id),
  };
}

export interface SubjectDocumentSource {
  projectId: number | null;
  ownerId: number;
  title: string;
  subjectLabel?: string | null;
  fileName: string;
  pdf: Buffer;
  signatureBox: SignatureBox | null;
  signers: Array<{ userId: number | null; name: string; email: string }>;
}

/** The subject's signature document, made the first time (one per subject, under the subject's lock). */
export async function ensureSubjectDocument(deps: AppDeps, subject: DocumentSubjectParts, subjectId: number): Promise<docs.SignatureDocumentRow> {
  const existing = await docs.findDocumentOfSubject(deps.db, subject.kind, subjectId);
  if (existing) return existing;
  const source = await subject.source(deps, subjectId);
  return deps.db.transaction(async (tx) => {
    await subject.lock(tx, subjectId);
    const made = await docs.findDocumentOfSubject(tx, subject.kind, subjectId);
    if (made) return made;
    return createSignatureDocument(deps, tx, { kind: subject.kind, subjectId, ...source });
  });
}

const notASigner = () => forbidden('Vous n’êtes pas signataire de ce document.');

/** The subject's document and the caller's signer row, the document locked in `tx`. */
async function subjectTarget(deps: AppDeps, tx: Executor, subject: SigningSubject, caller: Caller, subjectId: number): Promise<SignerTarget> {
  const quote = (await subject.lockSignable(deps, tx, caller, subjectId)) ?? null;
  const found = await subject.findDocument(tx, subjectId);
  const document = found ? await docs.lockDocument(tx, found.id) : undefined;
  if (!document) throw refusals.noSession();
  const signer = (await docs.signersOf(tx, document.id)).find((s) => s.userId === caller.id);
  if (!signer) throw (subject.notASigner ?? notASigner)();
  return { document, signer, quote };
}

export async function startSubjectSigning(deps: AppDeps, subject: SigningSubject, caller: Caller, subjectId: number, audit: Audit): Promise<SigningSession> {
  // Checked first, so a refusal renders no PDF and makes no document.
  await deps.db.transaction((tx) => subject.lockSignable(deps, tx, caller, subjectId));
  let doc = await subject.ensureDocument(deps, subjectId);
  if (doc.provider !== 'builtin') throw builtinOnly();
  if (doc.status === 'draft') {
    try {
      doc = await sendForSignature(deps, doc.id, { notify: false });
    } catch (error) {
      // A concurrent start sent it first: fine.
      if (!(error instanceof AppError && error.code === 'SIGN_DOCUMENT_NOT_DRAFT')) throw error;
    }
  } else if (doc.status === 'cancelled') throw notOpen(doc.status);
  const view = await deps.db.transaction(async (tx) => requestCode(deps, tx, await subjectTarget(deps, tx, subject, caller, subjectId), audit));
  void deps.mailer.dispatch();
  return view;
}

/**
 * Where the caller's code step stands on the subject's signing page (decision 1200), read without
 * sending anything: nothing pending before the document is out or once it is signed.
 */
export async function subjectCodeState(deps: AppDeps, subject: SigningSubject, caller: Caller, subjectId: number): Promise<SigningCodeState> {
  const document = await subject.findDocument(deps.db, subjectId);
  if (!document || document.status !== 'out_for_signature') return { pending_code: null, resend_in_s: 0 };
  const signer = (await docs.signersOf(deps.db, document.id)).find((s) => s.userId === caller.id);
  if (!signer) throw (subject.notASigner ?? notASigner)();
  if (signer.status === 'signed') return { pending_code: null, resend_in_s: 0 };
  return codeState(deps, deps.db, await repo.findSessionOfSigner(deps.db, signer.id), document.id, signer.email);
}

export async function verifySubjectCode(
  deps: AppDeps,
  subject: SigningSubject,
  caller: Caller,
  subjectId: number,
  code: string,
  audit: Audit,
): Promise<SigningVerified> {
  const outcome = await deps.db.transaction(async (tx) => checkCode(deps, tx, await subjectTarget(deps, tx, subject, caller, subjectId), code, audit));
  // Thrown after the commit: the try a wrong code cost must stay counted.
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.verified;
}

/** The original PDF the signer reads before signing: only once the code is verified. */
export async function subjectDocumentToSign(
  deps: AppDeps,
  subject: SigningSubject,
  caller: Caller,
  subjectId: number,
): Promise<{ bytes: Buffer; name: string }> {
  const target = await deps.db.transaction((tx) => subjectTarget(deps, tx, subject, caller, subjectId));
  const session = await repo.findSessionOfSigner(deps.db, target.signer.id);
  if (session?.status !== 'verified') throw notVerified();
  return { bytes: await readOriginalPdf(deps, target.document), name: target.document.fileName };
}

export async function signSubject(
  deps: AppDeps,
  subject: SigningSubject,
  caller: Caller,
  subjectId: number,
  body: SignBody,
  audit: Audit,
): Promise<SignResult> {
  const image = parseSignatureImage(body.image);
  const storageKey = await deps.storage.save(image.png, 'png');
  const { documentId, allSigned } = await deps.db.transaction(async (tx) => {
    const target = await subjectTarget(deps, tx, subject, caller, subjectId);
    const { allSigned } = await recordSignature(deps, tx, target, body, storageKey, audit);
    return { documentId: target.document.id, allSigned };
  });
  return afterSignature(deps, documentId, allSigned);
}

/** The sealed PDF of a signed subject (the route checked ownership), or null while not signed. */
export async function signedSubjectPdf(deps: AppDeps, kind: SignatureDocumentKind, subjectId: number): Promise<{ bytes: Buffer; name: string } | null> {
  const doc = await docs.findDocumentOfSubject(deps.db, kind, subjectId);
  if (!doc || doc.status !== 'signed') return null;
  return { bytes: await readSignedPdf(deps, doc), name: doc.fileName.replace(/\.pdf$/i, '') + '-signe.pdf' };
}
