import { desc, eq, sql } from 'drizzle-orm';
import { mails, type Executor } from '@ouvrage/db';
import { cappedCount } from '../../lib/capped-count';

/** One page of the outbox, newest first; `to` keeps the mails to that address (case-insensitive). */
export async function listMails(db: Executor, q: { page: number; perPage: number; to?: string }) {
  const where = q.to ? sql`lower(${mails.toAddress}) = ${q.to.toLowerCase()}` : undefined;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(mails)
      .where(where)
      .orderBy(desc(mails.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(mails)
        .where(where),
    ),
  ]);
  return { rows, ...total };
}

export async function findMail(db: Executor, id: number) {
  const [row] = await db.select().from(mails).where(eq(mails.id, id));
  return row;
}
