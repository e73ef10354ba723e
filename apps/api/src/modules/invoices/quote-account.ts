import type { Executor } from '@ouvrage/db';
import type { DgdCreditNoteFacts, DgdInvoiceFacts } from '@ouvrage/domain';
import * as repo from './repository';

/**
 * A quote's invoices as its final account reads them (decision 1222): each invoice with what its
 * avoirs took back, the retenue it withheld and what was paid on it net of refunds, the avoirs,
 * and the day the retenue was released. With `lock`, the invoice rows stay locked until the
 * caller's transaction ends: an avoir or a payment of these invoices waits for the account.
 */
export async function quoteAccountFacts(
  db: Executor,
  quoteId: number,
  options: { lock: boolean },
): Promise<{ invoices: DgdInvoiceFacts[]; creditNotes: DgdCreditNoteFacts[]; retentionReleasedOn: string | null }> {
  const rows = options.lock ? await repo.lockInvoicesOfQuote(db, quoteId) : await repo.invoicesOfQuote(db, quoteId);
  const credits = await repo.creditNotesOf(
    db,
    rows.map((r) => r.id),
  );
  const numberOf = new Map(rows.map((r) => [r.id, r.number]));
  const released = rows
    .filter((r) => r.retentionCents > 0 && r.creditedCents < r.totalTtcCents)
    .map((r) => r.retentionReleasedOn)
    .filter((d): d is string => !!d)
    .sort();
  return {
    invoices: rows.map((r) => ({
      number: r.number,
      kind: r.kind,
      issueDate: r.issueDate,
      totalTtcCents: r.totalTtcCents,
      creditedCents: r.creditedCents,
      retentionCents: r.retentionCents,
      paidCents: r.paidCents - r.refundedCents,
    })),
    creditNotes: credits.map((c) => ({
      number: c.number,
      invoiceNumber: numberOf.get(c.invoiceId) ?? '',
      issueDate: c.issueDate,
      totalTtcCents: c.totalTtcCents,
    })),
    retentionReleasedOn: released.length ? released[released.length - 1] : null,
  };
}
