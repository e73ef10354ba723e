import { z } from 'zod';
import { MAX_AMOUNT_CENTS, isCalendarDate } from '@ouvrage/domain';
import { idParam, paginated, paginationQuery } from './common';
import { defineEndpoint } from './endpoint';
import { bankTransferLines } from './routes/bank-transfers';

/**
 * Bank transfers (virements, issue 11, decision 0731): the invoice's transfer instructions (IBAN,
 * BIC, RF creditor reference), the client's declaration, the admin's confirmation of receipt
 * (`valider-paiement-facture`), and bank statement imports (CSV or CAMT.053) with proposed
 * matches. Amounts in integer cents, days `YYYY-MM-DD`.
 */

const cents = z.number().int();
const day = (what: string) => z.string({ error: `${what} est obligatoire.` }).refine(isCalendarDate, `${what} doit être un jour réel au format AAAA-MM-JJ.`);
const positiveAmount = z
  .number({ error: 'Indiquez le montant.' })
  .int('Le montant est en centimes entiers.')
  .positive('Le montant doit être supérieur à 0.')
  .max(MAX_AMOUNT_CENTS, 'Ce montant est trop élevé.');

export const TRANSFER_STATUSES = ['en_attente', 'confirme', 'echoue', 'annule'] as const;
export const transferStatus = z.enum(TRANSFER_STATUSES);

/** A transfer payment of an invoice, declared by the client or recorded by an admin. */
export const transferItem = z.object({
  id: z.number().int(),
  invoice_id: z.number().int(),
  invoice_number: z.string(),
  invoice_title: z.string(),
  client_id: z.number().int(),
  client_name: z.string(),
  issuer_name: z.string(),
  amount_cents: cents,
  status: transferStatus,
  reference: z.string().nullable(),
  /** The day the client says the transfer was made (null when an admin recorded it without a declaration). */
  declared_on: z.string().nullable(),
  received_on: z.string().nullable(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  /** What is left to pay on the invoice now. */
  left_to_pay_cents: cents,
});
export type TransferItem = z.infer<typeof transferItem>;

/** What the client needs to pay an invoice by transfer, and the transfers already made. */
export const transferInstructions = z.object({
  invoice_id: z.number().int(),
  invoice_number: z.string(),
  beneficiary: z.string(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  /** ISO 11649 creditor reference, compact (`RF47F20260001X12`): print it in groups of four. */
  reference: z.string(),
  left_to_pay_cents: cents,
  can_declare: z.boolean(),
  can_confirm: z.boolean(),
  transfers: z.array(transferItem),
});
export type TransferInstructions = z.infer<typeof transferInstructions>;

export const declareTransferBody = z.object({
  amount_cents: positiveAmount,
  declared_on: day('La date du virement'),
});
export type DeclareTransferBody = z.input<typeof declareTransferBody>;

/**
 * The admin confirms a transfer received on the invoice `{id}`: the client's declaration
 * `payment_id` (for the amount actually received), or, with `payment_id` null, a transfer
 * received without a declaration.
 */
export const confirmTransferBody = z.object({
  payment_id: z.number().int().positive().nullable().default(null),
  amount_cents: positiveAmount,
  received_on: day('La date de réception'),
});
export type ConfirmTransferBody = z.input<typeof confirmTransferBody>;

export const confirmedTransfer = z.object({
  transfer: transferItem,
  invoice_status: z.string(),
});

export const pendingTransfersQuery = paginationQuery;

// Bank statements ---------------------------------------------------------------------------

export const STATEMENT_LINE_STATUSES = ['a_traiter', 'rapprochee', 'ignoree', 'doublon'] as const;
export const statementLineStatus = z.enum(STATEMENT_LINE_STATUSES);
export const MATCH_CONFIDENCES = ['reference', 'montant_nom', 'montant'] as const;
export const matchConfidence = z.enum(MATCH_CONFIDENCES);

export const statementLine = z.object({
  id: z.number().int(),
  statement_id: z.number().int(),
  booked_on: z.string(),
  amount_cents: cents,
  label: z.string(),
  reference: z.string().nullable(),
  status: statementLineStatus,
  /** The invoice the platform proposes, and why: the RF reference (sure), the amount left and the client's name, the amount alone. */
  proposal: z
    .object({
      invoice_id: z.number().int(),
      invoice_number: z.string(),
      client_name: z.string(),
      left_to_pay_cents: cents,
      confidence: matchConfidence,
    })
    .nullable(),
  payment_id: z.number().int().nullable(),
});
export type StatementLine = z.infer<typeof statementLine>;

export const statementImport = z.object({
  id: z.number().int(),
  format: z.enum(['csv', 'camt053']),
  file_name: z.string(),
  /** Credit lines read; debits are left out. */
  line_count: z.number().int(),
  proposed: z.number().int(),
  duplicates: z.number().int(),
  lines: z.array(statementLine),
});
export type StatementImport = z.infer<typeof statementImport>;

export const statementLinesQuery = paginationQuery.extend({
  status: statementLineStatus.default('a_traiter'),
});

export const matchLineBody = z.object({
  /** The invoice paid by the line: the proposal's, or another the admin chose. */
  invoice_id: z.number({ error: 'Choisissez la facture.' }).int().positive('Choisissez la facture.'),
});

const errors = [400, 401, 403] as const;
const onOne = [...errors, 404] as const;
const onOneWithState = [...errors, 404, 409] as const;

export const bankTransferEndpoints = {
  transferInstructions: defineEndpoint({ ...bankTransferLines.transferInstructions, params: idParam, response: transferInstructions, errors: onOne }),
  declareTransfer: defineEndpoint({
    ...bankTransferLines.declareTransfer,
    params: idParam,
    body: declareTransferBody,
    response: transferItem,
    status: 201,
    errors: onOneWithState,
  }),
  pendingTransfers: defineEndpoint({ ...bankTransferLines.pendingTransfers, query: pendingTransfersQuery, response: paginated(transferItem), errors }),
  confirmTransfer: defineEndpoint({
    ...bankTransferLines.confirmTransfer,
    params: idParam,
    body: confirmTransferBody,
    response: confirmedTransfer,
    errors: onOneWithState,
  }),
  importStatement: defineEndpoint({ ...bankTransferLines.importStatement, response: statementImport, status: 201, errors: [...errors, 413, 415] }),
  statementLines: defineEndpoint({ ...bankTransferLines.statementLines, query: statementLinesQuery, response: paginated(statementLine), errors }),
  matchLine: defineEndpoint({ ...bankTransferLines.matchLine, params: idParam, body: matchLineBody, response: statementLine, errors: onOneWithState }),
  ignoreLine: defineEndpoint({ ...bankTransferLines.ignoreLine, params: idParam, response: statementLine, errors: onOneWithState }),
};

/** The largest statement file accepted (a month of a busy account in CAMT.053 stays far below). */
export const STATEMENT_MAX_BYTES = 2 * 1024 * 1024;
