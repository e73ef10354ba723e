import type { Executor } from '@ouvrage/db';
import * as repo from './repository';

/** The e-invoicing state of each invoice sent through a PA (for lists and details; absent: not e-invoiced). */
export async function eInvoicingStatesOf(db: Executor, invoiceIds: number[]): Promise<Map<number, repo.EInvoiceSubmissionRow['state']>> {
  const rows = await repo.submissionsOfInvoices(db, invoiceIds);
  return new Map(rows.filter((r) => r.invoiceId !== null).map((r) => [r.invoiceId!, r.state]));
}
