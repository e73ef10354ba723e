import type { QuoteDetail } from '@ouvrage/contracts';
import {
  contractOf,
  missingIssuerMentions,
  missingMentionsRefusal,
  quoteTransitionRefusal,
  quoteValidUntil,
  quoteAmountsRefusal,
  quoteGapsRefusal,
  quoteVersionLabel,
  todayInParis,
  totalsWithOptions,
  withTravelCosts,
  type Caller,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { AppError, notFound, refuse, refused } from '../../lib/errors';
import { readStoredFile } from '../../lib/stored-files';
import { assignNumber } from '../numbering';
import { notify } from '../notifications';
import { queueOriginal } from '../originals';
import { findUsers } from '../users';
import { searchTextOf } from './edit-quote';
import { hasCompanyName, liveIssuer, mentionsOf, quoteMentionsMissing } from './issuer';
import { quoteSentMail } from './mails';
import { QUOTE_PDF_ATTACHMENT } from './quote-pdf';
import { domainLots, quoteDetail } from './quote-views';
import * as repo from './repository';
import { scheduleSendingRefusal } from './payment-schedule-seam';
import { effectiveSettings } from './settings';

/** A copy of the settings' logo for the sent quote; a logo file gone missing does not block the sending. */
async function copyLogo(deps: AppDeps, logo: { path: string; mime: string }): Promise<string | null> {
  let bytes: Buffer;
  try {
    bytes = await readStoredFile(deps.storage, logo.path);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
  return deps.storage.save(bytes, logo.mime === 'image/jpeg' ? 'jpg' : 'png');
}

export const quoteUrl = (deps: AppDeps, id: number) => `${deps.config.publicUrl}/devis/${id}`;

/**
 * Send a draft (decision 0510), in one transaction: the transition, the mandatory mentions, the
 * number (first sending only; later versions share the root's), the validity date, the frozen
 * issuer and client, the look from the settings, the older open version `Remplacé`, the history
 * and the client's mail with the PDF — all committed together or not at all.
 */
export async function sendQuote(deps: AppDeps, caller: Caller, id: number): Promise<QuoteDetail> {
  const detail = await deps.db.transaction(async (tx) => {
    const q = await repo.lockQuote(tx, id);
    if (!q) throw notFound('Ce devis est introuvable.');
    const transition = quoteTransitionRefusal(q.status, 'send');
    if (transition) throw refused(transition);

    const now = deps.clock.now();
    const today = todayInParis(deps.clock);
    const [{ lots, lines }, issuer, named, [client]] = await Promise.all([
      repo.contentOf(tx, q.id),
      liveIssuer(tx, q.issuerId),
      hasCompanyName(tx, q.issuerId),
      findUsers(tx, [q.clientId]),
    ]);
    const content = domainLots(lots, lines);
    const counted = totalsWithOptions(content).lines.filter((l) => l.counted).length;
    const missing = missingMentionsRefusal([...missingIssuerMentions(mentionsOf(issuer, named), today), ...quoteMentionsMissing(q, counted)]);
    if (missing) throw refused(missing);
    // A draft is saved as typed; what it still lacks (a lot title, a line's designation or quantity) keeps it from leaving (decision 1203).
    const gaps = quoteGapsRefusal(content);
    if (gaps) throw refused(gaps);
    // No total, lot or rate below zero leaves its issuer (decision 1001).
    const amounts = counted ? quoteAmountsRefusal(withTravelCosts(content, q.travelCostCents)) : null;
    if (amounts) throw refused(amounts);
    // The payment schedule is sent with the quote: it still adds up to the total as edited (decision 1221).
    const schedule = await scheduleSendingRefusal(deps, tx, {
      id: q.id,
      contractTtcCents: contractOf(withTravelCosts(content, q.travelCostCents)).totals.totalTtcCents,
    });
    if (schedule) throw refused(schedule);
    if (!client) throw notFound('Le client de ce devis est introuvable.');

    const settings = await effectiveSettings(tx, q.issuerId);
    // The sent quote keeps its own copy of the logo: a later logo change never rewrites it.
    const logoPath = settings.logo ? await copyLogo(deps, settings.logo) : null;

    // Locked, so that a client accepting an older version meanwhile is seen here, not overwritten.
    const versions = await repo.lockVersions(tx, q.rootId ?? q.id);
    const agreed = versions.find((v) => v.id !== q.id && ['Accepté', 'Signé', 'Validé'].includes(v.status));
    if (agreed) {
      throw refuse(
        'QUOTE_VERSION_ALREADY_ACCEPTED',
        `La version ${quoteVersionLabel(agreed.number, agreed.version)} de ce devis a déjà été acceptée par le client : cette nouvelle version ne peut plus être envoyée.`,
        { id: agreed.id },
      );
    }
    // Numbers are taken late: concurrent sendings of the same issuer wait on the counter row.
    const number =
      versions.find((v) => v.number)?.number ??
      (await assignNumber(tx, { issuerId: q.issuerId, series: 'devis', prefix: settings.number_prefix, at: now })).number;

    const clientName = `${client.firstname} ${client.lastname}`.trim();
    const sent = await repo.updateQuote(tx, q.id, {
      status: 'Envoyé',
      number,
      sentAt: now,
      validUntil: quoteValidUntil(today, q.validityDays),
      issuerSnapshot: issuer as unknown as Record<string, unknown>,
      clientSnapshot: { name: clientName, email: client.email, phone: client.phone },
      accentColor: settings.accent_color,
      logoPath,
      logoMime: logoPath ? settings.logo!.mime : null,
      searchText: await searchTextOf(tx, { number, title: q.title, clientId: q.clientId, projectId: q.projectId }, clientName),
      updatedAt: now,
    });
    for (const older of versions) {
      if (older.id !== q.id && older.status === 'Envoyé') {
        await repo.updateQuote(tx, older.id, { status: 'Remplacé', replacedAt: now, updatedAt: now });
        await repo.insertEvent(tx, { quoteId: older.id, actorId: caller.id, action: 'replaced', detail: `par la v${q.version}`, at: now });
      }
    }
    await notify(tx, deps, {
      userId: q.clientId,
      kind: 'quote_sent',
      params: { number, name: issuer.trade_name || issuer.name },
      link: `/devis/${q.id}`,
      localizedMail: (language) => quoteSentMail(language, sent, { name: client.firstname }, issuer.trade_name || issuer.name, quoteUrl(deps, q.id)),
      attachments: [{ kind: QUOTE_PDF_ATTACHMENT, ref: String(q.id) }],
    });
    await repo.insertEvent(tx, { quoteId: q.id, actorId: caller.id, action: 'sent', detail: number, at: now });
    // This version's PDF is stored once, as sent, right after the commit (decision 1020).
    await queueOriginal(tx, 'quote', q.id);
    return quoteDetail(deps, tx, sent, caller);
  });
  void deps.mailer.dispatch();
  return detail;
}
