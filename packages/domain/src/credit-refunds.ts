import { formatEuros } from './money';
import { refusal, type Refusal } from './refusal';

/**
 * A credit note on an invoice already paid (decision 1062): the client paid more than the invoice
 * asks once its credit notes are deducted, and the issuer owes the difference back. The refund is
 * made outside the platform (a transfer to the client) and recorded by the issuer; what is owed is
 * what was overpaid less the refunds recorded. The credited amount may be invoiced again.
 */
export interface RefundFacts {
  totalTtcCents: number;
  creditedCents: number;
  paidCents: number;
  refundedCents: number;
}

/** Paid beyond the invoice's TTC less its credit notes (the retenue withheld does not change it). */
export function overpaidCents(i: Omit<RefundFacts, 'refundedCents'>): number {
  return Math.max(0, i.paidCents - (i.totalTtcCents - i.creditedCents));
}

/** What the issuer still owes the client: overpaid less the refunds recorded, never below 0. */
export function refundOwedCents(i: RefundFacts): number {
  return Math.max(0, overpaidCents(i) - i.refundedCents);
}

/** Whether a refund of `amountCents` may be recorded: something is owed, and no more than that. */
export function refundRefusal(i: RefundFacts, amountCents: number): Refusal | null {
  const owed = refundOwedCents(i);
  if (owed <= 0) return refusal('INVOICE_REFUND_NOTHING_OWED', 'Aucun remboursement n’est dû sur cette facture.', {}, 409);
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    return refusal('INVOICE_REFUND_AMOUNT_INVALID', 'Le montant du remboursement doit être positif.', {}, 400);
  if (amountCents > owed) {
    return refusal(
      'INVOICE_REFUND_OVER',
      `Le remboursement dépasse ce qui est dû au client (${formatEuros(owed)}).`,
      { owed_cents: owed, owed: formatEuros(owed) },
      409,
    );
  }
  return null;
}
