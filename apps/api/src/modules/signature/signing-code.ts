import type { SigningSession, SigningVerified } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import { isSignCodeExpired, SIGN_CODE_TRIES, signCodeExpiry, signCodeResendWait, type Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import type { AppError } from '../../lib/errors';
import { quoteSigningFacts, type QuoteSigningFacts } from '../quotes';
import { findUsers } from '../users';
import { hashSignCode, newCodeSalt, newSignCode, signCodeMatches } from './code-crypto';
import * as refusals from './code-errors';
import { maskEmail, signCodeMail } from './code-mail';
import * as repo from './repository';

const HOUR_MS = 3_600_000;

/**
 * The quote, locked, when the caller may sign it now: it exists, the caller is its client (admins
 * pass the ownership check, not this one) and it is `Accepté` today.
 */
async function signableQuote(deps: AppDeps, tx: Executor, caller: Caller, quoteId: number): Promise<QuoteSigningFacts> {
  const quote = await quoteSigningFacts(deps, tx, quoteId);
  if (!quote) throw refusals.quoteNotFound();
  if (quote.clientId !== caller.id) throw refusals.notTheSigner();
  if (quote.status === 'Signé') throw refusals.alreadySigned();
  if (quote.status !== 'Accepté') throw refusals.notSignable(quote.status);
  return quote;
}

function sessionView(s: repo.SigningSessionRow, sentTo: string | null): SigningSession {
  return {
    session_id: s.id,
    quote_id: s.quoteId,
    status: s.status,
    sent_to: s.status === 'verified' ? null : sentTo,
    code_expires_at: s.status === 'verified' ? null : (s.codeExpiresAt?.toISOString() ?? null),
    tries_left: s.triesLeft,
  };
}

function verifiedView(s: repo.SigningSessionRow, quote: QuoteSigningFacts): SigningVerified {
  return {
    session_id: s.id,
    quote_id: quote.id,
    status: 'verified',
    quote_label: quote.label,
    quote_title: quote.title,
    reduced_tva_certification: quote.reducedTvaCertification,
  };
}

/**
 * Start the quote's signing session, or ask a new code for it (decision 0620): a fresh code
 * replaces the previous one (hash, salt, expiry, tries) and unlocks a locked session; it is mailed
 * in the same transaction. A verified session is returned as it is, without a new code.
 */
export async function startSigning(deps: AppDeps, caller: Caller, quoteId: number): Promise<SigningSession> {
  const view = await deps.db.transaction(async (tx) => {
    const quote = await signableQuote(deps, tx, caller, quoteId);
    const existing = await repo.lockSessionOfQuote(tx, quote.id);
    if (existing?.status === 'completed') throw refusals.alreadySigned();
    if (existing?.status === 'verified') return sessionView(existing, null);
    const now = deps.clock.now();
    if (existing) {
      const wait = signCodeResendWait(await repo.codesSentSince(tx, existing.id, new Date(now.getTime() - HOUR_MS)), now);
      if (wait > 0) throw refusals.resendLimit(wait);
    }
    const [signer] = await findUsers(tx, [caller.id]);
    if (!signer) throw refusals.notTheSigner();

    const code = newSignCode();
    const salt = newCodeSalt();
    const fresh = {
      status: 'code_sent' as const,
      codeHash: hashSignCode(code, salt),
      codeSalt: salt,
      codeExpiresAt: signCodeExpiry(now),
      triesLeft: SIGN_CODE_TRIES,
      updatedAt: now,
    };
    const session = existing
      ? await repo.updateSession(tx, existing.id, fresh)
      : await repo.insertSession(tx, { quoteId: quote.id, signerId: caller.id, createdAt: now, ...fresh });
    await repo.recordCodeSent(tx, session.id, now);
    await deps.mailer.queue(tx, { to: signer.email, ...signCodeMail(signer.firstname, quote, code) });
    return sessionView(session, maskEmail(signer.email));
  });
  void deps.mailer.dispatch();
  return view;
}

/**
 * Check the signer's code (decision 0621), in constant time. A wrong code costs a try, kept even
 * though the answer is an error; the fifth locks the session until a new code is asked. A right
 * code makes the session `verified` and forgets the code.
 */
export async function verifySignCode(deps: AppDeps, caller: Caller, quoteId: number, code: string): Promise<SigningVerified> {
  const outcome = await deps.db.transaction(async (tx): Promise<{ verified: SigningVerified } | { refusal: AppError }> => {
    const quote = await signableQuote(deps, tx, caller, quoteId);
    const session = await repo.lockSessionOfQuote(tx, quote.id);
    if (!session) throw refusals.noSession();
    if (session.status === 'completed') throw refusals.alreadySigned();
    if (session.status === 'verified') return { verified: verifiedView(session, quote) };
    if (session.status === 'locked') throw refusals.codeLocked();
    if (!session.codeHash || !session.codeSalt || !session.codeExpiresAt) throw refusals.noSession();
    const now = deps.clock.now();
    if (isSignCodeExpired(session.codeExpiresAt, now)) throw refusals.codeExpired();

    if (signCodeMatches(code, session.codeSalt, session.codeHash)) {
      const verified = await repo.updateSession(tx, session.id, { status: 'verified', verifiedAt: now, codeHash: null, codeSalt: null, codeExpiresAt: null, updatedAt: now });
      return { verified: verifiedView(verified, quote) };
    }
    const triesLeft = Math.max(session.triesLeft - 1, 0);
    if (triesLeft === 0) {
      await repo.updateSession(tx, session.id, { status: 'locked', triesLeft, codeHash: null, codeSalt: null, codeExpiresAt: null, updatedAt: now });
      return { refusal: refusals.codeLocked() };
    }
    await repo.updateSession(tx, session.id, { triesLeft, updatedAt: now });
    return { refusal: refusals.codeWrong(triesLeft) };
  });
  // Thrown after the commit: the try a wrong code cost must stay counted.
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.verified;
}
