import { siteLogEntries, siteLogPhotos, type Database } from '@ouvrage/db';
import { ownedProject } from '../projects/factories';

/**
 * An entry of a journal `user` owns (owner kind `site-log-entry`): in a project of the client's,
 * or one on which the professional's tender is accepted (an admin gets a project of their own).
 * Written in the database directly, numbered 1, by the user when they write journals.
 */
export async function ownedSiteLogEntry(db: Database, user: { id: number; user_type: string }): Promise<number> {
  const projectId = await ownedProject(db, user);
  const [row] = await db
    .insert(siteLogEntries)
    .values({ projectId, number: 1, authorId: user.id, workDate: '2026-11-20', body: 'Coulage de la dalle du garage.' })
    .returning({ id: siteLogEntries.id });
  return row.id;
}

/** A photo of such an entry (owner kind `site-log-photo`); its bytes are not stored. */
export async function ownedSiteLogPhoto(db: Database, user: { id: number; user_type: string }): Promise<number> {
  const entryId = await ownedSiteLogEntry(db, user);
  const [row] = await db
    .insert(siteLogPhotos)
    .values({ entryId, storageKey: `2026/11/${crypto.randomUUID()}.jpg`, contentType: 'image/jpeg', sizeBytes: 10, width: 4, height: 3, position: 1 })
    .returning({ id: siteLogPhotos.id });
  return row.id;
}
