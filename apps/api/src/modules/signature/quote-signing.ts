import type { SignBody, SignResult, SigningCodeState, SigningSession, SigningVerified } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import type { Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { quoteSigningFacts, type QuoteSigningFacts } from '../quotes';
import * as refusals from './code-errors';
import { ensureQuoteSignatureDocument, readSignedPdf } from './documents';
import * as docs from './documents-repository';
import type { Audit } from './signing-code';
import { signSubject, type SigningSubject, startSubjectSigning, subjectCodeState, subjectDocumentToSign, verifySubjectCode } from './subject-signing';

/**
 * The quote's client signs in the app (decisions 0620, 0641, 0642): `{id}` is the quote's. The
 * quote is a signing subject (subject-signing.ts, decision 0720): the first start makes the
 * quote's signature document (outside any transaction: it renders the PDF) and puts it out for
 * signature without an invitation mail — the client is already here.
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

const quoteSubject: SigningSubject = {
  kind: 'quote',
  lockSignable: signableQuote,
  ensureDocument: (deps, quoteId) => ensureQuoteSignatureDocument(deps, quoteId),
  findDocument: docs.findDocumentOfQuote,
  notASigner: refusals.notTheSigner,
};

export const auditOf = (r: { ip: string; headers: Record<string, string | string[] | undefined> }): Audit => ({
  ip: r.ip || null,
  userAgent: typeof r.headers['user-agent'] === 'string' ? r.headers['user-agent'].slice(0, 500) : null,
});

/** Where the client's code step stands when the quote's signing page loads (decision 1200). */
export async function quoteCodeState(deps: AppDeps, caller: Caller, quoteId: number): Promise<SigningCodeState> {
  const quote = await quoteSigningFacts(deps, deps.db, quoteId);
  if (!quote) throw refusals.quoteNotFound();
  if (quote.clientId !== caller.id) throw refusals.notTheSigner();
  return subjectCodeState(deps, quoteSubject, caller, quoteId);
}

export const startQuoteSigning = (deps: AppDeps, caller: Caller, quoteId: number, audit: Audit): Promise<SigningSession> =>
  startSubjectSigning(deps, quoteSubject, caller, quoteId, audit);

export const verifyQuoteCode = (deps: AppDeps, caller: Caller, quoteId: number, code: string, audit: Audit): Promise<SigningVerified> =>
  verifySubjectCode(deps, quoteSubject, caller, quoteId, code, audit);

/** The original PDF the client reads before signing: only once the code is verified. */
export const quoteDocumentToSign = (deps: AppDeps, caller: Caller, quoteId: number): Promise<{ bytes: Buffer; name: string }> =>
  subjectDocumentToSign(deps, quoteSubject, caller, quoteId);

export const signQuote = (deps: AppDeps, caller: Caller, quoteId: number, body: SignBody, audit: Audit): Promise<SignResult> =>
  signSubject(deps, quoteSubject, caller, quoteId, body, audit);

/** The signed quote (sealed PDF) for its client, issuer or an admin (the route checked ownership). */
export async function signedQuotePdf(deps: AppDeps, quoteId: number): Promise<{ bytes: Buffer; name: string }> {
  const doc = await docs.findDocumentOfQuote(deps.db, quoteId);
  if (!doc || doc.status !== 'signed') throw new AppError('SIGN_NOT_SIGNED_YET', 'Ce devis n’est pas encore signé.', undefined, {}, 404);
  return { bytes: await readSignedPdf(deps, doc), name: doc.fileName.replace(/\.pdf$/i, '') + '-signe.pdf' };
}
