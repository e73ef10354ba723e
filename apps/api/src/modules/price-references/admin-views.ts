import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { priceContributions, priceReferences } from '@ouvrage/db';
import type { PriceCoverage, PriceOutlier, PriceTrends } from '@ouvrage/contracts';
import { splitPriceLineKey } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { capTotal } from '../../lib/capped-count';
import { invalid, notFound } from '../../lib/errors';
import { quoteHeadlines } from '../quotes';
import { findUsers } from '../users';
import * as repo from './repository';

const zoneOf = (level: 'departement' | 'region' | 'france', zone: string | undefined) => {
  if (level === 'france') return 'FR';
  if (!zone) throw invalid({ zone: 'Choisissez la zone.' }, 'Choisissez la zone.');
  return zone;
};

/** Quarterly published figures of each line of a lot in a zone, and the lots that have some. */
export async function trends(deps: AppDeps, query: { lot?: string; niveau: 'departement' | 'region' | 'france'; zone?: string }): Promise<PriceTrends> {
  const zoneCode = zoneOf(query.niveau, query.zone);
  const lots = await repo.publishedLots(deps.db, query.niveau, zoneCode);
  const lot = query.lot ?? lots[0]?.lotKey ?? null;
  const rows = lot === null ? [] : await repo.publishedQuarters(deps.db, lot, query.niveau, zoneCode);
  const [lineLabels, lotNames] = await Promise.all([
    repo.labelsOf(
      deps.db,
      rows.map((r) => r.lineKey),
    ),
    repo.lotLabels(
      deps.db,
      lots.map((l) => l.lotKey),
    ),
  ]);
  const lines = new Map<string, PriceTrends['lines'][number]>();
  for (const row of rows) {
    const line = lines.get(row.lineKey) ?? {
      line_key: row.lineKey,
      label: lineLabels.get(row.lineKey)?.label ?? splitPriceLineKey(row.lineKey).label,
      unit: row.unit as PriceTrends['lines'][number]['unit'],
      points: [],
    };
    line.points.push({ quarter: row.period, median_cents: row.medianCents, q1_cents: row.q1Cents, q3_cents: row.q3Cents, quotes: row.quotes });
    lines.set(row.lineKey, line);
  }
  return { lots: lots.map((l) => ({ key: l.lotKey, label: lotNames.get(l.lotKey) ?? l.lotKey, lines: l.lines })), lot, lines: [...lines.values()] };
}

export async function coverageView(deps: AppDeps): Promise<PriceCoverage> {
  const run = await repo.lastFinishedRun(deps.db);
  const figures = run?.coverage ?? { lines: 0, referencedLines: 0, byLot: [] };
  const lotNames = await repo.lotLabels(
    deps.db,
    figures.byLot.map((l) => l.lot),
  );
  return {
    lines: figures.lines,
    referenced_lines: figures.referencedLines,
    by_lot: figures.byLot.map((l) => ({ lot: lotNames.get(l.lot) ?? l.lot, lines: l.lines, referenced_lines: l.referencedLines })),
    last_run: run
      ? {
          started_at: run.startedAt.toISOString(),
          finished_at: run.finishedAt?.toISOString() ?? null,
          quotes_collected: run.quotesCollected,
          keys_refreshed: run.keysRefreshed,
          cells_published: run.cellsPublished,
          duration_ms: run.durationMs,
        }
      : null,
  };
}

type ContributionRow = typeof priceContributions.$inferSelect;

async function describe(deps: AppDeps, rows: ContributionRow[]): Promise<PriceOutlier[]> {
  const headlines = await quoteHeadlines(deps.db, [...new Set(rows.map((r) => r.quoteId))]);
  const users = new Map((await findUsers(deps.db, [...new Set(rows.map((r) => r.issuerId))])).map((u) => [u.id, u]));
  const labels = await repo.labelsOf(
    deps.db,
    rows.map((r) => r.lineKey),
  );
  const medians = new Map<string, number>();
  for (const key of new Set(rows.map((r) => r.lineKey))) {
    const [france] = await deps.db
      .select({ median: priceReferences.medianCents })
      .from(priceReferences)
      .where(
        and(eq(priceReferences.lineKey, key), eq(priceReferences.zoneLevel, 'france'), eq(priceReferences.zoneCode, 'FR'), eq(priceReferences.period, '36m')),
      );
    if (france) medians.set(key, france.median);
  }
  return rows.map((r) => {
    const issuer = users.get(r.issuerId);
    return {
      id: r.id,
      line_key: r.lineKey,
      label: labels.get(r.lineKey)?.label ?? splitPriceLineKey(r.lineKey).label,
      unit: r.unit as PriceOutlier['unit'],
      departement: r.departement,
      unit_price_cents: r.unitPriceCents,
      median_cents: medians.get(r.lineKey) ?? null,
      quote_id: r.quoteId,
      quote_number: headlines.get(r.quoteId)?.label ?? null,
      issuer_name: issuer ? `${issuer.firstname} ${issuer.lastname}`.trim() : '',
      sent_on: r.sentOn,
      excluded_at: r.excludedAt?.toISOString() ?? null,
      exclusion_reason: r.exclusionReason,
    };
  });
}

/** Candidates (far from their line's figure, not excluded) or the excluded ones, newest first. */
export async function outliers(deps: AppDeps, query: { statut: 'candidats' | 'exclus'; page: number; per_page: number }) {
  const where =
    query.statut === 'exclus' ? isNotNull(priceContributions.excludedAt) : and(eq(priceContributions.outlier, true), isNull(priceContributions.excludedAt));
  const order = query.statut === 'exclus' ? [desc(priceContributions.excludedAt), desc(priceContributions.id)] : [desc(priceContributions.id)];
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(priceContributions)
      .where(where)
      .orderBy(...order)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    deps.db.select({ n: count() }).from(priceContributions).where(where),
  ]);
  return { items: await describe(deps, rows), ...capTotal(Number(total?.n ?? 0)), page: query.page, per_page: query.per_page };
}

/** Exclude (reason) or restore a contribution; its line is recomputed at the next refresh. */
export async function setExclusion(deps: AppDeps, adminId: number, id: number, reason: string | null): Promise<PriceOutlier> {
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(priceContributions)
      .set(
        reason === null
          ? { excludedAt: null, excludedBy: null, exclusionReason: null }
          : { excludedAt: deps.clock.now(), excludedBy: adminId, exclusionReason: reason },
      )
      .where(eq(priceContributions.id, id))
      .returning();
    if (!updated) throw notFound('Contribution introuvable.');
    await repo.markDirty(tx, [updated.lineKey]);
    return updated;
  });
  const [described] = await describe(deps, [row]);
  return described!;
}
