import { documentNameParams } from './document-name';
import type { Executor } from '@ouvrage/db';
import { MAX_SIGNERS, type SignatureBox, type SignatureDocumentKind, type SignatureProviderName } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notFound, refuse } from '../../lib/errors';
import { notify } from '../notifications';
import { readVerified, sha256Of } from '../originals';
import { lockQuoteForSignature, markQuoteSigned, quoteSignatureSource } from '../quotes';
import * as refusals from './document-errors';
import * as repo from './documents-repository';
import { providerFor, type SendOptions } from './providers';
import { sendSignedCopies, signedDocumentAttachment } from './signed-copies';
import { completionHookFor } from './subjects';

/**
 * Signature documents (decision 0640): created from a quote or an uploaded contract, sent through a
 * provider, completed exactly once with the signed PDF. Every step leaves an event in the audit trail.
 */

export const sha256 = sha256Of;

export interface NewSignatureDocument {
  kind: SignatureDocumentKind;
  quoteId?: number | null;
  /** The record a non-quote kind is about (a réception), decision 0720. */
  subjectId?: number | null;
  projectId?: number | null;
  ownerId: number;
  title: string;
  /** The subject's label the web names the document with (a réception's quote label). */
  subjectLabel?: string | null;
  fileName: string;
  pdf: Buffer;
  signatureBox?: SignatureBox | null;
  /** Defaults to the configured provider (ESIGN_PROVIDER). */
  provider?: SignatureProviderName;
  signers: Array<{ userId?: number | null; name: string; email: string }>;
}

export async function createSignatureDocument(deps: AppDeps, tx: Executor, input: NewSignatureDocument): Promise<repo.SignatureDocumentRow> {
  if (input.signers.length === 0) throw refusals.noSigner();
  if (input.signers.length > MAX_SIGNERS)
    throw refuse('SIGN_DOCUMENT_TOO_MANY_SIGNERS', `Au plus ${MAX_SIGNERS} signataires par document.`, { max: MAX_SIGNERS });
  const now = deps.clock.now();
  const key = await deps.storage.save(input.pdf, 'pdf');
  const doc = await repo.insertDocument(tx, {
    kind: input.kind,
    quoteId: input.quoteId ?? null,
    subjectId: input.subjectId ?? null,
    projectId: input.projectId ?? null,
    ownerId: input.ownerId,
    title: input.title,
    subjectLabel: input.subjectLabel ?? null,
    fileName: input.fileName,
    originalKey: key,
    originalSha256: sha256(input.pdf),
    originalSize: input.pdf.length,
    signatureBox: input.signatureBox ?? null,
    provider: input.provider ?? deps.config.esign.provider,
    createdAt: now,
    updatedAt: now,
  });
  await repo.insertSigners(
    tx,
    input.signers.map((s, position) => ({ documentId: doc.id, position, userId: s.userId ?? null, name: s.name.trim(), email: s.email.trim().toLowerCase() })),
  );
  await repo.insertEvent(tx, { documentId: doc.id, type: 'created', at: now, detail: { sha256: doc.originalSha256 } });
  return doc;
}

/**
 * The quote's signature document, created the first time (one per quote): the quote's PDF as its
 * issuer sees it, signed by its client. Not inside a caller's transaction: the PDF is rendered
 * first, from committed data (the embedded database has one connection), then the document is
 * inserted under the quote's lock, a concurrent call having possibly made it meanwhile.
 */
export async function ensureQuoteSignatureDocument(
  deps: AppDeps,
  quoteId: number,
  options: { signatureBox?: SignatureBox | null } = {},
): Promise<repo.SignatureDocumentRow> {
  const existing = await repo.findDocumentOfQuote(deps.db, quoteId);
  if (existing) return existing;
  const source = await quoteSignatureSource(deps, quoteId);
  return deps.db.transaction(async (tx) => {
    await lockQuoteForSignature(tx, quoteId);
    const made = await repo.findDocumentOfQuote(tx, quoteId);
    if (made) return made;
    return createSignatureDocument(deps, tx, {
      kind: 'quote',
      quoteId,
      projectId: source.projectId,
      ownerId: source.issuerId,
      title: source.title,
      fileName: source.fileName,
      pdf: source.pdf,
      signatureBox: options.signatureBox ?? source.signatureBox ?? null,
      signers: [{ userId: source.client.id, name: source.client.name, email: source.client.email }],
    });
  });
}

export interface SignatureEventInput {
  documentId: number;
  signerId?: number | null;
  type: string;
  at: Date;
  ip?: string | null;
  userAgent?: string | null;
  detail?: Record<string, unknown> | null;
}

export async function recordSignatureEvent(tx: Executor, event: SignatureEventInput): Promise<void> {
  await repo.insertEvent(tx, {
    ...event,
    signerId: event.signerId ?? null,
    ip: event.ip ?? null,
    userAgent: event.userAgent ?? null,
    detail: event.detail ?? null,
  });
}

/**
 * Send a draft document to its signers through its provider, exactly once (decision 0970). The
 * document's row is locked first and the provider called under that lock, in the transaction that
 * stores its result: a second send of the same document (a double click, a retried request,
 * another instance) waits, then finds it sent and is refused — it never creates a second agreement
 * at the provider, nor mails the signers twice. A provider with a first step (Acrobat Sign) has
 * its unsent agreement's id committed before, so a crash cannot leave one out for signature that
 * we do not know.
 */
export async function sendForSignature(deps: AppDeps, documentId: number, options: SendOptions = {}): Promise<repo.SignatureDocumentRow> {
  await prepareAgreement(deps, documentId);
  const sent = await deps.db.transaction(async (tx) => {
    const doc = await repo.lockDocument(tx, documentId);
    if (!doc) throw refusals.documentNotFound();
    if (doc.status !== 'draft') throw refusals.notDraft(doc.status);
    const signers = await repo.signersOf(tx, doc.id);
    const { agreementId } = await providerFor(doc.provider).send(deps, tx, doc, signers, options);
    const now = deps.clock.now();
    const row = await repo.updateDocument(tx, doc.id, { status: 'out_for_signature', agreementId, sentAt: now, updatedAt: now });
    await repo.insertEvent(tx, { documentId: doc.id, type: 'sent', at: now, detail: { provider: doc.provider, agreement_id: agreementId } });
    return row;
  });
  void deps.mailer.dispatch();
  return sent;
}

/** The provider's first step, when it has one not taken yet: the agreement's id committed on the draft. */
async function prepareAgreement(deps: AppDeps, documentId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const doc = await repo.lockDocument(tx, documentId);
    if (!doc) throw refusals.documentNotFound();
    if (doc.status !== 'draft') throw refusals.notDraft(doc.status);
    const provider = providerFor(doc.provider);
    if (!provider.prepare || doc.agreementId) return;
    const agreementId = await provider.prepare(deps, doc, await repo.signersOf(tx, doc.id));
    await repo.updateDocument(tx, doc.id, { agreementId, updatedAt: deps.clock.now() });
  });
}

export type Completion = 'completed' | 'already-signed';

/**
 * Store the signed PDF and close the document, exactly once: the row is locked, a document already
 * signed is left as it is (a duplicated completion event, a job re-run after a restart). A quote
 * document moves its quote to `Signé` in the same transaction; another kind runs the hook its
 * module registered (a réception's PV: the project to « Réception », decision 0720).
 */
export async function completeSignatureDocument(deps: AppDeps, tx: Executor, documentId: number, result: { signedPdf: Buffer; at: Date }): Promise<Completion> {
  const doc = await repo.lockDocument(tx, documentId);
  if (!doc) throw refusals.documentNotFound();
  if (doc.status === 'signed') return 'already-signed';
  if (doc.status !== 'out_for_signature') throw refusals.notOutForSignature(doc.status);
  const signedKey = await deps.storage.save(result.signedPdf, 'pdf');
  const signedSha256 = sha256(result.signedPdf);
  await repo.updateDocument(tx, doc.id, {
    status: 'signed',
    signedKey,
    signedSha256,
    signedSize: result.signedPdf.length,
    signedAt: result.at,
    updatedAt: result.at,
  });
  // Signers' links stay: once signed they only give the signed PDF to download.
  const signers = await repo.signersOf(tx, doc.id);
  for (const signer of signers) {
    if (signer.status !== 'signed') await repo.updateSigner(tx, signer.id, { status: 'signed', signedAt: signer.signedAt ?? result.at });
  }
  await repo.insertEvent(tx, { documentId: doc.id, type: 'completed', at: result.at, detail: { sha256: signedSha256 } });
  const hook = completionHookFor(doc.kind);
  if (doc.kind === 'quote' && doc.quoteId !== null) await markQuoteSigned(deps, tx, doc.quoteId, result.at, signedDocumentAttachment(doc.id));
  else if (hook) await hook(deps, tx, doc, result.at);
  // A document with no module of its own (an uploaded contract): its owner hears it is signed.
  else
    await notify(tx, deps, {
      userId: doc.ownerId,
      kind: 'document_signed',
      params: { ...documentNameParams(doc), name: signers.map((s) => s.name).join(', ') },
      link: '/document',
      attachments: signedDocumentAttachment(doc.id),
    });
  // Every signer gets the signed copy, attached (decision 1070).
  await sendSignedCopies(deps, tx, doc, signers);
  return 'completed';
}

/**
 * The PDF sent for signature, as stored when the document was made, checked against its SHA-256
 * and size (decision 1023): a mismatch is logged and refused, never served, sealed or sent.
 */
export const readOriginalPdf = (deps: AppDeps, doc: repo.SignatureDocumentRow) =>
  readVerified(deps, { key: doc.originalKey, sha256: doc.originalSha256, size: doc.originalSize }, { kind: 'signature-original', id: doc.id }, () =>
    notFound('Le document original est introuvable sur le serveur.'),
  );

/** The signed PDF, as stored at completion, checked the same way. */
export async function readSignedPdf(deps: AppDeps, doc: repo.SignatureDocumentRow): Promise<Buffer> {
  if (!doc.signedKey || !doc.signedSha256) throw refusals.notOutForSignature(doc.status);
  return readVerified(deps, { key: doc.signedKey, sha256: doc.signedSha256, size: doc.signedSize }, { kind: 'signature-signed', id: doc.id }, () =>
    notFound('Le document signé est introuvable sur le serveur.'),
  );
}

export {
  eventsOf as signatureEventsOf,
  findDocument as findSignatureDocument,
  findDocumentByAgreement as findSignatureDocumentByAgreement,
  findDocumentOfQuote as findSignatureDocumentOfQuote,
  findDocumentOfSubject as findSignatureDocumentOfSubject,
  listDocuments as listSignatureDocuments,
  lockDocument as lockSignatureDocument,
  signersOf as signatureSignersOf,
} from './documents-repository';
