import { and, eq, inArray, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import { products, projects, quoteLines, quoteLots, quotes, type Executor } from '@ouvrage/db';
import type { QuoteStatus } from '@ouvrage/domain';

/**
 * What the price references read of quotes (issue 40, decision 1240): for the quotes named, the
 * latest sent version of each quote (a later sent version replaces it), with its project's
 * département and its priced lines. Drafts, cancelled and replaced versions give nothing.
 */
export interface PricedQuote {
  quoteId: number;
  rootId: number;
  issuerId: number;
  /** The day the version was sent (UTC date). */
  sentOn: string;
  departement: string;
  lines: Array<{ lot: string; designation: string; productName: string | null; unit: string; quantityMilli: number; netHtCents: number }>;
}

const NOT_PRICED: QuoteStatus[] = ['Brouillon', 'Annulé', 'Remplacé'];

export async function pricedQuotes(db: Executor, quoteIds: readonly number[]): Promise<{ rootIds: number[]; quotes: PricedQuote[] }> {
  if (quoteIds.length === 0) return { rootIds: [], quotes: [] };
  const rootOf = sql<number>`coalesce(${quotes.rootId}, ${quotes.id})`.mapWith(Number);
  const roots = await db
    .selectDistinct({ rootId: rootOf })
    .from(quotes)
    .where(inArray(quotes.id, [...quoteIds]));
  const rootIds = roots.map((r) => r.rootId);
  const versions = await db
    .select({ quoteId: quotes.id, rootId: rootOf, issuerId: quotes.issuerId, sentAt: quotes.sentAt, departement: projects.departement })
    .from(quotes)
    .innerJoin(projects, eq(projects.id, quotes.projectId))
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
  const ids = [...latest.values()].map((v) => v.quoteId);
  const lines =
    ids.length === 0
      ? []
      : await db
          .select({
            quoteId: quoteLines.quoteId,
            lot: quoteLots.title,
            designation: quoteLines.designation,
            productName: products.name,
            unit: quoteLines.unit,
            quantityMilli: quoteLines.quantityMilli,
            netHtCents: quoteLines.netHtCents,
          })
          .from(quoteLines)
          .innerJoin(quoteLots, eq(quoteLots.id, quoteLines.lotId))
          .leftJoin(products, eq(products.id, quoteLines.productId))
          .where(inArray(quoteLines.quoteId, ids));
  const byQuote = new Map<number, PricedQuote['lines']>();
  for (const line of lines) {
    if (line.quantityMilli <= 0 || line.netHtCents <= 0) continue;
    const list = byQuote.get(line.quoteId) ?? [];
    list.push({
      lot: line.lot,
      designation: line.designation,
      productName: line.productName,
      unit: line.unit,
      quantityMilli: Number(line.quantityMilli),
      netHtCents: Number(line.netHtCents),
    });
    byQuote.set(line.quoteId, list);
  }
  return {
    rootIds,
    quotes: [...latest.values()].map((v) => ({
      quoteId: v.quoteId,
      rootId: v.rootId,
      issuerId: v.issuerId,
      sentOn: v.sentAt!.toISOString().slice(0, 10),
      departement: v.departement,
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

/** The sent quotes of a project, newest version first, with their lots and lines — the client's comparison. */
export async function projectPricedQuotes(
  db: Executor,
  projectId: number,
): Promise<{
  departement: string | null;
  quotes: Array<{
    quoteId: number;
    lots: Array<{ title: string; lines: Array<{ designation: string; productName: string | null; unit: string; quantityMilli: number; netHtCents: number }> }>;
  }>;
}> {
  const [project] = await db.select({ departement: projects.departement }).from(projects).where(eq(projects.id, projectId));
  const rows = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.projectId, projectId), notInArray(quotes.status, NOT_PRICED), eq(quotes.supersededSent, false)))
    .orderBy(quotes.id);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return { departement: project?.departement ?? null, quotes: [] };
  const lines = await db
    .select({
      quoteId: quoteLines.quoteId,
      lotId: quoteLots.id,
      lotPosition: quoteLots.position,
      lot: quoteLots.title,
      position: quoteLines.position,
      designation: quoteLines.designation,
      productName: products.name,
      unit: quoteLines.unit,
      quantityMilli: quoteLines.quantityMilli,
      netHtCents: quoteLines.netHtCents,
      optional: quoteLines.optional,
      chosen: quoteLines.chosen,
    })
    .from(quoteLines)
    .innerJoin(quoteLots, eq(quoteLots.id, quoteLines.lotId))
    .leftJoin(products, eq(products.id, quoteLines.productId))
    .where(inArray(quoteLines.quoteId, ids))
    .orderBy(quoteLines.quoteId, quoteLots.position, quoteLines.position);
  const result = ids.map((quoteId) => ({
    quoteId,
    lots: [] as Array<{
      title: string;
      lotId: number;
      lines: Array<{ designation: string; productName: string | null; unit: string; quantityMilli: number; netHtCents: number }>;
    }>,
  }));
  const byId = new Map(result.map((q) => [q.quoteId, q]));
  for (const line of lines) {
    // An option the client did not take is not part of the price compared.
    if (line.optional && !line.chosen) continue;
    const quote = byId.get(line.quoteId)!;
    let lot = quote.lots.find((l) => l.lotId === line.lotId);
    if (!lot) quote.lots.push((lot = { title: line.lot, lotId: line.lotId, lines: [] }));
    lot.lines.push({
      designation: line.designation,
      productName: line.productName,
      unit: line.unit,
      quantityMilli: Number(line.quantityMilli),
      netHtCents: Number(line.netHtCents),
    });
  }
  return {
    departement: project?.departement ?? null,
    quotes: result.map((q) => ({ quoteId: q.quoteId, lots: q.lots.map(({ title, lines }) => ({ title, lines })) })),
  };
}

/** The département of a quote's project (where its references start). */
export async function quoteDepartement(db: Executor, quoteId: number): Promise<string | null> {
  const [row] = await db
    .select({ departement: projects.departement })
    .from(quotes)
    .innerJoin(projects, eq(projects.id, quotes.projectId))
    .where(eq(quotes.id, quoteId));
  return row?.departement ?? null;
}
