import { z } from 'zod';
import { AVENANT_STATUSES, DGD_STATUSES, INVOICE_KINDS } from '@ouvrage/domain';
import { idParam } from './common';
import { defineEndpoint } from './endpoint';
import { paymentScheduleView } from './payment-schedule';
import { paymentItem } from './payments';
import { contractLifeLines } from './routes/contract-life';

/**
 * The life of a project's contracts (issue 38 §5, decision 1224): for each signed quote, the
 * original contract, its avenants, the contract as amended, its schedule, its invoices and their
 * payments, and what is due next — read in one call for the project page.
 */
export const contractInvoice = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  situation_index: z.number().int().nullable(),
  due_date: z.string(),
  total_ttc_cents: z.number().int(),
  paid_cents: z.number().int(),
  /** What is still to be paid (TTC − avoirs − retenue − payments). */
  left_cents: z.number().int(),
  /** Cancelled by a full avoir. */
  cancelled: z.boolean(),
});

export const contractAvenant = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  title: z.string(),
  status: z.enum(AVENANT_STATUSES),
  /** What it changes on the contract's TTC (negative when it removes work). */
  change_ttc_cents: z.number().int(),
  signed_at: z.string().nullable(),
});

/** What the client is asked next: an invoice still open, or the next milestone of the schedule. */
export const contractNextDue = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('invoice'), invoice_id: z.number().int(), number: z.string(), left_cents: z.number().int(), due_date: z.string() }),
  z.object({ kind: z.literal('milestone'), position: z.number().int(), due_cents: z.number().int(), due_on: z.string().nullable() }),
]);

export const contractLife = z.object({
  quote_id: z.number().int(),
  quote_label: z.string(),
  issuer_name: z.string(),
  signed_at: z.string().nullable(),
  /** The contract as signed (options taken), then as amended by the signed avenants. */
  original_ttc_cents: z.number().int(),
  contract_ttc_cents: z.number().int(),
  avenants: z.array(contractAvenant),
  schedule: paymentScheduleView.nullable(),
  invoices: z.array(contractInvoice),
  payments: z.array(paymentItem),
  /** The invoices' TTC less their avoirs, and what the client paid on them. */
  invoiced_cents: z.number().int(),
  paid_cents: z.number().int(),
  next_due: contractNextDue.nullable(),
  /** The latest final account (DGD, decision 1222), if one was established. */
  dgd: z.object({ id: z.number().int(), number: z.string(), status: z.enum(DGD_STATUSES), balance_cents: z.number().int(), issued_at: z.string() }).nullable(),
});
export type ContractLife = z.infer<typeof contractLife>;

export const projectContracts = z.object({ items: z.array(contractLife) });
export type ProjectContracts = z.infer<typeof projectContracts>;

export const contractLifeEndpoints = {
  projectContracts: defineEndpoint({ ...contractLifeLines.projectContracts, params: idParam, response: projectContracts, errors: [401, 403, 404] }),
};
