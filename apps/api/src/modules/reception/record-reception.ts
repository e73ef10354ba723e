import type { ReceptionView, RecordReceptionBody } from '@ouvrage/contracts';
import {
  calendarDateAt,
  compareCalendarDates,
  formatCalendarDate,
  receptionDateRefusal,
  refusal,
  todayInParis,
  type CalendarDate,
  type Caller,
  type Language,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden, invalid, refuse, refused } from '../../lib/errors';
import { recipientLanguage } from '../mail';
import { quoteInvoicingFacts } from '../quotes';
import { notify } from '../notifications';
import { findUsers } from '../users';
import { receptionRecordedMail, receptionUrl } from './mails';
import { quoteNotFound, receptionView } from './reception-views';
import * as repo from './repository';

/**
 * `POST /api/devis/{id}/reception` (decision 0720): the validated quote's issuer (or an admin)
 * records the réception of its works on a day, with its reservations on the quote's lots. One
 * transaction under the quote's lock: one réception per quote, the client mailed that the PV
 * waits for their signature.
 */
export async function recordReception(deps: AppDeps, caller: Caller, quoteId: number, body: RecordReceptionBody): Promise<ReceptionView> {
  const date = body.reception_date as CalendarDate;
  const reservations = body.reservations ?? [];
  const dateRefusal = receptionDateRefusal(date, todayInParis(deps.clock));
  if (dateRefusal) throw refused(dateRefusal, { reception_date: dateRefusal.message });

  const id = await deps.db.transaction(async (tx) => {
    const quote = await quoteInvoicingFacts(deps, tx, quoteId, { lock: true });
    if (!quote) throw quoteNotFound();
    if (caller.user_type !== 'admin' && quote.issuerId !== caller.id) throw forbidden('Seul l’émetteur du devis enregistre la réception des travaux.');
    if (quote.status !== 'Validé') {
      throw refuse('RECEPTION_QUOTE_NOT_VALIDATED', `Ce devis est « ${quote.status} » : la réception s’enregistre sur un devis validé.`, {
        status: quote.status,
      });
    }
    if (await repo.findReceptionOfQuote(tx, quoteId)) throw refuse('RECEPTION_ALREADY_RECORDED', 'La réception des travaux de ce devis est déjà enregistrée.');
    const badLot = reservations.findIndex((r) => r.lot_index >= quote.lots.length);
    if (badLot >= 0)
      throw invalid({ [`reservations.${badLot}.lot_index`]: 'Ce lot n’existe pas dans le devis.' }, 'Choisissez un lot du devis pour chaque réserve.');
    const validatedOn = quote.validatedAt ? calendarDateAt(quote.validatedAt) : null;
    if (validatedOn && compareCalendarDates(date, validatedOn) < 0) {
      const r = refusal(
        'RECEPTION_DATE_BEFORE_CONTRACT',
        `La réception ne peut pas précéder la validation du devis, le ${formatCalendarDate(validatedOn)}.`,
        { date: validatedOn },
        400,
      );
      throw refused(r, { reception_date: r.message });
    }

    const now = deps.clock.now();
    const row = await repo.insertReception(tx, {
      quoteId,
      projectId: quote.projectId,
      issuerId: quote.issuerId,
      clientId: quote.clientId,
      receptionDate: date,
      createdBy: caller.id,
      createdAt: now,
    });
    await repo.insertReservations(
      tx,
      reservations.map((r, position) => ({
        receptionId: row.id,
        position,
        lotIndex: r.lot_index,
        lotTitle: quote.lots[r.lot_index].title,
        description: r.description.trim(),
      })),
    );
    const [client] = await findUsers(tx, [quote.clientId]);
    const facts = { quoteLabel: quote.label, quoteTitle: quote.title, receptionDate: date, reservations: reservations.length };
    const mail = (language: Language) =>
      receptionRecordedMail(language, facts, client?.firstname ?? quote.client.name, quote.issuer.name, receptionUrl(deps, quoteId));
    if (client) {
      await notify(tx, deps, {
        userId: client.id,
        kind: 'reception_recorded',
        params: { number: quote.label },
        link: `/devis/${quoteId}/reception/signer`,
        localizedMail: mail,
      });
    } else if (quote.client.email) await deps.mailer.queue(tx, { to: quote.client.email, ...mail(await recipientLanguage(tx, { email: quote.client.email })) });
    return row.id;
  });
  void deps.mailer.dispatch();
  const row = await repo.findReception(deps.db, id);
  return receptionView(deps, deps.db, row!, caller);
}
