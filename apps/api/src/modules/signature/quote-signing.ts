import type { SignBody, SignResult, SigningSession, SigningVerified } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import type { Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { quoteSigningFacts, type QuoteSigningFacts } from '../quotes';
import * as refusals from './code-errors';
import { ensureQuoteSignatureDocument, readOriginalPdf, readSignedPdf, sendForSignature } from './documents';
import * as docs from './documents-repository';
import { notOpen, builtinOnly, notVerified, afterSignature, recordSignature } from './sign-document';
import { parseSignatureImage } from './signature-image';
import { type Audit, checkCode, requestCode, type SignerTarget } from './signing-code';
import * as repo from './repository';

/**
 * The quote's client signs in the app (decisions 0620, 0641, 0642): `{id}` is the quote's. The
 * first start makes the quote's signature document (outside any transaction: it renders the
 * PDF) and puts it out for signature without an invitation mail — the client is already here.
 */

/** The quote, locked, when the caller may sign it now: its client, `Accepté` today. */
async function signableQuote(deps: AppDeps, tx: Executor, caller: Caller, quoteId: number): Promise<QuoteSigningFacts> {
  const quote = await quoteSigningFacts(deps, tx, quoteId);
  if (!quote) throw refusals.quoteNotFound();
  if (quote.clientId !== caller.id) throw refusals.notTheSigner();
  if (quote.status === 'Signé') throw refusals.alreadySigned();
  if (quote.status !== 'Accepté') throw refusals.notSignable(quote.status);
  return quote;
}

/** The quote's document and the caller's signer row, the document locked in `tx`. */
async function quoteTarget(deps: AppDeps, tx: Executor, caller: Caller, quoteId: number): Promise<SignerTarget> {
  const quote = await signableQuote(deps, tx, caller, quoteId);
  const found = await docs.findDocumentOfQuote(tx, quote.id);
  const document = found ? await docs.lockDocument(tx, found.id) : undefined;
  if (!document) throw refusals.noSession();
  const signer = (await docs.signersOf(tx, document.id)).find((s) => s.userId === caller.id);
  if (!signer) throw refusals.notTheSigner();
  return { document, signer, quote };
}

/** The quote's document, made and sent (without mail) the first time. */
async function openQuoteDocument(deps: AppDeps, quoteId: number) {
  let doc = await ensureQuoteSignatureDocument(deps, quoteId);
  if (doc.provider !== 'builtin') throw builtinOnly();
  if (doc.status === 'draft') {
    try {
      doc = await sendForSignature(deps, doc.id, { notify: false });
    } catch (error) {
      // A concurrent start sent it first: fine.
      if (!(error instanceof AppError && error.code === 'SIGN_DOCUMENT_NOT_DRAFT')) throw error;
    }
  } else if (doc.status === 'cancelled') throw notOpen(doc.status);
}

export const auditOf = (r: { ip: string; headers: Record<string, string | string[] | undefined> }): Audit => ({
  ip: r.ip || null,
  userAgent: typeof r.headers['user-agent'] === 'string' ? r.headers['user-agent'].slice(0, 500) : null,
});

export async function startQuoteSigning(deps: AppDeps, caller: Caller, quoteId: number, audit: Audit): Promise<SigningSession> {
  // Checked first, so a refusal renders no PDF and makes no document.
  await deps.db.transaction((tx) => signableQuote(deps, tx, caller, quoteId));
  await openQuoteDocument(deps, quoteId);
  const view = await deps.db.transaction(async (tx) => requestCode(deps, tx, await quoteTarget(deps, tx, caller, quoteId), audit));
  void deps.mailer.dispatch();
  return view;
}

export async function verifyQuoteCode(deps: AppDeps, caller: Caller, quoteId: number, code: string, audit: Audit): Promise<SigningVerified> {
  const outcome = await deps.db.transaction(async (tx) => {
    const quote = await signableQuote(deps, tx, caller, quoteId);
    const found = await docs.findDocumentOfQuote(tx, quote.id);
    const signer = found && (await docs.signersOf(tx, found.id)).find((s) => s.userId === caller.id);
    if (!found || !signer) throw refusals.noSession();
    return checkCode(deps, tx, { document: found, signer, quote }, code, audit);
  });
  // Thrown after the commit: the try a wrong code cost must stay counted.
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.verified;
}

/** The original PDF the client reads before signing: only once the code is verified. */
export async function quoteDocumentToSign(deps: AppDeps, caller: Caller, quoteId: number): Promise<{ bytes: Buffer; name: string }> {
  const target = await deps.db.transaction((tx) => quoteTarget(deps, tx, caller, quoteId));
  const session = await repo.findSessionOfSigner(deps.db, target.signer.id);
  if (session?.status !== 'verified') throw notVerified();
  return { bytes: await readOriginalPdf(deps, target.document), name: target.document.fileName };
}

export async function signQuote(deps: AppDeps, caller: Caller, quoteId: number, body: SignBody, audit: Audit): Promise<SignResult> {
  const image = parseSignatureImage(body.image);
  const storageKey = await deps.storage.save(image.png, 'png');
  const { documentId, allSigned } = await deps.db.transaction(async (tx) => {
    const target = await quoteTarget(deps, tx, caller, quoteId);
    const { allSigned } = await recordSignature(deps, tx, target, body, storageKey, audit);
    return { documentId: target.document.id, allSigned };
  });
  return afterSignature(deps, documentId, allSigned);
}

/** The signed quote (sealed PDF) for its client, issuer or an admin (the route checked ownership). */
export async function signedQuotePdf(deps: AppDeps, quoteId: number): Promise<{ bytes: Buffer; name: string }> {
  const doc = await docs.findDocumentOfQuote(deps.db, quoteId);
  if (!doc || doc.status !== 'signed') throw new AppError('SIGN_NOT_SIGNED_YET', 'Ce devis n’est pas encore signé.', undefined, {}, 404);
  return { bytes: await readSignedPdf(deps, doc), name: doc.fileName.replace(/\.pdf$/i, '') + '-signe.pdf' };
}
