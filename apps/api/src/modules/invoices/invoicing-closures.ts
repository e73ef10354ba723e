import type { Executor } from '@ouvrage/db';
import type { Refusal } from '@ouvrage/domain';

/**
 * What closes a quote's invoicing (issue 38 §4, decision 1222): a final account (DGD) issued and
 * awaiting the client's answer, or accepted — nothing more is invoiced nor credited on the quote
 * (the retenue's release is not an invoice: it only makes the withheld amount payable). The dgd
 * module registers its check at start-up: it reads this module's facts, so this module cannot
 * import it (no cycle). Called inside the issuing transaction, the quote's row (an invoice) or the
 * invoice's (an avoir) locked. Checks are stateless, so one registry serves every app instance.
 */
export type InvoicingClosure = (tx: Executor, quoteId: number) => Promise<Refusal | null>;

let closure: InvoicingClosure | null = null;

export function registerInvoicingClosure(check: InvoicingClosure): void {
  closure = check;
}

/** Why nothing may be invoiced or credited on the quote now, or null (none before the dgd module is registered). */
export const invoicingClosedRefusal: InvoicingClosure = (tx, quoteId) => (closure ? closure(tx, quoteId) : Promise.resolve(null));
