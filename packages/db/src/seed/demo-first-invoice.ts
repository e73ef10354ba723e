import { and, asc, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { invoices, quotes } from '../schema';

/** The deposit of the architect's first validated quote: the invoice the demo's card and transfer payments are on. */
export async function firstDemoInvoice(db: DatabaseHandle['db'], architectId: number) {
  const [quote] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.issuerId, architectId), eq(quotes.status, 'Validé')))
    .orderBy(asc(quotes.id))
    .limit(1);
  if (!quote) return undefined;
  const [invoice] = await db.select().from(invoices).where(eq(invoices.quoteId, quote.id)).orderBy(asc(invoices.id)).limit(1);
  return invoice;
}
