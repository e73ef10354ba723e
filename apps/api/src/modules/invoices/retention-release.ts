import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { invoices, type Executor } from '@ouvrage/db';

/**
 * The retenue de garantie of a quote's invoices (decision 0721), for the reception module: what is
 * withheld (invoices not cancelled by credit notes), and its release, which makes it payable.
 * Only `retention_released_on` moves; everything printed stays as issued.
 */
export interface QuoteRetention {
  retentionCents: number;
  /** The release day when the quote's withheld invoices were released, else null. */
  releasedOn: string | null;
}

export async function quoteRetention(db: Executor, quoteId: number): Promise<QuoteRetention> {
  const [row] = await db
    .select({
      withheld: sql<number>`coalesce(sum(${invoices.retentionCents}), 0)::bigint`,
      releasedOn: sql<string | null>`max(${invoices.retentionReleasedOn})::text`,
    })
    .from(invoices)
    .where(and(eq(invoices.quoteId, quoteId), gt(invoices.retentionCents, 0), lt(invoices.creditedCents, invoices.totalTtcCents)));
  return { retentionCents: Number(row?.withheld ?? 0), releasedOn: row?.releasedOn ?? null };
}

/**
 * Release the retenue of a quote's invoices on `on`, in the caller's transaction (the invoice rows
 * locked by the update): the number of invoices released, 0 when there was nothing left to release.
 */
export async function releaseQuoteRetention(tx: Executor, quoteId: number, on: string): Promise<number> {
  const rows = await tx
    .update(invoices)
    .set({ retentionReleasedOn: on })
    .where(
      and(
        eq(invoices.quoteId, quoteId),
        gt(invoices.retentionCents, 0),
        isNull(invoices.retentionReleasedOn),
        lt(invoices.creditedCents, invoices.totalTtcCents),
      ),
    )
    .returning({ id: invoices.id });
  return rows.length;
}
