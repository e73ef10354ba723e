import { asc, eq, inArray, or } from 'drizzle-orm';
import { siteLogComments, siteLogEntries, type Executor } from '@ouvrage/db';
import { readStoredFile } from '../../lib/stored-files';
import { youLabel, type ExportPart } from '../data-export';
import { clientProjectIds, projectLabelsByIds } from '../projects';
import { acceptedProjectsOf } from '../tenders';
import { findUsers } from '../users';
import * as repo from './repository';

/**
 * The site log in a person's data export (decision 1233): the journals they may read — their own
 * projects as client, the projects where their tender is accepted — and those where they wrote an
 * entry or a comment (the admin), every entry with its photos (as stored, without metadata) and
 * comments, each author « vous » or their name (« Compte supprimé » once anonymised).
 */
export const siteLogExport: ExportPart = {
  name: 'site_log',
  collect: async ({ deps, db, user, language, addFile }) => {
    const [own, accepted, written] = await Promise.all([clientProjectIds(db, user.id), acceptedProjectsOf(db, user.id), projectsWrittenIn(db, user.id)]);
    const projectIds = [...new Set([...own, ...accepted, ...written])].sort((a, b) => a - b);
    if (projectIds.length === 0) return [];
    const entries = await db
      .select()
      .from(siteLogEntries)
      .where(inArray(siteLogEntries.projectId, projectIds))
      .orderBy(asc(siteLogEntries.projectId), asc(siteLogEntries.number));
    if (entries.length === 0) return [];
    const entryIds = entries.map((e) => e.id);
    const [photos, comments, labels] = await Promise.all([
      repo.photosOf(db, entryIds),
      db.select().from(siteLogComments).where(inArray(siteLogComments.entryId, entryIds)).orderBy(asc(siteLogComments.id)),
      projectLabelsByIds(
        db,
        entries.map((e) => e.projectId),
      ),
    ]);
    const people = await findUsers(db, [...new Set([...entries.map((e) => e.authorId), ...comments.map((c) => c.authorId)])]);
    const nameOf = new Map(people.map((p) => [p.id, `${p.firstname} ${p.lastname}`.trim()]));
    const you = youLabel(language);
    const author = (id: number) => (id === user.id ? you : (nameOf.get(id) ?? ''));
    const numberOf = new Map(entries.map((e) => [e.id, e.number]));
    return projectIds
      .filter((id) => entries.some((e) => e.projectId === id))
      .map((projectId) => {
        const label = labels.find((l) => l.id === projectId);
        return {
          project: { id: projectId, category: label?.categoryName ?? '', property: label?.bienName ?? '', city: label?.city ?? '' },
          entries: entries
            .filter((e) => e.projectId === projectId)
            .map((e) => ({
              id: e.id,
              number: e.number,
              work_date: e.workDate,
              author: author(e.authorId),
              author_is_you: e.authorId === user.id,
              text: e.body,
              lot: e.lotLabel,
              weather_stop: e.weatherStop,
              weather_note: e.weatherNote,
              corrects_entry_number: e.correctsEntryId === null ? null : (numberOf.get(e.correctsEntryId) ?? null),
              written_at: e.createdAt.toISOString(),
              photos: photos
                .filter((p) => p.entryId === e.id)
                .map((p) => ({
                  content_type: p.contentType,
                  taken_at: p.takenAt?.toISOString() ?? null,
                  file: addFile(`${projectId}/${e.number}-${p.position}.${extensionOf(p.contentType)}`, () => readStoredFile(deps.storage, p.storageKey)),
                })),
              comments: comments
                .filter((c) => c.entryId === e.id)
                .map((c) => ({ author: author(c.authorId), author_is_you: c.authorId === user.id, text: c.body, written_at: c.createdAt.toISOString() })),
            })),
        };
      });
  },
};

const extensionOf = (contentType: string) => ({ 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' })[contentType] ?? 'bin';

/** The projects whose journal the person wrote in: an entry or a comment. */
async function projectsWrittenIn(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: siteLogEntries.projectId })
    .from(siteLogEntries)
    .leftJoin(siteLogComments, eq(siteLogComments.entryId, siteLogEntries.id))
    .where(or(eq(siteLogEntries.authorId, userId), eq(siteLogComments.authorId, userId)));
  return rows.map((r) => r.id);
}
