import type { QuoteDetail } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import {
  chosenOptionsRefusal,
  quoteAmountsRefusal,
  quoteTransitionRefusal,
  todayInParis,
  totalsWithOptions,
  withTravelCosts,
  type Caller,
  type QuoteAction,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notFound, refuse, refused } from '../../lib/errors';
import { notify } from '../notifications';
import { findUsers } from '../users';
import { quoteAcceptedMail, quoteCancelledMail, quoteRefusedMail } from './mails';
import { domainLots, quoteDetail, statusToday } from './quote-views';
import * as repo from './repository';
import { quoteUrl } from './send-quote';

/** The quote locked, with the refusal of `action` on the status it has today (a sent one past validity is expired). */
async function lockFor(deps: AppDeps, tx: Executor, id: number, action: QuoteAction): Promise<repo.QuoteRow> {
  const q = await repo.lockQuote(tx, id);
  if (!q) throw notFound('Ce devis est introuvable.');
  const status = statusToday(q, todayInParis(deps.clock));
  if (action === 'accept' && q.status === 'Envoyé' && status === 'Expiré') {
    throw refuse('QUOTE_EXPIRED', `Ce devis a expiré le ${q.validUntil} : il ne peut plus être accepté. Demandez-en une nouvelle version.`, {
      valid_until: q.validUntil ?? '',
    });
  }
  const refusal = quoteTransitionRefusal(status, action);
  if (refusal) throw refused(refusal);
  return q;
}

async function nameOf(tx: Executor, userId: number): Promise<{ name: string; firstname: string; email: string } | null> {
  const [user] = await findUsers(tx, [userId]);
  return user ? { name: `${user.firstname} ${user.lastname}`.trim(), firstname: user.firstname, email: user.email } : null;
}

/** The client accepts, taking some of the optional lines: the accepted totals (and deposit) count them. */
export async function acceptQuote(deps: AppDeps, caller: Caller, id: number, chosenIds: number[]): Promise<QuoteDetail> {
  const detail = await deps.db.transaction(async (tx) => {
    const q = await lockFor(deps, tx, id, 'accept');
    const { lots, lines } = await repo.contentOf(tx, q.id);
    const chosen = [...new Set(chosenIds)];
    const unknown = chosenOptionsRefusal(
      lines.filter((l) => l.optional).map((l) => l.id),
      chosen,
    );
    if (unknown) throw refused(unknown, { chosen_option_ids: unknown.message });
    const agreed = withTravelCosts(domainLots(lots, lines), q.travelCostCents);
    const totals = totalsWithOptions(agreed, chosen);
    // Options taken (a negative one too) never take the agreed amounts below zero (decision 1001).
    const amounts = quoteAmountsRefusal(
      agreed.map((lot) => ({ ...lot, lines: lot.lines.map((l) => ({ ...l, optional: l.optional && !chosen.includes(l.id) })) })),
      totals,
    );
    if (amounts) throw refused(amounts);
    const now = deps.clock.now();
    await repo.markChosenOptions(tx, q.id, chosen);
    const accepted = await repo.updateQuote(tx, q.id, {
      status: 'Accepté',
      acceptedAt: now,
      acceptedTotalHtCents: totals.totalHtCents,
      acceptedTotalTvaCents: totals.totalTvaCents,
      acceptedTotalTtcCents: totals.totalTtcCents,
      updatedAt: now,
    });
    await repo.insertEvent(tx, {
      quoteId: q.id,
      actorId: caller.id,
      action: 'accepted',
      detail: chosen.length ? `options : ${chosen.join(', ')}` : null,
      at: now,
    });
    const [issuer, client] = await Promise.all([nameOf(tx, q.issuerId), nameOf(tx, q.clientId)]);
    if (issuer) {
      await notify(tx, deps, {
        userId: q.issuerId,
        kind: 'quote_accepted',
        params: { number: q.number ?? '', name: client?.name ?? '' },
        link: `/devis/${q.id}`,
        localizedMail: (language) => quoteAcceptedMail(language, accepted, client?.name ?? 'Le client', quoteUrl(deps, q.id)),
      });
    }
    return quoteDetail(deps, tx, accepted, caller);
  });
  void deps.mailer.dispatch();
  return detail;
}

export async function refuseQuote(deps: AppDeps, caller: Caller, id: number, reason: string): Promise<QuoteDetail> {
  const detail = await deps.db.transaction(async (tx) => {
    const q = await lockFor(deps, tx, id, 'refuse');
    const now = deps.clock.now();
    const refusedRow = await repo.updateQuote(tx, q.id, { status: 'Refusé', refusedAt: now, refusalReason: reason, updatedAt: now });
    await repo.insertEvent(tx, { quoteId: q.id, actorId: caller.id, action: 'refused', detail: reason, at: now });
    const [issuer, client] = await Promise.all([nameOf(tx, q.issuerId), nameOf(tx, q.clientId)]);
    if (issuer) {
      await notify(tx, deps, {
        userId: q.issuerId,
        kind: 'quote_refused',
        params: { number: q.number ?? '', name: client?.name ?? '', reason },
        link: `/devis/${q.id}`,
        localizedMail: (language) => quoteRefusedMail(language, refusedRow, client?.name ?? 'Le client', reason, quoteUrl(deps, q.id)),
      });
    }
    return quoteDetail(deps, tx, refusedRow, caller);
  });
  void deps.mailer.dispatch();
  return detail;
}

/** The issuer cancels before validation; the client, who saw the quote unless it was a draft, is told. */
export async function cancelQuote(deps: AppDeps, caller: Caller, id: number, reason: string): Promise<QuoteDetail> {
  const detail = await deps.db.transaction(async (tx) => {
    const q = await lockFor(deps, tx, id, 'cancel');
    const now = deps.clock.now();
    const cancelled = await repo.updateQuote(tx, q.id, { status: 'Annulé', cancelledAt: now, cancelReason: reason, updatedAt: now });
    await repo.insertEvent(tx, { quoteId: q.id, actorId: caller.id, action: 'cancelled', detail: reason, at: now });
    if (q.status !== 'Brouillon') {
      const client = await nameOf(tx, q.clientId);
      const issuerName = q.issuerSnapshot as { trade_name?: string | null; name?: string } | null;
      if (client) {
        const by = issuerName?.trade_name || issuerName?.name || 'Votre architecte';
        await notify(tx, deps, {
          userId: q.clientId,
          kind: 'quote_cancelled',
          params: { number: q.number ?? '', name: by, reason },
          link: `/devis/${q.id}`,
          localizedMail: (language) => quoteCancelledMail(language, cancelled, { name: client.firstname }, by, reason, quoteUrl(deps, q.id)),
        });
      }
    }
    return quoteDetail(deps, tx, cancelled, caller);
  });
  void deps.mailer.dispatch();
  return detail;
}

/** The architect validates an accepted (later: signed) quote into a contract, the only state that can be invoiced. */
export async function validateQuote(deps: AppDeps, caller: Caller, id: number): Promise<QuoteDetail> {
  return deps.db.transaction(async (tx) => {
    const q = await lockFor(deps, tx, id, 'validate');
    const now = deps.clock.now();
    const validated = await repo.updateQuote(tx, q.id, { status: 'Validé', validatedAt: now, updatedAt: now });
    await repo.insertEvent(tx, { quoteId: q.id, actorId: caller.id, action: 'validated', at: now });
    return quoteDetail(deps, tx, validated, caller);
  });
}

/** Sent quotes past their validity date become `Expiré`, each with an event (the recurring job). */
export async function expireQuotes(deps: AppDeps): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const expired = await repo.expireQuotes(tx, todayInParis(deps.clock), now);
    await repo.insertEvents(
      tx,
      expired.map((q) => ({ quoteId: q.id, actorId: null, action: 'expired', createdAt: now })),
    );
    return expired.length;
  });
}
