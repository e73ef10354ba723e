import type { Executor } from '@ouvrage/db';
import type { AvenantLotInput } from '@ouvrage/domain';

/**
 * The signed avenants that amend a validated quote's contract (issue 38 §1, decision 1220), read by
 * `quoteInvoicingFacts` — the one function through which invoices, réceptions and avenants read a
 * contract — so that every reader gets the contract as amended. The avenants module registers its
 * reader at start-up: it reads this module's facts, so this module cannot import it (no cycle).
 * Readers are stateless, so one registry serves every app instance.
 */
export type ContractAmendmentsReader = (db: Executor, quoteId: number) => Promise<AvenantLotInput[][]>;

let reader: ContractAmendmentsReader | null = null;

export function registerContractAmendments(read: ContractAmendmentsReader): void {
  reader = read;
}

/** The lots of each signed avenant of the quote, in the order they apply (none before the avenants module is registered). */
export const contractAmendmentsOf = (db: Executor, quoteId: number): Promise<AvenantLotInput[][]> => (reader ? reader(db, quoteId) : Promise.resolve([]));
