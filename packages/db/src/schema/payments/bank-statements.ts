import { bigint, date, integer, pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { invoices } from '../invoices/invoices';
import { payments } from './payments';
import { users } from '../users/users';

/** Bank transfers' own facts and imported bank statements (migration 0020, decision 0731). */

const at = (name: string) => timestamp(name, { withTimezone: true });
const day = (name: string) => date(name, { mode: 'string' });

export type StatementFormat = 'csv' | 'camt053';
export type StatementLineStatus = 'a_traiter' | 'rapprochee' | 'ignoree' | 'doublon';
export type MatchConfidence = 'reference' | 'montant_nom' | 'montant';

export const bankTransfers = pgTable('bank_transfers', {
  paymentId: integer('payment_id')
    .primaryKey()
    .references(() => payments.id, { onDelete: 'restrict' }),
  declaredOn: day('declared_on'),
  receivedOn: day('received_on'),
  statementLineId: integer('statement_line_id').references((): AnyPgColumn => bankStatementLines.id, { onDelete: 'restrict' }),
});

export const bankStatements = pgTable('bank_statements', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  format: text('format').$type<StatementFormat>().notNull(),
  fileName: text('file_name').notNull(),
  fileSha256: text('file_sha256').notNull(),
  lineCount: integer('line_count').notNull(),
  importedBy: integer('imported_by')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  importedAt: at('imported_at').notNull(),
});

export const bankStatementLines = pgTable('bank_statement_lines', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  statementId: integer('statement_id')
    .notNull()
    .references(() => bankStatements.id, { onDelete: 'restrict' }),
  lineHash: text('line_hash').notNull(),
  bookedOn: day('booked_on').notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  label: text('label').notNull(),
  reference: text('reference'),
  status: text('status').$type<StatementLineStatus>().notNull(),
  proposedInvoiceId: integer('proposed_invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
  confidence: text('confidence').$type<MatchConfidence>(),
  paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
  decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'restrict' }),
  decidedAt: at('decided_at'),
});

export type BankTransferRow = typeof bankTransfers.$inferSelect;
export type BankStatementRow = typeof bankStatements.$inferSelect;
export type BankStatementLineRow = typeof bankStatementLines.$inferSelect;
export type BankStatementLineInsert = typeof bankStatementLines.$inferInsert;
