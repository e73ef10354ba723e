import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  priceContributions,
  priceReferenceDirtyKeys,
  priceReferenceLabels,
  priceReferenceOptOuts,
  priceReferencePending,
  priceReferenceRuns,
  priceReferences,
  type Executor,
  type PriceCoverageFigures,
  type PriceReferenceRow,
} from '@ouvrage/db';
import type { ComputedCell, LineContribution, PreviousCell } from '@ouvrage/domain';

/** The price-references module's tables (migration 0061, decision 1240). */

export type NewContribution = typeof priceContributions.$inferInsert;

// --- participation -------------------------------------------------------------------------

export async function optOutOf(db: Executor, userId: number): Promise<Date | null> {
  const [row] = await db.select().from(priceReferenceOptOuts).where(eq(priceReferenceOptOuts.userId, userId));
  return row?.optedOutAt ?? null;
}

export async function optedOut(db: Executor, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: priceReferenceOptOuts.userId })
    .from(priceReferenceOptOuts)
    .where(inArray(priceReferenceOptOuts.userId, [...userIds]));
  return new Set(rows.map((r) => r.userId));
}

export async function insertOptOut(db: Executor, userId: number, at: Date): Promise<void> {
  await db.insert(priceReferenceOptOuts).values({ userId, optedOutAt: at }).onConflictDoNothing();
}

export async function deleteOptOut(db: Executor, userId: number): Promise<void> {
  await db.delete(priceReferenceOptOuts).where(eq(priceReferenceOptOuts.userId, userId));
}

/** An issuer's contributions go: the keys they touched are recomputed at the next refresh. */
export async function deleteContributionsOf(db: Executor, issuerId: number): Promise<string[]> {
  const rows = await db.delete(priceContributions).where(eq(priceContributions.issuerId, issuerId)).returning({ lineKey: priceContributions.lineKey });
  return [...new Set(rows.map((r) => r.lineKey))];
}

// --- collection ----------------------------------------------------------------------------

export async function addPending(db: Executor, quoteIds: readonly number[]): Promise<void> {
  if (quoteIds.length === 0) return;
  await db
    .insert(priceReferencePending)
    .values(quoteIds.map((quoteId) => ({ quoteId })))
    .onConflictDoNothing();
}

/** A batch of quotes to collect, locked so two instances never collect the same. */
export async function takePending(db: Executor, limit: number): Promise<number[]> {
  const rows = await db.select().from(priceReferencePending).orderBy(asc(priceReferencePending.quoteId)).limit(limit).for('update', { skipLocked: true });
  return rows.map((r) => r.quoteId);
}

export async function deletePending(db: Executor, quoteIds: readonly number[]): Promise<void> {
  if (quoteIds.length) await db.delete(priceReferencePending).where(inArray(priceReferencePending.quoteId, [...quoteIds]));
}

export async function contributionsOfRoots(db: Executor, rootIds: readonly number[]): Promise<Array<{ id: number; quoteRootId: number; lineKey: string }>> {
  if (rootIds.length === 0) return [];
  return db
    .select({ id: priceContributions.id, quoteRootId: priceContributions.quoteRootId, lineKey: priceContributions.lineKey })
    .from(priceContributions)
    .where(inArray(priceContributions.quoteRootId, [...rootIds]));
}

/** Insert or update (an admin's exclusion of the same quote and line is kept). */
export async function upsertContributions(db: Executor, rows: readonly NewContribution[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(priceContributions)
      .values(rows.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [priceContributions.quoteRootId, priceContributions.lineKey],
        set: {
          quoteId: sql`excluded.quote_id`,
          issuerId: sql`excluded.issuer_id`,
          unit: sql`excluded.unit`,
          departement: sql`excluded.departement`,
          region: sql`excluded.region`,
          sentOn: sql`excluded.sent_on`,
          unitPriceCents: sql`excluded.unit_price_cents`,
          lotTitle: sql`excluded.lot_title`,
          designation: sql`excluded.designation`,
        },
      });
  }
}

export async function deleteContributions(db: Executor, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) await db.delete(priceContributions).where(inArray(priceContributions.id, ids.slice(i, i + 1000)));
}

export async function markDirty(db: Executor, keys: readonly string[]): Promise<void> {
  const unique = [...new Set(keys)];
  for (let i = 0; i < unique.length; i += 1000) {
    await db
      .insert(priceReferenceDirtyKeys)
      .values(unique.slice(i, i + 1000).map((lineKey) => ({ lineKey })))
      .onConflictDoNothing();
  }
}

/** Lines whose contributions cross a rolling window's start between two refresh days. */
export async function markWindowCrossings(db: Executor, ranges: ReadonlyArray<{ after: string; upTo: string }>): Promise<void> {
  for (const range of ranges) {
    if (range.after >= range.upTo) continue;
    await db.execute(
      sql`INSERT INTO price_reference_dirty_keys (line_key) SELECT DISTINCT line_key FROM price_contributions WHERE sent_on > ${range.after}::date AND sent_on <= ${range.upTo}::date ON CONFLICT DO NOTHING`,
    );
  }
}

export async function markAllDirty(db: Executor): Promise<void> {
  await db.execute(sql`INSERT INTO price_reference_dirty_keys (line_key) SELECT DISTINCT line_key FROM price_contributions ON CONFLICT DO NOTHING`);
}

// --- refresh -------------------------------------------------------------------------------

export async function takeDirtyKeys(db: Executor, limit: number): Promise<string[]> {
  const rows = await db.select().from(priceReferenceDirtyKeys).orderBy(asc(priceReferenceDirtyKeys.lineKey)).limit(limit).for('update', { skipLocked: true });
  return rows.map((r) => r.lineKey);
}

export async function deleteDirtyKeys(db: Executor, keys: readonly string[]): Promise<void> {
  if (keys.length) await db.delete(priceReferenceDirtyKeys).where(inArray(priceReferenceDirtyKeys.lineKey, [...keys]));
}

/** The live (not excluded) contributions of some lines sent after `after`, one per quote and line. */
export async function contributionsOfKeys(
  db: Executor,
  keys: readonly string[],
  after: string,
): Promise<Array<LineContribution & { lineKey: string; unit: string; lotTitle: string; designation: string }>> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({
      id: priceContributions.id,
      quoteId: priceContributions.quoteRootId,
      issuerId: priceContributions.issuerId,
      departement: priceContributions.departement,
      region: priceContributions.region,
      sentOn: priceContributions.sentOn,
      unitPriceCents: priceContributions.unitPriceCents,
      lineKey: priceContributions.lineKey,
      unit: priceContributions.unit,
      lotTitle: priceContributions.lotTitle,
      designation: priceContributions.designation,
    })
    .from(priceContributions)
    .where(and(inArray(priceContributions.lineKey, [...keys]), isNull(priceContributions.excludedAt), gt(priceContributions.sentOn, after)));
  return rows;
}

export async function cellsOfKeys(db: Executor, keys: readonly string[]): Promise<PriceReferenceRow[]> {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(priceReferences)
    .where(inArray(priceReferences.lineKey, [...keys]));
}

export const previousCell = (row: PriceReferenceRow): PreviousCell => ({
  zoneLevel: row.zoneLevel,
  zoneCode: row.zoneCode,
  period: row.period,
  published: row.published,
  medianCents: row.medianCents,
  q1Cents: row.q1Cents,
  q3Cents: row.q3Cents,
  quotes: row.quotes,
  publishedQuoteIds: row.publishedQuoteIds,
});

/** The lines' cells replaced by what the refresh computed. */
export async function replaceCells(
  db: Executor,
  keys: readonly string[],
  cells: ReadonlyArray<ComputedCell & { lineKey: string; lotKey: string; unit: string }>,
  at: Date,
): Promise<void> {
  if (keys.length) await db.delete(priceReferences).where(inArray(priceReferences.lineKey, [...keys]));
  for (let i = 0; i < cells.length; i += 1000) {
    await db.insert(priceReferences).values(
      cells.slice(i, i + 1000).map((c) => ({
        lineKey: c.lineKey,
        zoneLevel: c.zoneLevel,
        zoneCode: c.zoneCode,
        period: c.period,
        lotKey: c.lotKey,
        unit: c.unit,
        published: c.published,
        medianCents: c.medianCents,
        q1Cents: c.q1Cents,
        q3Cents: c.q3Cents,
        quotes: c.quotes,
        publishedQuoteIds: c.publishedQuoteIds,
        computedAt: at,
      })),
    );
  }
}

/** The lines' wording replaced (lines without contribution lose theirs). */
export async function replaceLabels(
  db: Executor,
  keys: readonly string[],
  labels: ReadonlyArray<{ lineKey: string; lotKey: string; lotLabel: string; label: string }>,
): Promise<void> {
  if (keys.length) await db.delete(priceReferenceLabels).where(inArray(priceReferenceLabels.lineKey, [...keys]));
  for (let i = 0; i < labels.length; i += 1000) await db.insert(priceReferenceLabels).values(labels.slice(i, i + 1000));
}

/** Lines' and lots' wording by key (a key without wording reads as itself). */
export async function labelsOf(db: Executor, keys: readonly string[]): Promise<Map<string, { lotLabel: string; label: string }>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select()
    .from(priceReferenceLabels)
    .where(inArray(priceReferenceLabels.lineKey, [...new Set(keys)]));
  return new Map(rows.map((r) => [r.lineKey, { lotLabel: r.lotLabel, label: r.label }]));
}

/** A lot's most common wording among its lines. */
export async function lotLabels(db: Executor, lotKeys: readonly string[]): Promise<Map<string, string>> {
  if (lotKeys.length === 0) return new Map();
  const rows = await db
    .select({ lotKey: priceReferenceLabels.lotKey, lotLabel: priceReferenceLabels.lotLabel, n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(priceReferenceLabels)
    .where(inArray(priceReferenceLabels.lotKey, [...new Set(lotKeys)]))
    .groupBy(priceReferenceLabels.lotKey, priceReferenceLabels.lotLabel)
    .orderBy(desc(sql`count(*)`), asc(priceReferenceLabels.lotLabel));
  const labels = new Map<string, string>();
  for (const row of rows) if (!labels.has(row.lotKey)) labels.set(row.lotKey, row.lotLabel);
  return labels;
}

export async function setOutliers(db: Executor, keys: readonly string[], outlierIds: readonly number[]): Promise<void> {
  if (keys.length === 0) return;
  const flagged = outlierIds.length ? inArray(priceContributions.id, [...outlierIds]) : sql`false`;
  await db
    .update(priceContributions)
    .set({ outlier: sql`${flagged}` })
    .where(and(inArray(priceContributions.lineKey, [...keys]), sql`${priceContributions.outlier} IS DISTINCT FROM (${flagged})`));
}

// --- runs ----------------------------------------------------------------------------------

export async function lastFinishedRun(db: Executor) {
  const [row] = await db.select().from(priceReferenceRuns).where(isNotNull(priceReferenceRuns.finishedAt)).orderBy(desc(priceReferenceRuns.id)).limit(1);
  return row;
}

export async function startRun(db: Executor, windowEnd: string, at: Date): Promise<number> {
  const [row] = await db.insert(priceReferenceRuns).values({ windowEnd, startedAt: at }).returning({ id: priceReferenceRuns.id });
  return row!.id;
}

export async function finishRun(
  db: Executor,
  id: number,
  figures: { quotesCollected: number; keysRefreshed: number; cellsPublished: number; durationMs: number; coverage: PriceCoverageFigures; at: Date },
): Promise<void> {
  await db
    .update(priceReferenceRuns)
    .set({
      finishedAt: figures.at,
      quotesCollected: figures.quotesCollected,
      keysRefreshed: figures.keysRefreshed,
      cellsPublished: figures.cellsPublished,
      durationMs: figures.durationMs,
      coverage: figures.coverage,
    })
    .where(eq(priceReferenceRuns.id, id));
}

/** Lines of the window's contributions, and how many have a published reference in their zones. */
export async function coverage(db: Executor, after: string): Promise<PriceCoverageFigures> {
  const result = await db.execute(sql`
    SELECT split_part(c.line_key, '|', 1) AS lot, count(*)::int AS lines,
      count(*) FILTER (WHERE EXISTS (
        SELECT 1 FROM price_references r
        WHERE r.line_key = c.line_key AND r.published AND r.period IN ('12m', '36m')
          AND ((r.zone_level = 'departement' AND r.zone_code = c.departement) OR (r.zone_level = 'region' AND r.zone_code = c.region) OR r.zone_level = 'france')
      ))::int AS referenced
    FROM price_contributions c
    WHERE c.sent_on > ${after}::date AND c.excluded_at IS NULL
    GROUP BY 1 ORDER BY 2 DESC`);
  const rows = (result as unknown as { rows: Array<{ lot: string; lines: number; referenced: number }> }).rows;
  const byLot = rows.map((r) => ({ lot: r.lot, lines: Number(r.lines), referencedLines: Number(r.referenced) }));
  return { lines: byLot.reduce((n, r) => n + r.lines, 0), referencedLines: byLot.reduce((n, r) => n + r.referencedLines, 0), byLot };
}

// --- reads ---------------------------------------------------------------------------------

/**
 * The published figures of some lines that can serve a département: its own, its region's and
 * France's, over 12 and 36 months — one statement on the primary key.
 */
export type ShownReferenceRow = Omit<PriceReferenceRow, 'publishedQuoteIds' | 'lotKey' | 'published'>;

export async function referencesFor(db: Executor, keys: readonly string[], departement: string, region: string): Promise<ShownReferenceRow[]> {
  if (keys.length === 0) return [];
  // Not the publication's set of quote ids: thousands of them on a France cell, never shown.
  return db
    .select({
      lineKey: priceReferences.lineKey,
      zoneLevel: priceReferences.zoneLevel,
      zoneCode: priceReferences.zoneCode,
      period: priceReferences.period,
      unit: priceReferences.unit,
      medianCents: priceReferences.medianCents,
      q1Cents: priceReferences.q1Cents,
      q3Cents: priceReferences.q3Cents,
      quotes: priceReferences.quotes,
      computedAt: priceReferences.computedAt,
    })
    .from(priceReferences)
    .where(
      and(
        inArray(priceReferences.lineKey, [...keys]),
        eq(priceReferences.published, true),
        inArray(priceReferences.period, ['12m', '36m']),
        or(
          and(eq(priceReferences.zoneLevel, 'departement'), eq(priceReferences.zoneCode, departement)),
          and(eq(priceReferences.zoneLevel, 'region'), eq(priceReferences.zoneCode, region)),
          eq(priceReferences.zoneLevel, 'france'),
        ),
      ),
    );
}

export async function publishedLots(db: Executor, zoneLevel: string, zoneCode: string) {
  return db
    .select({ lotKey: priceReferences.lotKey, lines: sql<number>`count(DISTINCT ${priceReferences.lineKey})::int`.mapWith(Number) })
    .from(priceReferences)
    .where(and(eq(priceReferences.published, true), eq(priceReferences.zoneLevel, zoneLevel as 'france'), eq(priceReferences.zoneCode, zoneCode)))
    .groupBy(priceReferences.lotKey)
    .orderBy(desc(sql`count(DISTINCT ${priceReferences.lineKey})`), asc(priceReferences.lotKey))
    .limit(100);
}

export async function publishedQuarters(db: Executor, lotKey: string, zoneLevel: string, zoneCode: string) {
  return db
    .select({
      lineKey: priceReferences.lineKey,
      period: priceReferences.period,
      unit: priceReferences.unit,
      medianCents: priceReferences.medianCents,
      q1Cents: priceReferences.q1Cents,
      q3Cents: priceReferences.q3Cents,
      quotes: priceReferences.quotes,
    })
    .from(priceReferences)
    .where(
      and(
        eq(priceReferences.published, true),
        eq(priceReferences.lotKey, lotKey),
        eq(priceReferences.zoneLevel, zoneLevel as 'france'),
        eq(priceReferences.zoneCode, zoneCode),
        sql`${priceReferences.period} LIKE '____-T_'`,
      ),
    )
    .orderBy(asc(priceReferences.lineKey), asc(priceReferences.period));
}
