import type { Executor } from '@ouvrage/db';
import type { Refusal } from '@ouvrage/domain';

/**
 * What closes a quote's contract to avenants (issue 38 §4, decision 1222): a final account (DGD)
 * issued and awaiting the client's answer, or accepted — an avenant sent or signed then would
 * change the contract the account states. The dgd module registers its check at start-up (it reads
 * this module's avenants, so this module cannot import it). Called under the quote's lock, when an
 * avenant is sent and at each step of its signature. Stateless: one registry for every app instance.
 */
export type ContractClosure = (tx: Executor, quoteId: number) => Promise<Refusal | null>;

let closure: ContractClosure | null = null;

export function registerContractClosure(check: ContractClosure): void {
  closure = check;
}

/** Why no avenant may change the quote's contract now, or null (none before the dgd module is registered). */
export const contractClosedRefusal: ContractClosure = (tx, quoteId) => (closure ? closure(tx, quoteId) : Promise.resolve(null));
