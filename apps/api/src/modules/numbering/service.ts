import type { Database } from '@ouvrage/db';
import { formatDocumentNumber, parisYear, type DocumentSeries } from '@ouvrage/domain';
import * as repo from './repository';

/** Only a transaction: a number taken outside one would be committed even if the document is not. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface AssignedNumber {
  /** "F-2026-0042". */
  number: string;
  year: number;
  sequence: number;
}

/**
 * Give the next document number of an issuer's series (`PREFIX-YYYY-NNNN`, the year being the
 * Paris year of `at`), inside the caller's transaction: the one that issues the document (sends
 * the quote, issues the invoice or the credit note). Never at draft time: a draft may be dropped,
 * and a number given to it would leave a gap. If the transaction rolls back, the number goes back
 * with it (no gap); once committed it is never given again (no reuse). Concurrent calls for the
 * same counter wait for each other's commit, so take the number late in the transaction.
 */
export async function assignNumber(tx: Transaction, options: { issuerId: number; series: DocumentSeries; prefix: string; at: Date }): Promise<AssignedNumber> {
  const year = parisYear(options.at);
  // Check the prefix before taking a number (formatDocumentNumber refuses a bad one).
  formatDocumentNumber({ prefix: options.prefix, year, sequence: 1 });
  const sequence = await repo.takeNextNumber(tx, { issuerId: options.issuerId, series: options.series, year });
  return { number: formatDocumentNumber({ prefix: options.prefix, year, sequence }), year, sequence };
}

/** How many numbers an issuer's series has given in a Paris year (0 when none). */
export async function numbersGiven(db: Database | Transaction, options: { issuerId: number; series: DocumentSeries; year: number }): Promise<number> {
  return repo.lastNumber(db, options);
}
