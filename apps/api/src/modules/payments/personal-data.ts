import { asc, eq, or } from 'drizzle-orm';
import { payments } from '@ouvrage/db';
import type { ExportPart } from '../data-export';

/** The payments of the invoices a person issued or paid, in their data export (decision 1233); no card number is ever stored. */
export const paymentsExport: ExportPart = {
  name: 'payments',
  collect: async ({ db, user }) => {
    const rows = await db
      .select()
      .from(payments)
      .where(or(eq(payments.clientId, user.id), eq(payments.issuerId, user.id)))
      .orderBy(asc(payments.id));
    return rows.map((p) => ({
      id: p.id,
      invoice_id: p.invoiceId,
      role: p.issuerId === user.id ? 'payee' : 'payer',
      method: p.method,
      status: p.status,
      amount_cents: p.amountCents,
      reference: p.reference,
      failure_reason: p.failureReason,
      debit_on: p.debitOn,
      created_at: p.createdAt.toISOString(),
      confirmed_at: p.confirmedAt?.toISOString() ?? null,
    }));
  },
};
