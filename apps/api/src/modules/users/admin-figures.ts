import { sql } from 'drizzle-orm';
import type { Executor } from '@ouvrage/db';
import type { UserType } from '@ouvrage/domain';
import { sqlRows } from '../../lib/sql-rows';

/**
 * The admin dashboard's « professionals awaiting validation » (decision 0821), one statement: how
 * many professionals, drawers and architects are « En attente », and the `limit` waiting longest.
 */
export async function professionalsAwaitingValidation(db: Executor, limit: number) {
  const pending = sql.raw(`user_type IN ('professionnel', 'dessinateur', 'architecte') AND is_validate = 'En attente' AND anonymized_at IS NULL`);
  const rows = await sqlRows<{ total: number; id: number | null; firstname: string; lastname: string; email: string; user_type: UserType; created_ms: number }>(
    db,
    sql`SELECT t.total, u.id, u.firstname, u.lastname, u.email, u.user_type, u.created_ms
        FROM (SELECT count(*)::int AS total FROM users WHERE ${pending}) t
        LEFT JOIN LATERAL (
          SELECT id, firstname, lastname, email, user_type, (extract(epoch FROM created_at) * 1000)::float8 AS created_ms
          FROM users WHERE ${pending} ORDER BY created_at, id LIMIT ${limit}
        ) u ON true`,
  );
  return {
    count: rows[0]?.total ?? 0,
    oldest: rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: r.id as number,
        name: `${r.firstname} ${r.lastname}`.trim() || r.email,
        email: r.email,
        userType: r.user_type,
        createdAt: new Date(r.created_ms),
      })),
  };
}
