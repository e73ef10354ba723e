import type { QuoteReception, ReceptionView } from '@ouvrage/contracts';
import { receptionFilePaths } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import {
  receptionKindOf,
  retentionReleaseDate,
  retentionReminderDate,
  retentionState,
  todayInParis,
  type CalendarDate,
  type Caller,
  type RetentionFacts,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { quoteRetention } from '../invoices';
import { quoteInvoicingFacts, type QuoteInvoicingFacts } from '../quotes';
import { reservationJournalPhotos } from '../site-log';
import { findUsers } from '../users';
import * as repo from './repository';

/** What the screens show of a réception (decision 0720), and of a quote that may get one. */

export const quoteNotFound = () => notFound('Ce devis est introuvable.');
export const receptionNotFound = () => notFound('Cette réception est introuvable.');

export const managesReception = (caller: Caller, row: { issuerId: number }) => caller.user_type === 'admin' || row.issuerId === caller.id;

/** The retenue's facts: withheld on the quote's invoices, the réception's date, signature and reservations. */
export async function retentionFactsOf(db: Executor, row: repo.ReceptionRow, openReservations: number): Promise<RetentionFacts> {
  const retention = await quoteRetention(db, row.quoteId);
  return {
    retentionCents: retention.retentionCents,
    receptionDate: row.receptionDate as CalendarDate,
    signed: row.signedAt !== null,
    openReservations,
    releasedOn: (row.retentionReleasedOn as CalendarDate | null) ?? null,
  };
}

export async function receptionView(deps: AppDeps, db: Executor, row: repo.ReceptionRow, caller: Caller, known?: QuoteInvoicingFacts): Promise<ReceptionView> {
  const quote = known ?? (await quoteInvoicingFacts(deps, db, row.quoteId, { lock: false }));
  if (!quote) throw quoteNotFound();
  const reservations = await repo.reservationsOf(db, row.id);
  const journalPhotos = await reservationJournalPhotos(
    db,
    reservations.map((r) => r.id),
  );
  const open = reservations.filter((r) => r.liftedOn === null).length;
  const facts = await retentionFactsOf(db, row, open);
  const date = row.receptionDate as CalendarDate;
  const [client] = await findUsers(db, [row.clientId]);
  return {
    id: row.id,
    quote_id: row.quoteId,
    project_id: row.projectId,
    quote_label: quote.label,
    quote_title: quote.title,
    issuer_name: quote.issuer.name,
    client_name: quote.client.name || (client ? `${client.firstname} ${client.lastname}`.trim() : ''),
    reception_date: row.receptionDate,
    kind: receptionKindOf(reservations.length),
    status: row.signedAt ? 'Signée' : 'À signer',
    signed_at: row.signedAt?.toISOString() ?? null,
    reservations: reservations.map((r) => ({
      id: r.id,
      position: r.position,
      lot_index: r.lotIndex,
      lot_title: r.lotTitle,
      description: r.description,
      photo_url: r.photoKey ? receptionFilePaths.photo(r.id) : null,
      journal_photo: journalPhotos.get(r.id) ?? null,
      lifted_on: r.liftedOn,
    })),
    open_reservations: open,
    retention: {
      retention_cents: facts.retentionCents,
      release_date: retentionReleaseDate(date),
      reminder_date: retentionReminderDate(date),
      state: retentionState(facts, todayInParis(deps.clock)),
      released_on: row.retentionReleasedOn,
    },
    can_manage: managesReception(caller, row),
    can_sign: row.signedAt === null && caller.id === row.clientId,
    pv_url: receptionFilePaths.pv(row.id),
  };
}

/** `GET /api/devis/{id}/reception`: the quote's lots, whether the caller may record, the réception if any. */
export async function quoteReception(deps: AppDeps, caller: Caller, quoteId: number): Promise<QuoteReception> {
  const quote = await quoteInvoicingFacts(deps, deps.db, quoteId, { lock: false });
  if (!quote) throw quoteNotFound();
  const row = await repo.findReceptionOfQuote(deps.db, quoteId);
  return {
    quote_id: quoteId,
    lots: quote.lots.map((lot, index) => ({ index, title: lot.title })),
    can_record: !row && quote.status === 'Validé' && managesReception(caller, quote),
    reception: row ? await receptionView(deps, deps.db, row, caller, quote) : null,
  };
}

export async function receptionViewById(deps: AppDeps, caller: Caller, id: number): Promise<ReceptionView> {
  const row = await repo.findReception(deps.db, id);
  if (!row) throw receptionNotFound();
  return receptionView(deps, deps.db, row, caller);
}
