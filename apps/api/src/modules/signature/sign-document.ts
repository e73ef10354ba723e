import type { SignBody, SignResult } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import type { AppDeps } from '../../lib/deps';
import { AppError, refuse } from '../../lib/errors';
import * as refusals from './code-errors';
import { completeBuiltinSignature, enqueueCompletion } from './complete-signature';
import * as docs from './documents-repository';
import * as repo from './repository';
import type { Audit, SignerTarget } from './signing-code';

/** The signature step's refusals (decision 0644). */
export const notVerified = () => refuse('SIGN_NOT_VERIFIED', 'Saisissez d’abord le code reçu par e-mail.');
export const documentChanged = () => refuse('SIGN_DOCUMENT_CHANGED', 'Le document affiché n’est pas celui à signer. Rechargez la page pour le relire.');
export const certificationRequired = () =>
  new AppError('SIGN_CERTIFICATION_REQUIRED', 'Cochez la certification du taux de TVA réduit.', { certified: 'Cochez la certification.' }, {}, 400);
export const notOpen = (status: string) => refuse('SIGN_DOCUMENT_NOT_OUT', 'Ce document n’est pas en attente de signature.', { status });
export const builtinOnly = () => refuse('SIGN_EXTERNAL_PROVIDER', 'Ce document se signe chez le prestataire de signature, par le lien reçu par e-mail.');

/**
 * Record one signer's signature (the caller locked the document in `tx` and stored the image):
 * the session must be verified, the document the one shown (its SHA-256), the acceptance and,
 * when asked, the reduced-TVA certification ticked. The last signature enqueues the completion.
 */
export async function recordSignature(
  deps: AppDeps,
  tx: Executor,
  target: SignerTarget,
  body: SignBody,
  storageKey: string,
  audit: Audit,
): Promise<{ allSigned: boolean }> {
  const { document, signer } = target;
  if (document.status === 'signed' || signer.status === 'signed') throw refusals.alreadySigned();
  if (document.status !== 'out_for_signature') throw notOpen(document.status);
  if (document.provider !== 'builtin') throw builtinOnly();
  const session = await repo.lockSessionOfSigner(tx, signer.id);
  if (!session || session.status !== 'verified') throw notVerified();
  if (body.document_sha256 !== document.originalSha256) throw documentChanged();
  const certification = target.quote?.reducedTvaCertification ?? null;
  if (certification && body.certified !== true) throw certificationRequired();

  const now = deps.clock.now();
  await docs.updateSigner(tx, signer.id, {
    status: 'signed',
    signedAt: now,
    ip: audit.ip,
    userAgent: audit.userAgent,
    signatureKey: storageKey,
    signatureMode: body.mode,
  });
  await repo.updateSession(tx, session.id, { status: 'completed', updatedAt: now });
  await docs.insertEvent(tx, {
    documentId: document.id,
    signerId: signer.id,
    type: 'signed',
    at: now,
    ip: audit.ip,
    userAgent: audit.userAgent,
    detail: { mode: body.mode, document_sha256: document.originalSha256, ...(certification ? { reduced_tva_certified: true } : {}) },
  });
  const others = (await docs.signersOf(tx, document.id)).filter((s) => s.id !== signer.id);
  const allSigned = others.every((s) => s.status === 'signed');
  if (allSigned) await enqueueCompletion(tx, document.id);
  return { allSigned };
}

/**
 * After the signature's commit: the completion runs at once when it was the last one (its job
 * stays queued as the safety net: a failure here is retried by the queue, not shown to the signer).
 */
export async function afterSignature(deps: AppDeps, documentId: number, allSigned: boolean): Promise<SignResult> {
  if (allSigned) {
    try {
      await completeBuiltinSignature(deps, documentId);
    } catch {
      void deps.jobs.kick();
    }
  }
  const doc = await docs.findDocument(deps.db, documentId);
  return { document_id: documentId, document_status: doc?.status ?? 'out_for_signature', completed: doc?.status === 'signed' };
}
