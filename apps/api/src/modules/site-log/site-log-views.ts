import type { SiteLogComment, SiteLogEntry, SiteLogEntryDetail, SiteLogJournal } from '@ouvrage/contracts';
import { LIST_COUNT_CAP, siteLogFilePaths } from '@ouvrage/contracts';
import { siteLogWriterRefusal, type Caller, type UserType } from '@ouvrage/domain';
import type { Executor } from '@ouvrage/db';
import type { AppDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { acceptedProfessionalsOfProject } from '../tenders';
import { findUsers } from '../users';
import { withCitations } from './citations';
import * as repo from './repository';

/** The journal's answers (decision 1231): entries with their author, photos, comment count and correction links. */

type Person = SiteLogEntry['author'];

async function peopleByIds(db: Executor, ids: number[]): Promise<Map<number, Person>> {
  const users = await findUsers(db, [...new Set(ids)]);
  return new Map(users.map((u) => [u.id, { id: u.id, name: `${u.firstname} ${u.lastname}`.trim() || 'Utilisateur', role: u.userType as UserType }]));
}

const ref = (row: repo.SiteLogEntryRow) => ({ id: row.id, number: row.number, work_date: row.workDate, created_at: row.createdAt.toISOString() });

/**
 * Does the caller see the photos' GPS position? The professionals writing the journal and the
 * admin do; the client never (decision 1231) — nor anyone the caller is not known for.
 */
export const seesPhotoPositions = (caller: Caller | undefined): boolean => caller !== undefined && caller.user_type !== 'client';

/**
 * Entries as answered, in the order given, with five reads for the whole list (not in a transaction: they run at once).
 * `positions`: the photos carry their GPS position (see `seesPhotoPositions`); left out otherwise.
 */
export async function entryViews(db: Executor, rows: repo.SiteLogEntryRow[], { positions = false }: { positions?: boolean } = {}): Promise<SiteLogEntry[]> {
  const ids = rows.map((r) => r.id);
  const correctedIds = rows.map((r) => r.correctsEntryId).filter((id): id is number => id !== null);
  const [photos, counts, corrections, corrected, authors] = await Promise.all([
    repo.photosOf(db, ids),
    repo.commentCounts(db, ids),
    repo.correctionsOf(db, ids),
    repo.entriesByIds(db, correctedIds),
    peopleByIds(
      db,
      rows.map((r) => r.authorId),
    ),
  ]);
  const correctedById = new Map(corrected.map((c) => [c.id, c]));
  return rows.map((row) => {
    const corrects = row.correctsEntryId === null ? undefined : correctedById.get(row.correctsEntryId);
    const correction = corrections.get(row.id);
    return {
      id: row.id,
      project_id: row.projectId,
      number: row.number,
      work_date: row.workDate,
      body: row.body,
      lot_label: row.lotLabel,
      weather_stop: row.weatherStop,
      weather_note: row.weatherNote,
      author: authors.get(row.authorId) ?? { id: row.authorId, name: 'Utilisateur', role: 'professionnel' },
      created_at: row.createdAt.toISOString(),
      corrects: corrects ? ref(corrects) : null,
      corrected_by: correction ? ref(correction) : null,
      photos: photos
        .filter((p) => p.entryId === row.id)
        .map((p) => ({
          id: p.id,
          url: siteLogFilePaths.photo(p.id),
          thumbnail_url: siteLogFilePaths.thumbnail(p.id),
          content_type: p.contentType,
          width: p.width,
          height: p.height,
          taken_at: p.takenAt?.toISOString() ?? null,
          ...(positions ? { position: p.latitude === null || p.longitude === null ? null : { latitude: p.latitude, longitude: p.longitude } } : {}),
        })),
      comments_count: counts.get(row.id) ?? 0,
    };
  });
}

/** May the caller write in the project's journal (the admin, a professional whose tender is accepted)? */
export async function canWrite(db: Executor, caller: Caller, projectId: number): Promise<boolean> {
  if (caller.user_type === 'admin') return true;
  return !siteLogWriterRefusal(caller, await acceptedProfessionalsOfProject(db, projectId));
}

/** A page of the project's journal, the newest entry first. Access control checked the caller owns the project. */
export async function journal(deps: AppDeps, caller: Caller, projectId: number, query: { page: number; per_page: number }): Promise<SiteLogJournal> {
  const { rows, total } = await repo.journalPage(deps.db, projectId, query.page, query.per_page);
  return {
    items: await withCitations(deps.db, caller, await entryViews(deps.db, rows, { positions: seesPhotoPositions(caller) })),
    total: Math.min(total, LIST_COUNT_CAP),
    total_capped: total > LIST_COUNT_CAP,
    page: query.page,
    per_page: query.per_page,
    can_write: await canWrite(deps.db, caller, projectId),
  };
}

/** One entry with its comments, the oldest first; the photos' positions only for a `caller` who sees them. */
export async function getEntry(deps: AppDeps, id: number, caller?: Caller): Promise<SiteLogEntryDetail> {
  const { db } = deps;
  const row = await repo.findEntry(db, id);
  if (!row) throw notFound('Entrée du journal introuvable.');
  const [[entry], comments] = await Promise.all([entryViews(db, [row], { positions: seesPhotoPositions(caller) }), repo.commentsOf(db, id)]);
  const people = await peopleByIds(
    db,
    comments.map((c) => c.authorId),
  );
  const commentViews: SiteLogComment[] = comments.map((c) => ({
    id: c.id,
    author: people.get(c.authorId) ?? { id: c.authorId, name: 'Utilisateur', role: 'client' },
    body: c.body,
    created_at: c.createdAt.toISOString(),
  }));
  const detail = { ...entry, comments: commentViews };
  // Where it is cited (decision 1232), as the caller may see it.
  return caller ? (await withCitations(db, caller, [detail]))[0] : detail;
}
