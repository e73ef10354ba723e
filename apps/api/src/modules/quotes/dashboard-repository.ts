import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { quotes, type Executor } from '@ouvrage/db';
import type { QuoteStatus } from '@ouvrage/domain';
import { instantText } from '../../lib/sql-rows';

/** Dashboard widgets on quotes (decisions 0811–0813): one query each, scoped to the caller. */

/** « D-2026-0003 », « D-2026-0003 v2 » — `quoteVersionLabel` in SQL. */
const labelSql = sql<string>`(coalesce(${quotes.number}, 'Brouillon') || case when ${quotes.version} > 1 then ' v' || ${quotes.version} else '' end)`;

/** A trusted constant of the domain as an SQL literal (statuses never come from users). */
const literal = (value: string) => sql.raw(`'${value.replace(/'/g, "''")}'`);

const statusIn = (statuses: readonly QuoteStatus[]) => inArray(quotes.status, [...statuses]);

/** The client's quotes waiting for their answer (`Envoyé`), nearest expiry first, with their count and TTC sum. */
export async function quotesAwaitingAnswer(db: Executor, clientId: number, limit: number) {
  const rows = await db
    .select({
      id: quotes.id,
      label: labelSql,
      title: quotes.title,
      projectId: quotes.projectId,
      totalTtcCents: quotes.totalTtcCents,
      validUntil: quotes.validUntil,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      sumTtc: sql<number>`sum(${quotes.totalTtcCents}) over ()`.mapWith(Number),
    })
    .from(quotes)
    .where(and(eq(quotes.clientId, clientId), eq(quotes.status, 'Envoyé')))
    .orderBy(sql`${quotes.validUntil} asc nulls last`, desc(quotes.id))
    .limit(limit);
  return { total: rows[0]?.total ?? 0, totalTtcCents: rows[0]?.sumTtc ?? 0, items: rows };
}

/**
 * The client's accepted quotes waiting for their e-signature — the oldest `limit` by the time they
 * were accepted, and how many there are — for the dashboard's « documents to sign » (decision 1190).
 */
export async function quotesToSign(db: Executor, clientId: number, limit: number) {
  const since = sql`coalesce(${quotes.acceptedAt}, ${quotes.updatedAt})`;
  const rows = await db
    .select({ id: quotes.id, label: labelSql, since: instantText(since), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(quotes)
    .where(and(eq(quotes.clientId, clientId), eq(quotes.status, 'Accepté')))
    .orderBy(asc(since), asc(quotes.id))
    .limit(limit);
  return { total: rows[0]?.total ?? 0, items: rows.map((r) => ({ id: r.id, label: r.label, since: r.since, to: `/devis/${r.id}` })) };
}

const PIPELINE: Array<{ stage: 'draft' | 'sent' | 'accepted' | 'refused'; statuses: QuoteStatus[] }> = [
  { stage: 'draft', statuses: ['Brouillon'] },
  { stage: 'sent', statuses: ['Envoyé'] },
  { stage: 'accepted', statuses: ['Accepté', 'Signé', 'Validé'] },
  { stage: 'refused', statuses: ['Refusé'] },
];

/**
 * Where the architect's quotes stand: drafts, sent (awaiting the client), accepted (accepted,
 * signed, validated), refused — count and HT (the accepted totals, with the options taken, once
 * accepted). Replaced versions, cancelled and expired quotes are left out.
 */
export async function quotePipeline(db: Executor, issuerId: number) {
  // Constants of the domain as literals: the same text in the select and the group by.
  const stage = sql<string>`(case ${sql.join(
    PIPELINE.map((p) => sql`when ${quotes.status} in (${sql.join(p.statuses.map(literal), sql`, `)}) then ${literal(p.stage)}`),
    sql` `,
  )} end)`;
  const rows = await db
    .select({
      stage,
      count: sql<number>`count(*)`.mapWith(Number),
      totalHtCents: sql<number>`coalesce(sum(coalesce(${quotes.acceptedTotalHtCents}, ${quotes.totalHtCents})), 0)`.mapWith(Number),
    })
    .from(quotes)
    .where(and(eq(quotes.issuerId, issuerId), statusIn(PIPELINE.flatMap((p) => p.statuses))))
    .groupBy(stage);
  return PIPELINE.map((p) => {
    const row = rows.find((r) => r.stage === p.stage);
    return { stage: p.stage, count: row?.count ?? 0, total_ht_cents: row?.totalHtCents ?? 0 };
  });
}

/**
 * Quotes the architect sent in [from, until): how many, how many accepted (accepted, signed,
 * validated) and refused. One quote counts once: its replaced versions are left out.
 */
export async function quoteConversion(db: Executor, issuerId: number, from: Date, until: Date) {
  const [row] = await db
    .select({
      sent: sql<number>`count(*)`.mapWith(Number),
      accepted: sql<number>`count(*) filter (where ${quotes.status} in ('Accepté', 'Signé', 'Validé'))`.mapWith(Number),
      refused: sql<number>`count(*) filter (where ${quotes.status} = 'Refusé')`.mapWith(Number),
    })
    .from(quotes)
    .where(and(eq(quotes.issuerId, issuerId), gte(quotes.sentAt, from), lt(quotes.sentAt, until), sql`${quotes.status} <> 'Remplacé'`));
  return row ?? { sent: 0, accepted: 0, refused: 0 };
}
