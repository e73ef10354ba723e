import type { Executor } from '@ouvrage/db';
import { avenantsToSign } from '../avenants';
import { dgdsToSign } from '../dgd';
import { invoicedPerMonth, retentionWithheldByQuote } from '../invoices';
import { receivedPerMonth } from '../payments';
import { quoteHeadlines, quotesToSign } from '../quotes';
import { receptionsToSign, unreleasedReceptionsOf } from '../reception';
import { contractsToSign } from '../signature';

/**
 * The dashboards' read model (decision 1190): the widgets that gather rows of several modules,
 * composed here from the read functions their owners export — rows, never SQL nor table names. The
 * dashboard owns no table. Each read is one statement scoped to the caller, run one after the other
 * (the embedded database has one connection); the figures are those the single `union all`
 * statements of decision 0810 gave.
 */

export interface DocumentToSign {
  kind: 'quote' | 'contract' | 'reception' | 'avenant' | 'dgd';
  id: number;
  label: string;
  since: string;
  to: string;
}

/**
 * The client's documents waiting for their signature: accepted quotes, contracts, réception PVs, avenants, DGDs —
 * the oldest first (then by kind and id), the first `limit` and how many there are. Each owner gives
 * its oldest `limit`, so the first `limit` of all are among them.
 */
export async function documentsToSign(db: Executor, userId: number, limit: number): Promise<{ total: number; items: DocumentToSign[] }> {
  const quotes = await quotesToSign(db, userId, limit);
  const contracts = await contractsToSign(db, userId, limit);
  const receptions = await receptionsToSign(db, userId, limit);
  const amendments = await avenantsToSign(db, userId, limit);
  const accounts = await dgdsToSign(db, userId, limit);
  const all = [
    ...quotes.items.map((q) => ({ kind: 'quote' as const, quoteId: null, ...q })),
    ...contracts.items.map((c) => ({ kind: 'contract' as const, quoteId: null, ...c })),
    ...receptions.items.map((r) => ({ kind: 'reception' as const, label: '', ...r })),
    ...amendments.items.map((a) => ({ kind: 'avenant' as const, quoteId: null, ...a })),
    ...accounts.items.map((d) => ({ kind: 'dgd' as const, quoteId: null, ...d })),
  ];
  // `since` is ISO text to the microsecond: compared as text, in time order.
  all.sort((a, b) => (a.since < b.since ? -1 : a.since > b.since ? 1 : a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.id - b.id));
  const first = all.slice(0, limit);
  const pvQuotes = first.flatMap((d) => (d.kind === 'reception' ? [d.quoteId] : []));
  const labels = pvQuotes.length ? await quoteHeadlines(db, pvQuotes) : new Map<number, { label: string }>();
  return {
    total: quotes.total + contracts.total + receptions.total + amendments.total + accounts.total,
    items: first.map((d) => ({
      kind: d.kind,
      id: d.id,
      label: d.kind === 'reception' ? (labels.get(d.quoteId)?.label ?? '') : d.label,
      // The API gives the instant to the millisecond.
      since: `${d.since.slice(0, 23)}Z`,
      to: d.to,
    })),
  };
}

/** Invoiced and received amounts per month `YYYY-MM` in the period (months without any are absent). */
export async function amountsPerMonth(db: Executor, issuerId: number, period: { from: string; until: string; fromInstant: Date; untilInstant: Date }) {
  const invoiced = await invoicedPerMonth(db, issuerId, period.from, period.until);
  const received = await receivedPerMonth(db, issuerId, period.fromInstant, period.untilInstant);
  const months = new Set([...invoiced.keys(), ...received.keys()]);
  return new Map([...months].map((month) => [month, { invoiced: invoiced.get(month) ?? 0, received: received.get(month) ?? 0 }]));
}

/**
 * The architect's réceptions whose retenue de garantie is still withheld (not released, some
 * retenue left on the quote's invoices), the earliest first, at most `limit`: the retenue from the
 * invoices module, the réceptions from the reception module, the quotes' labels from the quotes
 * module.
 */
export async function guaranteesOf(db: Executor, issuerId: number, limit: number) {
  const withheld = await retentionWithheldByQuote(db, issuerId);
  const rows = await unreleasedReceptionsOf(db, issuerId, [...withheld.keys()], limit);
  const labels = rows.length
    ? await quoteHeadlines(
        db,
        rows.map((r) => r.quoteId),
      )
    : new Map<number, { label: string }>();
  return rows.map((r) => ({ ...r, quoteLabel: labels.get(r.quoteId)?.label ?? '', retentionCents: withheld.get(r.quoteId) ?? 0 }));
}
