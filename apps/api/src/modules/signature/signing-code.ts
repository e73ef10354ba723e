import type { SigningCodeState, SigningSession, SigningVerified } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import { isSignCodeExpired, SIGN_CODE_TRIES, signCodeExpiry, signCodeResendWait } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import type { AppError } from '../../lib/errors';
import { recipientLanguage } from '../mail';
import type { QuoteSigningFacts } from '../quotes';
import { hashSignCode, newCodeSalt, newSignCode, signCodeMatches } from './code-crypto';
import * as refusals from './code-errors';
import { maskEmail, signCodeMail } from './code-mail';
import type { SignatureDocumentRow, SignatureSignerRow } from './documents-repository';
import * as docs from './documents-repository';
import * as repo from './repository';

const HOUR_MS = 3_600_000;

/**
 * The e-mail code step of one signer of one signature document (decisions 0620–0624, 0641): the
 * quote's client in the app and a contract's signer through their link share it. The callers
 * lock what they check (the quote, the document) in `tx` before calling.
 */
export interface SignerTarget {
  document: SignatureDocumentRow;
  signer: SignatureSignerRow;
  /** The quote's facts when the document is a quote's. */
  quote: QuoteSigningFacts | null;
}

export interface Audit {
  ip: string | null;
  userAgent: string | null;
}

function sessionView(s: repo.SigningSessionRow, documentId: number, sentTo: string | null, resendInS = 0): SigningSession {
  return {
    session_id: s.id,
    document_id: documentId,
    quote_id: s.quoteId,
    status: s.status,
    sent_to: s.status === 'verified' ? null : sentTo,
    code_expires_at: s.status === 'verified' ? null : (s.codeExpiresAt?.toISOString() ?? null),
    tries_left: s.triesLeft,
    resend_in_s: s.status === 'verified' ? 0 : resendInS,
  };
}

/** Seconds before another code may be sent for the session (both limits, decision 0624). */
async function resendWait(db: Executor, sessionId: number, now: Date): Promise<number> {
  return signCodeResendWait(await repo.codesSentSince(db, sessionId, new Date(now.getTime() - HOUR_MS)), now);
}

/**
 * Where the signer's code step stands, for the page that loads (issue 36 §3, decision 1200): the
 * session when its code is sent and still valid, and the seconds before a new code may be asked.
 * Nothing is pending once verified, locked, completed, expired, or before the first code.
 */
export async function codeState(
  deps: AppDeps,
  db: Executor,
  session: repo.SigningSessionRow | undefined,
  documentId: number,
  signerEmail: string,
): Promise<SigningCodeState> {
  if (!session || session.status === 'verified' || session.status === 'completed') return { pending_code: null, resend_in_s: 0 };
  const now = deps.clock.now();
  const wait = await resendWait(db, session.id, now);
  const valid = session.status === 'code_sent' && session.codeExpiresAt !== null && !isSignCodeExpired(session.codeExpiresAt, now);
  return { pending_code: valid ? sessionView(session, documentId, maskEmail(signerEmail), wait) : null, resend_in_s: wait };
}

export function verifiedView(s: repo.SigningSessionRow, target: SignerTarget): SigningVerified {
  return {
    session_id: s.id,
    document_id: target.document.id,
    quote_id: target.quote?.id ?? null,
    status: 'verified',
    quote_label: target.quote?.label ?? null,
    quote_title: target.quote?.title ?? null,
    document_title: target.document.title,
    document_kind: target.document.kind,
    subject_label: target.document.subjectLabel,
    document_sha256: target.document.originalSha256,
    reduced_tva_certification: target.quote?.reducedTvaCertification ?? null,
  };
}

/**
 * Start the signer's session, or ask a new code for it (decision 0620): a fresh code replaces the
 * previous one (hash, salt, expiry, tries) and unlocks a locked session; it is mailed in `tx`.
 * A verified session is returned as it is, without a new code.
 */
export async function requestCode(
  deps: AppDeps,
  tx: Executor,
  target: SignerTarget,
  audit: Audit,
  link: { tokenHash: string } | null = null,
): Promise<SigningSession> {
  const { signer, document } = target;
  const existing = await repo.lockSessionOfSigner(tx, signer.id);
  if (existing?.status === 'completed' || signer.status === 'signed') throw refusals.alreadySigned();
  if (existing?.status === 'verified') return sessionView(existing, document.id, null);
  const now = deps.clock.now();
  if (existing) {
    const wait = await resendWait(tx, existing.id, now);
    if (wait > 0) throw refusals.resendLimit(wait);
  }
  const code = newSignCode();
  const salt = newCodeSalt();
  const fresh = {
    status: 'code_sent' as const,
    codeHash: hashSignCode(code, salt),
    codeSalt: salt,
    codeExpiresAt: signCodeExpiry(now),
    triesLeft: SIGN_CODE_TRIES,
    updatedAt: now,
    ...(link ? { linkTokenHash: link.tokenHash } : {}),
  };
  const session = existing
    ? await repo.updateSession(tx, existing.id, fresh)
    : await repo.insertSession(tx, { quoteId: target.quote?.id ?? null, signerId: signer.userId, signerRef: signer.id, createdAt: now, ...fresh });
  await repo.recordCodeSent(tx, session.id, now);
  const subject = target.quote ? { quoteLabel: target.quote.label, title: target.quote.title } : { title: document.title };
  const language = await recipientLanguage(tx, { userId: signer.userId, email: signer.email });
  await deps.mailer.queue(tx, { to: signer.email, ...signCodeMail(language, firstNameOf(signer.name), subject, code) });
  await docs.insertEvent(tx, {
    documentId: document.id,
    signerId: signer.id,
    type: 'code_sent',
    at: now,
    ip: audit.ip,
    userAgent: audit.userAgent,
    detail: null,
  });
  return sessionView(session, document.id, maskEmail(signer.email), await resendWait(tx, session.id, now));
}

/**
 * Check the signer's code (decision 0621), in constant time. A wrong code costs a try, kept even
 * though the answer is an error (the caller throws the refusal after its commit); the fifth locks
 * the session until a new code is asked. A right code makes the session `verified`.
 */
export async function checkCode(
  deps: AppDeps,
  tx: Executor,
  target: SignerTarget,
  code: string,
  audit: Audit,
): Promise<{ verified: SigningVerified } | { refusal: AppError }> {
  const session = await repo.lockSessionOfSigner(tx, target.signer.id);
  if (!session) throw refusals.noSession();
  if (session.status === 'completed' || target.signer.status === 'signed') throw refusals.alreadySigned();
  if (session.status === 'verified') return { verified: verifiedView(session, target) };
  if (session.status === 'locked') throw refusals.codeLocked();
  if (!session.codeHash || !session.codeSalt || !session.codeExpiresAt) throw refusals.noSession();
  const now = deps.clock.now();
  if (isSignCodeExpired(session.codeExpiresAt, now)) throw refusals.codeExpired();

  if (signCodeMatches(code, session.codeSalt, session.codeHash)) {
    const verified = await repo.updateSession(tx, session.id, {
      status: 'verified',
      verifiedAt: now,
      codeHash: null,
      codeSalt: null,
      codeExpiresAt: null,
      updatedAt: now,
    });
    await docs.insertEvent(tx, {
      documentId: target.document.id,
      signerId: target.signer.id,
      type: 'code_verified',
      at: now,
      ip: audit.ip,
      userAgent: audit.userAgent,
      detail: null,
    });
    return { verified: verifiedView(verified, target) };
  }
  const triesLeft = Math.max(session.triesLeft - 1, 0);
  if (triesLeft === 0) {
    await repo.updateSession(tx, session.id, { status: 'locked', triesLeft, codeHash: null, codeSalt: null, codeExpiresAt: null, updatedAt: now });
    return { refusal: refusals.codeLocked() };
  }
  await repo.updateSession(tx, session.id, { triesLeft, updatedAt: now });
  return { refusal: refusals.codeWrong(triesLeft) };
}

/** « Marie Dupont » → « Marie »: the code mail greets the signer by first name. */
const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';
