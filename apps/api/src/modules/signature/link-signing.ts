import type { SignatureLinkInfo, SignBody, SignResult, SigningSession, SigningVerified } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import type { AppDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { quoteSigningFacts } from '../quotes';
import * as refusals from './code-errors';
import { readOriginalPdf, readSignedPdf } from './documents';
import * as docs from './documents-repository';
import { afterSignature, builtinOnly, notOpen, notVerified, recordSignature } from './sign-document';
import { parseSignatureImage } from './signature-image';
import { type Audit, checkCode, codeState, requestCode, type SignerTarget } from './signing-code';
import * as repo from './repository';

/**
 * Signing through a personal link `/signature/{token}` (decisions 0640, 0641, 0647): the token
 * names one signer of one document; the e-mail code comes before the document is shown or signed.
 * Once the document is complete the token no longer signs (the core clears it); the session that
 * was opened with it still downloads the signed PDF.
 */

const invalidLink = () =>
  new AppError('SIGN_LINK_INVALID', 'Ce lien de signature n’est pas valide ou a déjà servi. Vérifiez qu’il a été copié en entier.', undefined, {}, 404);

/** The link's signer and document (the document locked when `lock`), refused unless the built-in flow may sign it. */
async function linkTarget(deps: AppDeps, tx: Executor, token: string, lock = false): Promise<SignerTarget> {
  const signer = await docs.findSignerByTokenHash(tx, hashToken(token));
  if (!signer) throw invalidLink();
  const document = lock ? await docs.lockDocument(tx, signer.documentId) : await docs.findDocument(tx, signer.documentId);
  if (!document) throw invalidLink();
  if (document.provider !== 'builtin') throw builtinOnly();
  if (document.status === 'signed') throw refusals.alreadySigned();
  if (document.status !== 'out_for_signature') throw notOpen(document.status);
  let quote = null;
  if (document.kind === 'quote' && document.quoteId !== null) {
    quote = (await quoteSigningFacts(deps, tx, document.quoteId)) ?? null;
    if (quote && quote.status !== 'Accepté') throw refusals.notSignable(quote.status);
  }
  return { document, signer, quote };
}

/** The signer and document a link names, also once spent (through the session opened with it). */
async function linkSigner(deps: AppDeps, token: string) {
  const tokenHash = hashToken(token);
  let signer = await docs.findSignerByTokenHash(deps.db, tokenHash);
  const session = signer ? await repo.findSessionOfSigner(deps.db, signer.id) : await repo.findSessionByLinkHash(deps.db, tokenHash);
  if (!signer && session) signer = await docs.findSignerById(deps.db, session.signerRef);
  const document = signer ? await docs.findDocument(deps.db, signer.documentId) : undefined;
  if (!signer || !document) throw invalidLink();
  return { signer, document, session };
}

export async function linkInfo(deps: AppDeps, token: string): Promise<SignatureLinkInfo> {
  const { signer, document, session } = await linkSigner(deps, token);
  const signers = await docs.signersOf(deps.db, document.id);
  return {
    document_id: document.id,
    kind: document.kind,
    title: document.title,
    subject_label: document.subjectLabel,
    document_status: document.status,
    signer_name: signer.name,
    signer_status: signer.status,
    session_status: session?.status ?? null,
    signers: signers.map((s) => ({ name: s.name, status: s.status })),
    code_state:
      document.status === 'out_for_signature' && signer.status !== 'signed'
        ? await codeState(deps, deps.db, session, document.id, signer.email)
        : { pending_code: null, resend_in_s: 0 },
  };
}

export async function requestLinkCode(deps: AppDeps, token: string, audit: Audit): Promise<SigningSession> {
  const view = await deps.db.transaction(async (tx) => requestCode(deps, tx, await linkTarget(deps, tx, token), audit, { tokenHash: hashToken(token) }));
  void deps.mailer.dispatch();
  return view;
}

export async function verifyLinkCode(deps: AppDeps, token: string, code: string, audit: Audit): Promise<SigningVerified> {
  const outcome = await deps.db.transaction(async (tx) => checkCode(deps, tx, await linkTarget(deps, tx, token), code, audit));
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.verified;
}

export async function linkDocumentToSign(deps: AppDeps, token: string): Promise<{ bytes: Buffer; name: string }> {
  const target = await linkTarget(deps, deps.db, token);
  const session = await repo.findSessionOfSigner(deps.db, target.signer.id);
  if (session?.status !== 'verified') throw notVerified();
  return { bytes: await readOriginalPdf(deps, target.document), name: target.document.fileName };
}

export async function signThroughLink(deps: AppDeps, token: string, body: SignBody, audit: Audit): Promise<SignResult> {
  const image = parseSignatureImage(body.image);
  const storageKey = await deps.storage.save(image.png, 'png');
  const { documentId, allSigned } = await deps.db.transaction(async (tx) => {
    const target = await linkTarget(deps, tx, token, true);
    const { allSigned } = await recordSignature(deps, tx, target, body, storageKey, audit);
    return { documentId: target.document.id, allSigned };
  });
  return afterSignature(deps, documentId, allSigned);
}

/** The sealed PDF, for the signer whose link (or session opened with it) names a signed document. */
export async function linkSignedPdf(deps: AppDeps, token: string): Promise<{ bytes: Buffer; name: string }> {
  const { signer, document } = await linkSigner(deps, token);
  if (document.status !== 'signed' || signer.status !== 'signed') {
    throw new AppError('SIGN_NOT_SIGNED_YET', 'Ce document n’est pas encore signé par tous les signataires.', undefined, {}, 404);
  }
  return { bytes: await readSignedPdf(deps, document), name: document.fileName.replace(/\.pdf$/i, '') + '-signe.pdf' };
}
