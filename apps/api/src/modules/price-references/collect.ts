import { regionOfDepartement } from '@ouvrage/geo';
import { priceLineKey, quoteUnitPriceCents } from '@ouvrage/domain';
import type { Executor } from '@ouvrage/db';
import { productNames } from '../products';
import { projectDepartements } from '../projects';
import { pricedQuotes, type PricedQuote } from '../quotes';
import * as repo from './repository';

/** Quotes collected per transaction. */
export const COLLECT_BATCH = 2000;

/** The key of a line: the catalogue product's name when the line names one, else its designation. */
export function lineKeyOf(line: { lot: string; designation: string; productName?: string | null; unit: string }): string | null {
  return priceLineKey({ lot: line.lot, designation: line.productName ?? line.designation, unit: line.unit });
}

export const regionCodeOf = (departement: string) => regionOfDepartement(departement)?.code ?? `D${departement}`;

/** One contribution per normalised line of a quote: its lines' net amounts over their quantities. */
export function contributionsOf(quote: PricedQuote, departement: string, names: ReadonlyMap<number, string>): repo.NewContribution[] {
  const byKey = new Map<string, { unit: string; lotTitle: string; designation: string; lines: Array<{ netHtCents: number; quantityMilli: number }> }>();
  for (const line of quote.lines) {
    const productName = line.productId ? (names.get(line.productId) ?? null) : null;
    const key = lineKeyOf({ ...line, productName });
    if (!key) continue;
    const entry = byKey.get(key) ?? { unit: line.unit, lotTitle: line.lot.trim(), designation: (productName ?? line.designation).trim(), lines: [] };
    entry.lines.push(line);
    byKey.set(key, entry);
  }
  const rows: repo.NewContribution[] = [];
  for (const [lineKey, entry] of byKey) {
    const unitPriceCents = quoteUnitPriceCents(entry.lines);
    if (unitPriceCents === null || unitPriceCents <= 0) continue;
    rows.push({
      quoteRootId: quote.rootId,
      quoteId: quote.quoteId,
      issuerId: quote.issuerId,
      lineKey,
      unit: entry.unit,
      departement,
      region: regionCodeOf(departement),
      sentOn: quote.sentOn,
      unitPriceCents,
      lotTitle: entry.lotTitle.slice(0, 200),
      designation: entry.designation.slice(0, 300),
    });
  }
  return rows;
}

/**
 * Collect one batch of the quotes the trigger noted: each quote's contributions replaced by those
 * of its latest sent version (none for a draft, a cancelled quote or an issuer who opted out), the
 * lines touched marked for the next refresh. Returns how many quotes were taken (0: nothing left).
 */
export async function collectBatch(db: Executor, limit = COLLECT_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const pending = await repo.takePending(tx, limit);
    if (pending.length === 0) return 0;
    const { rootIds, quotes } = await pricedQuotes(tx, pending);
    const excluded = await repo.optedOut(tx, [...new Set(quotes.map((q) => q.issuerId))]);
    const counted = quotes.filter((q) => !excluded.has(q.issuerId));
    const [departements, names] = await Promise.all([
      projectDepartements(
        tx,
        counted.map((q) => q.projectId),
      ),
      productNames(
        tx,
        counted.flatMap((q) => q.lines.flatMap((l) => (l.productId ? [l.productId] : []))),
      ),
    ]);
    const fresh = counted.flatMap((q) => {
      const departement = departements.get(q.projectId);
      return departement ? contributionsOf(q, departement, names) : [];
    });
    const existing = await repo.contributionsOfRoots(tx, rootIds);
    const kept = new Set(fresh.map((c) => `${c.quoteRootId}|${c.lineKey}`));
    const gone = existing.filter((c) => !kept.has(`${c.quoteRootId}|${c.lineKey}`));
    await repo.deleteContributions(
      tx,
      gone.map((c) => c.id),
    );
    await repo.upsertContributions(tx, fresh);
    await repo.markDirty(tx, [...existing.map((c) => c.lineKey), ...fresh.map((c) => c.lineKey)]);
    await repo.deletePending(tx, pending);
    return pending.length;
  });
}
