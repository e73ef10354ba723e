import { and, eq, inArray, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import { quoteLines, quoteLots, quotes, type Executor } from '@ouvrage/db';
import type { QuoteStatus } from '@ouvrage/domain';

/**
 * What the price references read of quotes (issue 40, decision 1240): for the quotes named, the
 * latest sent version of each quote (a later sent version replaces it), with its project and its
 * priced lines. Drafts, cancelled and replaced versions give nothing. The project's département and
 * the products' names are the projects' and products' modules' to give.
 */
export interface PricedLine {
  lot: string;
  designation: string;
  productId: number | null;
  unit: string;
  quantityMilli: number;
  netHtCents: number;
}

export interface PricedQuote {
  quoteId: number;
  rootId: number;
  issuerId: number;
  projectId: number;
  /** The day the version was sent (UTC date). */
  sentOn: string;
  lines: PricedLine[];
}

const NOT_PRICED: QuoteStatus[] = ['Brouillon', 'Annulé', 'Remplacé'];

const lineColumns = {
  quoteId: quoteLines.quoteId,
  lotId: quoteLots.id,
  lot: quoteLots.title,
  designation: quoteLines.designation,
  productId: quoteLines.productId,
  unit: quoteLines.unit,
  quantityMilli: quoteLines.quantityMilli,
  netHtCents: quoteLines.netHtCents,
  optional: quoteLines.optional,
  chosen: quoteLines.chosen,
};

async function linesOf(db: Executor, quoteIds: number[]) {
  if (quoteIds.length === 0) return [];
  return db
    .select(lineColumns)
    .from(quoteLines)
    .innerJoin(quoteLots, eq(quoteLots.id, quoteLines.lotId))
    .where(inArray(quoteLines.quoteId, quoteIds))
    .orderBy(quoteLines.quoteId, quoteLots.position, quoteLines.position);
}

const priced = (line: Awaited<ReturnType<typeof linesOf>>[number]): PricedLine => ({
  lot: line.lot,
  designation: line.designation,
  productId: line.productId,
  unit: line.unit,
  quantityMilli: Number(line.quantityMilli),
  netHtCents: Number(line.netHtCents),
});

export async function pricedQuotes(db: Executor, quoteIds: readonly number[]): Promise<{ rootIds: number[]; quotes: PricedQuote[] }> {
  if (quoteIds.length === 0) return { rootIds: [], quotes: [] };
  const rootOf = sql<number>`coalesce(${quotes.rootId}, ${quotes.id})`.mapWith(Number);
  const roots = await db
    .selectDistinct({ rootId: rootOf })
    .from(quotes)
    .where(inArray(quotes.id, [...quoteIds]));
  const rootIds = roots.map((r) => r.rootId);
  const versions = await db
    .select({ quoteId: quotes.id, rootId: rootOf, issuerId: quotes.issuerId, projectId: quotes.projectId, sentAt: quotes.sentAt })
    .from(quotes)
    .where(
      and(
        or(inArray(quotes.id, rootIds), inArray(quotes.rootId, rootIds)),
        notInArray(quotes.status, NOT_PRICED),
        isNotNull(quotes.sentAt),
        eq(quotes.supersededSent, false),
      ),
    );
  // One version per quote: the latest sent (superseded_sent already drops the earlier ones).
  const latest = new Map<number, (typeof versions)[number]>();
  for (const v of versions) if ((latest.get(v.rootId)?.quoteId ?? 0) < v.quoteId) latest.set(v.rootId, v);
  const byQuote = new Map<number, PricedLine[]>();
  for (const line of await linesOf(
    db,
    [...latest.values()].map((v) => v.quoteId),
  )) {
    if (line.quantityMilli <= 0 || line.netHtCents <= 0) continue;
    const list = byQuote.get(line.quoteId) ?? [];
    list.push(priced(line));
    byQuote.set(line.quoteId, list);
  }
  return {
    rootIds,
    quotes: [...latest.values()].map((v) => ({
      quoteId: v.quoteId,
      rootId: v.rootId,
      issuerId: v.issuerId,
      projectId: v.projectId,
      sentOn: v.sentAt!.toISOString().slice(0, 10),
      lines: byQuote.get(v.quoteId) ?? [],
    })),
  };
}

/** The sent quotes of an issuer, to collect again when he contributes anew. */
export async function sentQuoteIdsOf(db: Executor, issuerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.issuerId, issuerId), notInArray(quotes.status, NOT_PRICED)));
  return rows.map((r) => r.id);
}

/**
 * The sent quotes of a project (latest sent versions), lot by lot in their order, for the client's
 * comparison; an option the client did not take is not part of the price compared.
 */
export async function projectPricedQuotes(
  db: Executor,
  projectId: number,
): Promise<Array<{ quoteId: number; lots: Array<{ title: string; lines: PricedLine[] }> }>> {
  const rows = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.projectId, projectId), notInArray(quotes.status, NOT_PRICED), eq(quotes.supersededSent, false)))
    .orderBy(quotes.id);
  const result = rows.map((r) => ({ quoteId: r.id, lots: [] as Array<{ title: string; lines: PricedLine[] }> }));
  const byId = new Map(result.map((q) => [q.quoteId, q]));
  const lotsById = new Map<number, { title: string; lines: PricedLine[] }>();
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  for (const line of lines) {
    if (line.optional && !line.chosen) continue;
    let lot = lotsById.get(line.lotId);
    if (!lot) {
      lot = { title: line.lot, lines: [] };
      lotsById.set(line.lotId, lot);
      byId.get(line.quoteId)!.lots.push(lot);
    }
    lot.lines.push(priced(line));
  }
  return result.map((q) => ({ quoteId: q.quoteId, lots: q.lots.map(({ title, lines }) => ({ title, lines })) }));
}

/** The project of a quote (where its references start), or null. */
export async function quoteProjectId(db: Executor, quoteId: number): Promise<number | null> {
  const [row] = await db.select({ projectId: quotes.projectId }).from(quotes).where(eq(quotes.id, quoteId));
  return row?.projectId ?? null;
}
