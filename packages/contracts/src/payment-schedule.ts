import { z } from 'zod';
import { MAX_MILESTONE_LABEL, MAX_SCHEDULE_MILESTONES, SCHEDULE_CONTRACT_KINDS, SCHEDULE_STAGES } from '@ouvrage/domain';
import { idParam } from './common';
import { defineEndpoint } from './endpoint';
import { paymentScheduleLines } from './routes/payment-schedule';
import { siteLogEntryIds } from './site-log-citations';

/**
 * The payment schedule (échéancier) the client signs with the quote (issue 38 §2, decision 1221):
 * a deposit at signature, milestones by stage or date, each a percentage or an amount. Whether it
 * adds up to the contract and keeps the legal limits is the domain's (`paymentScheduleRefusal`),
 * answered as a 400 with a code; these schemas check only the shape.
 */

const position = z
  .number({ error: 'Indiquez l’échéance.' })
  .int('Indiquez l’échéance.')
  .min(0, 'Indiquez l’échéance.')
  .max(MAX_SCHEDULE_MILESTONES, 'Échéance inconnue.');

export const milestoneTriggerBody = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('signature') }),
    z.object({ kind: z.literal('stage'), stage: z.enum(SCHEDULE_STAGES, { error: 'Choisissez l’étape.' }) }),
    z.object({
      kind: z.literal('label'),
      label: z
        .string({ error: 'Nommez l’étape.' })
        .trim()
        .min(1, 'Nommez l’étape.')
        .max(MAX_MILESTONE_LABEL, `L’étape compte au plus ${MAX_MILESTONE_LABEL} caractères.`),
    }),
    z.object({ kind: z.literal('date'), date: z.iso.date({ error: 'La date est au format AAAA-MM-JJ.' }) }),
  ],
  { error: 'Choisissez quand l’échéance est due : signature, étape ou date.' },
);

export const milestoneBody = z.object({
  trigger: milestoneTriggerBody,
  percent_bp: z.number({ error: 'Le pourcentage est un nombre.' }).int('Le pourcentage a au plus deux décimales.').nullable().optional(),
  amount_cents: z
    .number({ error: 'Le montant est un nombre.' })
    .int('Le montant est en centimes.')
    .max(Number.MAX_SAFE_INTEGER, 'Le montant est trop grand.')
    .nullable()
    .optional(),
});
export type MilestoneBody = z.input<typeof milestoneBody>;

export const paymentScheduleBody = z.object({
  contract_kind: z.enum(SCHEDULE_CONTRACT_KINDS, { error: 'Choisissez le type de contrat.' }).default('travaux'),
  milestones: z
    .array(milestoneBody)
    .min(1, 'Un échéancier compte au moins une échéance.')
    .max(MAX_SCHEDULE_MILESTONES, `Au plus ${MAX_SCHEDULE_MILESTONES} échéances.`),
});
export type PaymentScheduleBody = z.input<typeof paymentScheduleBody>;

export const milestonePositionBody = z.object({ position });
/** Issuing a milestone's invoice: its position, and the journal entries justifying it (decision 1232). */
export const issueMilestoneBody = milestonePositionBody.extend({ site_log_entry_ids: siteLogEntryIds });
export type IssueMilestoneBody = z.input<typeof issueMilestoneBody>;

export const MILESTONE_STATES = ['a_venir', 'facture_preparee', 'facture', 'paye'] as const;
export type MilestoneStateView = (typeof MILESTONE_STATES)[number];

export const milestoneView = z.object({
  position: z.number().int(),
  trigger: milestoneTriggerBody,
  percent_bp: z.number().int().nullable(),
  amount_cents: z.number().int().nullable(),
  /** What the milestone asks on the contract as it stands (its percentage of the TTC, or its amount; the last one the rest). */
  due_cents: z.number().int(),
  /** The day it comes due once signed (deposit, date), null for a stage or before signature. */
  due_on: z.string().nullable(),
  state: z.enum(MILESTONE_STATES),
  reached_at: z.string().nullable(),
  prepared: z.object({ kind: z.enum(['acompte', 'solde']), amount_cents: z.number().int() }).nullable(),
  invoice: z
    .object({ id: z.number().int(), number: z.string(), total_ttc_cents: z.number().int(), paid_cents: z.number().int(), status: z.string() })
    .nullable(),
});
export type MilestoneView = z.infer<typeof milestoneView>;

export const paymentScheduleView = z.object({
  quote_id: z.number().int(),
  contract_kind: z.enum(SCHEDULE_CONTRACT_KINDS),
  contract_ttc_cents: z.number().int(),
  milestones: z.array(milestoneView),
  /** What the client paid on the schedule's invoices. */
  paid_cents: z.number().int(),
  /** The architect may change it (a draft quote and its issuer). */
  editable: z.boolean(),
});
export type PaymentScheduleView = z.infer<typeof paymentScheduleView>;

export const quotePaymentSchedule = z.object({ schedule: paymentScheduleView.nullable() });
export type QuotePaymentSchedule = z.infer<typeof quotePaymentSchedule>;

const errors = [400, 401, 403, 404] as const;

export const paymentScheduleEndpoints = {
  getSchedule: defineEndpoint({ ...paymentScheduleLines.getSchedule, params: idParam, response: quotePaymentSchedule, errors }),
  setSchedule: defineEndpoint({
    ...paymentScheduleLines.setSchedule,
    params: idParam,
    body: paymentScheduleBody,
    response: quotePaymentSchedule,
    errors: [...errors, 409],
  }),
  deleteSchedule: defineEndpoint({ ...paymentScheduleLines.deleteSchedule, params: idParam, response: quotePaymentSchedule, errors: [...errors, 409] }),
  markReached: defineEndpoint({
    ...paymentScheduleLines.markReached,
    params: idParam,
    body: milestonePositionBody,
    response: quotePaymentSchedule,
    errors: [...errors, 409],
  }),
  issueMilestone: defineEndpoint({
    ...paymentScheduleLines.issueMilestone,
    params: idParam,
    body: issueMilestoneBody,
    response: quotePaymentSchedule,
    errors: [...errors, 409],
  }),
};
