import { and, asc, desc, eq, inArray, isNull, lt, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  quoteEvents,
  quoteLines,
  quoteLots,
  quotes,
  quoteSettings,
  type Executor,
  type QuoteLineRow,
  type QuoteLotRow,
  type QuoteRow,
  type QuoteSettingsRow,
} from '@ouvrage/db';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { QuoteStatus } from '@ouvrage/domain';
import { preparedCappedCount, searchedPage, type ListTotal } from '../../lib/capped-count';
import { searchVectorOf, wordStartsQuery } from '../../lib/search-vector';
import { byPlaceholder, byValue, prepared, shapeOf, type Bind } from '../../lib/prepared';

export type QuoteInsert = typeof quotes.$inferInsert;
export type { QuoteLineRow, QuoteLotRow, QuoteRow, QuoteSettingsRow };

export async function findQuote(db: Executor, id: number): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  return row;
}

/** Several quotes by id (any order). */
export async function findQuotes(db: Executor, ids: number[]): Promise<QuoteRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(quotes).where(inArray(quotes.id, ids));
}

/** The quote row, locked until the caller's transaction ends (every state change takes it first). */
export async function lockQuote(db: Executor, id: number): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id)).for('update');
  return row;
}

/** Owners of a quote for access control: its issuer and its client; null when unknown. */
export async function ownersOfQuote(db: Executor, id: number): Promise<number[] | null> {
  const [row] = await db.select({ issuerId: quotes.issuerId, clientId: quotes.clientId }).from(quotes).where(eq(quotes.id, id));
  return row ? [row.issuerId, row.clientId] : null;
}

export async function insertQuote(db: Executor, values: QuoteInsert): Promise<QuoteRow> {
  const [row] = await db.insert(quotes).values(values).returning();
  return row;
}

export async function updateQuote(db: Executor, id: number, values: Partial<QuoteInsert>): Promise<QuoteRow> {
  const [row] = await db.update(quotes).set(values).where(eq(quotes.id, id)).returning();
  return row;
}

export async function deleteQuote(db: Executor, id: number): Promise<void> {
  await db.delete(quotes).where(eq(quotes.id, id));
}

export interface LotValues {
  title: string;
  lines: Array<Omit<typeof quoteLines.$inferInsert, 'quoteId' | 'lotId' | 'position'>>;
}

/** Replace a quote's lots and lines (a save carries the whole content). */
export async function replaceContent(db: Executor, quoteId: number, lots: LotValues[]): Promise<void> {
  await db.delete(quoteLots).where(eq(quoteLots.quoteId, quoteId));
  if (!lots.length) return;
  const lotRows = await db
    .insert(quoteLots)
    .values(lots.map((lot, position) => ({ quoteId, position, title: lot.title })))
    .returning({ id: quoteLots.id, position: quoteLots.position });
  const idOf = new Map(lotRows.map((r) => [r.position, r.id]));
  const lines = lots.flatMap((lot, lotPosition) => lot.lines.map((line, position) => ({ ...line, quoteId, lotId: idOf.get(lotPosition)!, position })));
  // Chunks keep each statement under PostgreSQL's parameter limit.
  for (let i = 0; i < lines.length; i += 500) await db.insert(quoteLines).values(lines.slice(i, i + 500));
}

export async function contentOf(db: Executor, quoteId: number): Promise<{ lots: QuoteLotRow[]; lines: QuoteLineRow[] }> {
  const [lots, lines] = await Promise.all([
    db.select().from(quoteLots).where(eq(quoteLots.quoteId, quoteId)).orderBy(asc(quoteLots.position)),
    db.select().from(quoteLines).where(eq(quoteLines.quoteId, quoteId)).orderBy(asc(quoteLines.lotId), asc(quoteLines.position)),
  ]);
  return { lots, lines };
}

/** Lots and lines of several quotes at once (the comparison). */
export async function contentsOf(db: Executor, quoteIds: number[]) {
  if (!quoteIds.length) return { lots: [] as QuoteLotRow[], lines: [] as QuoteLineRow[] };
  const [lots, lines] = await Promise.all([
    db.select().from(quoteLots).where(inArray(quoteLots.quoteId, quoteIds)).orderBy(asc(quoteLots.quoteId), asc(quoteLots.position)),
    db.select().from(quoteLines).where(inArray(quoteLines.quoteId, quoteIds)).orderBy(asc(quoteLines.lotId), asc(quoteLines.position)),
  ]);
  return { lots, lines };
}

export async function markChosenOptions(db: Executor, quoteId: number, lineIds: number[]): Promise<void> {
  if (!lineIds.length) return;
  await db
    .update(quoteLines)
    .set({ chosen: true })
    .where(and(eq(quoteLines.quoteId, quoteId), inArray(quoteLines.id, lineIds)));
}

/** Every version of a quote, oldest first. */
export async function versionsOf(db: Executor, rootId: number): Promise<QuoteRow[]> {
  return db.select().from(quotes).where(eq(quotes.rootId, rootId)).orderBy(asc(quotes.version));
}

/** Every version of a quote, locked in version order (sending reads and replaces the older ones). */
export async function lockVersions(db: Executor, rootId: number): Promise<QuoteRow[]> {
  return db.select().from(quotes).where(eq(quotes.rootId, rootId)).orderBy(asc(quotes.version)).for('update');
}

/** The highest version of a quote, locked (a new version is numbered after it). */
export async function lockLatestVersion(db: Executor, rootId: number): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.rootId, rootId)).orderBy(desc(quotes.version)).limit(1).for('update');
  return row;
}

export async function insertEvent(
  db: Executor,
  values: { quoteId: number; actorId: number | null; action: string; detail?: string | null; at: Date },
): Promise<void> {
  await db
    .insert(quoteEvents)
    .values({ quoteId: values.quoteId, actorId: values.actorId, action: values.action, detail: values.detail ?? null, createdAt: values.at });
}

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

export interface QuoteFilter {
  issuerId?: number;
  clientId?: number;
  /** Never a draft (a client's list). */
  sentOnly?: boolean;
  statuses?: QuoteStatus[];
  /** `Envoyé` past its validity date: asked as `Expiré`, it reads as expired. */
  effective?: { status: QuoteStatus; today: string };
  projectId?: number;
  /** Words that must each start a word of the quote's search text (number, object, client, project). */
  search?: string[];
  /** Only the latest version of each quote (the caller's visible ones). */
  latestOnly: boolean;
}

/** The status a row shows today, in SQL (a sent quote past `valid_until` is `Expiré`). */
function effectiveStatus(today: string | SQLWrapper): SQL {
  return sql`(case when ${quotes.status} = 'Envoyé' and ${quotes.validUntil} < ${today}::date then 'Expiré' else ${quotes.status} end)`;
}

/**
 * Words in an issuer's quotes are matched on the issuer's own index, which holds each quote's words
 * (`quotes_issuer_words_idx`): at most the issuer's few thousand entries, read in order. Written
 * with `@@` the planner also tempts the word index, whose entry for a town or a client's name lists
 * tens of thousands of quotes at a million projects (6.6 ms to count 49 matches, against 0.8):
 * `ts_match_vq` is the same match as a function, which no index serves. Elsewhere (every quote for
 * the admin, a client's), the word index is the narrow one.
 */
function searchCondition(f: QuoteFilter, words: string[], bind: Bind): SQL {
  const query = sql`to_tsquery('simple', ${bind('search', wordStartsQuery(words))})`;
  return f.issuerId !== undefined ? sql`ts_match_vq(${searchVectorOf(quotes)}, ${query})` : sql`${searchVectorOf(quotes)} @@ ${query}`;
}

function whereOf(f: QuoteFilter, bind: Bind = byValue): SQL | undefined {
  // One parameter holding the list (`= ANY($1)`), as a value or as the prepared statement's placeholder.
  const list = (name: string, values: string[]) => (bind === byValue ? sql.param(values) : bind(name, values));
  const conditions: Array<SQL | undefined> = [
    f.issuerId !== undefined ? eq(quotes.issuerId, bind('issuerId', f.issuerId)) : undefined,
    f.clientId !== undefined ? eq(quotes.clientId, bind('clientId', f.clientId)) : undefined,
    f.sentOnly ? ne(quotes.status, 'Brouillon') : undefined,
    f.statuses ? sql`${quotes.status} = ANY(${list('statuses', f.statuses)})` : undefined,
    f.effective ? sql`${effectiveStatus(bind('today', f.effective.today))} = ${bind('effective', f.effective.status)}` : undefined,
    f.projectId !== undefined ? eq(quotes.projectId, bind('projectId', f.projectId)) : undefined,
    f.search?.length ? searchCondition(f, f.search, bind) : undefined,
  ];
  // No newer version visible to this reader (a client never sees drafts, so a draft v2 does not
  // hide v1): the flags a trigger keeps (migration 0033, decision 0972).
  if (f.latestOnly) conditions.push(f.sentOnly ? eq(quotes.supersededSent, false) : eq(quotes.superseded, false));
  return and(...conditions.filter((c): c is SQL => c !== undefined));
}

/** The values of a prepared list's placeholders (`whereOf` with `byPlaceholder`). */
function valuesOf(f: QuoteFilter) {
  return {
    issuerId: f.issuerId,
    clientId: f.clientId,
    statuses: f.statuses,
    today: f.effective?.today,
    effective: f.effective?.status,
    projectId: f.projectId,
    search: f.search?.length ? wordStartsQuery(f.search) : undefined,
  };
}

export type QuoteSort = 'recent' | 'amount' | 'valid_until';

/**
 * What a list prints of a quote (decision 0976). A whole row carries a dozen dates, the addresses
 * and both snapshots: for a page of 20 that is most of the list's time in the API (each date and
 * JSON value parsed, for nothing). The snapshots give only their names.
 */
const listColumns = {
  id: quotes.id,
  rootId: quotes.rootId,
  version: quotes.version,
  number: quotes.number,
  issuerId: quotes.issuerId,
  clientId: quotes.clientId,
  projectId: quotes.projectId,
  status: quotes.status,
  title: quotes.title,
  validUntil: quotes.validUntil,
  totalHtCents: quotes.totalHtCents,
  totalTtcCents: quotes.totalTtcCents,
  acceptedTotalHtCents: quotes.acceptedTotalHtCents,
  acceptedTotalTtcCents: quotes.acceptedTotalTtcCents,
  createdAt: quotes.createdAt,
  updatedAt: quotes.updatedAt,
  sentAt: quotes.sentAt,
  clientName: sql<string | null>`${quotes.clientSnapshot}->>'name'`,
  issuerName: sql<string | null>`${quotes.issuerSnapshot}->>'name'`,
};
/** A row of `listColumns`; the snapshots' names are null on a draft (no snapshot yet). */
export type QuoteListRow = SelectResultFields<typeof listColumns>;

export async function listQuotes(
  db: Executor,
  filter: QuoteFilter,
  sort: QuoteSort,
  page: { limit: number; offset: number },
): Promise<{ rows: QuoteListRow[] } & ListTotal> {
  // Prepared per shape and order (decision 0966): Drizzle builds each statement once, and
  // PostgreSQL keeps it parsed on each connection.
  const shape = `${shapeOf(filter)}_${sort}`;
  const where = whereOf(filter, byPlaceholder);
  const order =
    sort === 'amount'
      ? [sql`coalesce(${quotes.acceptedTotalTtcCents}, ${quotes.totalTtcCents}) desc`, desc(quotes.id)]
      : sort === 'valid_until'
        ? [sql`${quotes.validUntil} asc nulls last`, desc(quotes.id)]
        : [desc(quotes.createdAt), desc(quotes.id)];
  // A search's best plan depends on its words (decision 0980).
  const planPerValue = Boolean(filter.search?.length);
  const rowsStatement = prepared(
    db,
    `quotes_list_${shape}`,
    (e) => {
      // The page's ids first (an index-only walk past the offset), then those rows (decision 0963).
      const pageIds = e
        .select({ id: quotes.id })
        .from(quotes)
        .where(where)
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
      return e
        .select(listColumns)
        .from(quotes)
        .where(inArray(quotes.id, pageIds))
        .orderBy(...order);
    },
    { planPerValue },
  );
  // Latest versions are counted by the flags the trigger keeps (migration 0033): for an architect's
  // 2 000 versions at a million projects, 0.2 ms on the issuer's index, where counting the distinct
  // quotes the versions belong to (decision 0967, before the flags) took 0.65.
  const count = preparedCappedCount(
    db,
    `quotes_count_${shapeOf(filter)}`,
    (e) =>
      e
        .select({ one: sql`1` })
        .from(quotes)
        .where(where),
    { planPerValue },
  );
  const values = valuesOf(filter);
  const pageRows = (): Promise<QuoteListRow[]> => rowsStatement.execute({ ...values, limit: page.limit, offset: page.offset });
  const total = (estimated?: number) => count(values, estimated);
  // An issuer's search counts at most the issuer's quotes: no estimate first.
  if (filter.search?.length)
    return searchedPage(
      db,
      page,
      pageRows,
      total,
      filter.issuerId === undefined
        ? db
            .select({ one: sql`1` })
            .from(quotes)
            .where(whereOf(filter))
        : undefined,
    );
  const [rows, counted] = await Promise.all([pageRows(), total()]);
  return { rows, ...counted };
}

/** How many quotes (any version) an issuer has on each project. */
export async function quoteCountsByProject(db: Executor, issuerId: number, projectIds: number[]): Promise<Map<number, number>> {
  if (!projectIds.length) return new Map();
  const rows = await db
    .select({ projectId: quotes.projectId, n: sql<number>`count(distinct ${quotes.rootId})::int` })
    .from(quotes)
    .where(and(eq(quotes.issuerId, issuerId), inArray(quotes.projectId, projectIds)))
    .groupBy(quotes.projectId);
  return new Map(rows.map((r) => [r.projectId, Number(r.n)]));
}

/** The latest sent version of each quote of a project (drafts never show to the client). */
export async function latestSentOfProject(db: Executor, projectId: number): Promise<QuoteRow[]> {
  return db
    .select()
    .from(quotes)
    .where(and(eq(quotes.projectId, projectId), ne(quotes.status, 'Brouillon'), eq(quotes.supersededSent, false)))
    .orderBy(asc(quotes.sentAt), asc(quotes.id));
}

/** Sent quotes past their validity date: `Expiré`, in one statement; returns what changed. */
export async function expireQuotes(db: Executor, today: string, now: Date): Promise<Array<{ id: number; issuerId: number }>> {
  return db
    .update(quotes)
    .set({ status: 'Expiré', expiredAt: now, updatedAt: now })
    .where(and(eq(quotes.status, 'Envoyé'), lt(quotes.validUntil, today)))
    .returning({ id: quotes.id, issuerId: quotes.issuerId });
}

export async function insertEvents(db: Executor, values: Array<typeof quoteEvents.$inferInsert>): Promise<void> {
  for (let i = 0; i < values.length; i += 500) await db.insert(quoteEvents).values(values.slice(i, i + 500));
}

// ---------------------------------------------------------------------------------------------
// Products, retention
// ---------------------------------------------------------------------------------------------

export async function quotesNameProduct(db: Executor, productId: number): Promise<boolean> {
  const rows = await db.select({ id: quoteLines.id }).from(quoteLines).where(eq(quoteLines.productId, productId)).limit(1);
  return rows.length > 0;
}

export async function quotesNameUser(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(or(eq(quotes.issuerId, userId), eq(quotes.clientId, userId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Clear the personal data quotes copied about a person: the client's name, e-mail and phone, the
 * issuer's contact details (the company's legal identity stays: a sent quote is a legal record).
 */
export async function anonymiseQuotesOf(db: Executor, userId: number): Promise<void> {
  await db
    .update(quotes)
    .set({
      clientSnapshot: sql`case when ${quotes.clientSnapshot} is null then null else jsonb_build_object('name', 'Client anonymisé', 'email', null, 'phone', null) end`,
      searchText: sql`regexp_replace(lower(coalesce(${quotes.number}, '')), '[^a-z0-9]+', ' ', 'g')`,
    })
    .where(eq(quotes.clientId, userId));
  await db
    .update(quotes)
    .set({
      issuerSnapshot: sql`case when ${quotes.issuerSnapshot} is null then null else ${quotes.issuerSnapshot} || jsonb_build_object('email', null, 'phone', null) end`,
    })
    .where(eq(quotes.issuerId, userId));
}

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

/** `userId` null: the platform row. */
export async function findSettings(db: Executor, userId: number | null): Promise<QuoteSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(quoteSettings)
    .where(userId === null ? isNull(quoteSettings.userId) : eq(quoteSettings.userId, userId));
  return row;
}

export async function upsertSettings(db: Executor, userId: number | null, values: Partial<typeof quoteSettings.$inferInsert>): Promise<QuoteSettingsRow> {
  if (userId !== null) {
    // One row per architect: two first saves at once meet on the unique key instead of failing.
    const [row] = await db
      .insert(quoteSettings)
      .values({ ...values, userId })
      .onConflictDoUpdate({ target: quoteSettings.userId, set: values })
      .returning();
    return row;
  }
  const existing = await findSettings(db, userId);
  if (existing) {
    const [row] = await db.update(quoteSettings).set(values).where(eq(quoteSettings.id, existing.id)).returning();
    return row;
  }
  const [row] = await db
    .insert(quoteSettings)
    .values({ ...values, userId })
    .returning();
  return row;
}

/** The number of a project's quotes that bind the client (signed, or validated into a contract), for the cancellation guard. */
export async function bindingQuoteNumber(db: Executor, projectId: number): Promise<string | null> {
  const statement = prepared(db, 'quotes_binding_number', (e) =>
    e
      .select({ number: quotes.number })
      .from(quotes)
      .where(and(eq(quotes.projectId, sql.placeholder('projectId')), inArray(quotes.status, ['Signé', 'Validé'] satisfies QuoteStatus[])))
      .limit(1),
  );
  const [row] = await statement.execute({ projectId });
  return row ? (row.number ?? '') : null;
}

/**
 * The events of a project's quotes with the quote's number, version and amounts, for its timeline
 * (decision 0830): of one issuer's quotes when `issuerId` is given, of sent quotes only (a draft is
 * its issuer's) when `sentOnly`.
 */
export async function quoteEventsOfProject(db: Executor, projectId: number, f: { issuerId?: number; sentOnly?: boolean }) {
  return db
    .select({
      id: quoteEvents.id,
      action: quoteEvents.action,
      actorId: quoteEvents.actorId,
      createdAt: quoteEvents.createdAt,
      quoteId: quotes.id,
      number: quotes.number,
      version: quotes.version,
      title: quotes.title,
      totalTtcCents: quotes.totalTtcCents,
      acceptedTotalTtcCents: quotes.acceptedTotalTtcCents,
    })
    .from(quoteEvents)
    .innerJoin(quotes, eq(quoteEvents.quoteId, quotes.id))
    .where(
      and(
        eq(quotes.projectId, projectId),
        f.issuerId === undefined ? undefined : eq(quotes.issuerId, f.issuerId),
        f.sentOnly ? ne(quotes.status, 'Brouillon') : undefined,
      ),
    )
    .orderBy(asc(quoteEvents.id));
}

/** An issuer's quote by its title, the latest version (the development server finds the demo's contracts by name). */
export async function quoteTitled(db: Executor, issuerId: number, title: string): Promise<QuoteRow | undefined> {
  const [row] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.issuerId, issuerId), eq(quotes.title, title)))
    .orderBy(desc(quotes.version))
    .limit(1);
  return row;
}

/** A project's quotes, every version, newest first (the cards of a conversation, decision 1230 « References »). */
export async function quotesOfProject(db: Executor, projectId: number): Promise<QuoteRow[]> {
  return db.select().from(quotes).where(eq(quotes.projectId, projectId)).orderBy(desc(quotes.id));
}
