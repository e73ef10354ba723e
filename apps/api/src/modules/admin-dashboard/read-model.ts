import type { Executor } from '@ouvrage/db';
import { invoicedByMonth } from '../invoices';
import { receivedByMonth } from '../payments';

/**
 * The admin dashboard's read model (decision 1190): its one widget that spans modules — billing per
 * month — composed from the invoices module's invoiced and credited amounts and the payments
 * module's received amounts, one statement each, run side by side. The module owns no table.
 */
export async function billingByMonth(db: Executor, range: { months: string[]; bounds: Date[] }) {
  const [invoiced, received] = await Promise.all([invoicedByMonth(db, range), receivedByMonth(db, range)]);
  const receivedIn = new Map(received.map((r) => [r.month, r.received_cents]));
  return invoiced.map((r) => ({ ...r, received_cents: receivedIn.get(r.month) ?? 0 }));
}
