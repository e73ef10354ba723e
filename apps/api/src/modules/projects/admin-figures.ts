import { sql } from 'drizzle-orm';
import type { Executor } from '@ouvrage/db';
import { PROJECT_STAGES, PROJECT_STATES, type BoardOrder, type ProjectStage, type ProjectState } from '@ouvrage/domain';
import { categoryAndBienNames } from '../catalog';
import { sqlRows } from '../../lib/sql-rows';

/**
 * The admin dashboard's figures on projects (decision 0821): each function is one SQL statement
 * (the board's card names come from the catalogue in one more call, as for the project list).
 */

/** Closed projects never change stage: the board and its index (migration 0024) leave them out. */
const OPEN = sql.raw(`state NOT IN ('Terminé', 'Annulé')`);

function clientName(row: { firstname: string; lastname: string; company_name: string | null; type_client: string }): string {
  if (row.type_client === 'entreprise' && row.company_name) return row.company_name;
  return `${row.firstname} ${row.lastname}`.trim();
}

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** Projects « En attente » (to review): how many, and the `limit` waiting longest. */
export async function projectsToReview(db: Executor, limit: number) {
  const rows = await sqlRows<{
    total: number;
    id: number | null;
    firstname: string;
    lastname: string;
    company_name: string | null;
    type_client: string;
    postcode: string;
    city: string;
    created_ms: number;
  }>(
    db,
    sql`SELECT t.total, p.id, p.firstname, p.lastname, p.company_name, p.type_client, p.postcode, p.city, p.created_ms
        FROM (SELECT count(*)::int AS total FROM projects WHERE state = 'En attente') t
        LEFT JOIN LATERAL (
          SELECT id, firstname, lastname, company_name, type_client, postcode, city, (extract(epoch FROM created_at) * 1000)::float8 AS created_ms
          FROM projects WHERE state = 'En attente' ORDER BY created_at, id LIMIT ${limit}
        ) p ON true`,
  );
  return {
    count: rows[0]?.total ?? 0,
    oldest: rows
      .filter((r) => r.id !== null)
      .map((r) => ({ id: r.id as number, clientName: clientName(r), postcode: r.postcode, city: r.city, createdAt: new Date(r.created_ms) })),
  };
}

/** Projects created in [from, to) by their current state, every state listed (one index range count per state). */
export async function projectsByState(db: Executor, range: { from: Date; to: Date }): Promise<Array<{ state: ProjectState; count: number }>> {
  const rows = await sqlRows<{ state: ProjectState; count: number }>(
    db,
    sql`SELECT s.state, (SELECT count(*)::int FROM projects p WHERE p.state = s.state AND p.created_at >= ${range.from} AND p.created_at < ${range.to}) AS count
        FROM unnest(${textArray(PROJECT_STATES)}) WITH ORDINALITY AS s(state, ord) ORDER BY s.ord`,
  );
  return rows;
}

export interface BoardCardRow {
  id: number;
  clientName: string;
  postcode: string;
  city: string;
  categoryName: string;
  bienName: string;
  state: ProjectState;
  stage: ProjectStage;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A column's count stops at this many (shown « 1 000+ »): an exact count of hundreds of thousands
 * of open projects cost half a second at 1 000 000 projects (decision 0825), and no one reads it.
 */
export const BOARD_COUNT_CAP = 1000;

/**
 * The board: for each stage, the number of open projects (capped) and the first `perColumn` of
 * them by creation date (oldest or newest first). A lateral top-N per stage on the partial index
 * `projects_board_idx`: the work grows with the cards shown, not with the table.
 */
export async function projectBoard(db: Executor, options: { perColumn: number; order: BoardOrder }) {
  const direction = sql.raw(options.order === 'recents' ? 'DESC' : 'ASC');
  const rows = await sqlRows<{
    stage: ProjectStage;
    total: number;
    id: number | null;
    firstname: string;
    lastname: string;
    company_name: string | null;
    type_client: string;
    postcode: string;
    city: string;
    category_id: number;
    bien_id: number;
    state: ProjectState;
    created_ms: number;
    updated_ms: number;
  }>(
    db,
    sql`SELECT s.stage, t.total,
               p.id, p.firstname, p.lastname, p.company_name, p.type_client, p.postcode, p.city, p.category_id, p.bien_id, p.state, p.created_ms, p.updated_ms
        FROM unnest(${textArray(PROJECT_STAGES)}) WITH ORDINALITY AS s(stage, ord)
        CROSS JOIN LATERAL (SELECT count(*)::int AS total FROM (SELECT 1 FROM projects WHERE stage = s.stage AND ${OPEN} LIMIT ${BOARD_COUNT_CAP + 1}) capped) t
        LEFT JOIN LATERAL (
          SELECT id, firstname, lastname, company_name, type_client, postcode, city, category_id, bien_id, state,
                 (extract(epoch FROM created_at) * 1000)::float8 AS created_ms, (extract(epoch FROM updated_at) * 1000)::float8 AS updated_ms,
                 created_at
          FROM projects WHERE stage = s.stage AND ${OPEN}
          ORDER BY created_at ${direction}, id ${direction} LIMIT ${options.perColumn}
        ) p ON true
        ORDER BY s.ord, p.created_at ${direction}, p.id ${direction}`,
  );
  const cards = rows.filter((r) => r.id !== null);
  const names = await categoryAndBienNames(db, { categoryIds: cards.map((r) => r.category_id), bienIds: cards.map((r) => r.bien_id) });
  return PROJECT_STAGES.map((stage) => {
    const ofStage = rows.filter((r) => r.stage === stage);
    const counted = ofStage[0]?.total ?? 0;
    return {
      stage,
      total: Math.min(counted, BOARD_COUNT_CAP),
      totalCapped: counted > BOARD_COUNT_CAP,
      cards: ofStage
        .filter((r) => r.id !== null)
        .map((r): BoardCardRow => ({
          id: r.id as number,
          clientName: clientName(r),
          postcode: r.postcode,
          city: r.city,
          categoryName: names.categories.get(r.category_id)?.name ?? '',
          bienName: names.biens.get(r.bien_id)?.name ?? '',
          state: r.state,
          stage,
          createdAt: new Date(r.created_ms),
          updatedAt: new Date(r.updated_ms),
        })),
    };
  });
}
