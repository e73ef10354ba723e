import { z } from 'zod';
import { E_REPORT_KINDS, E_REPORT_STATES, E_REPORT_STATUSES, E_REPORTING_PERIOD_KINDS } from '@ouvrage/domain';
import { idParam } from './common';
import { defineEndpoint } from './endpoint';
import { eReportingLines } from './routes/e-reporting';

/**
 * E-reporting of consumer sales (issue 37 §2, decision 1213): each period's report of transactions
 * (flux 10.3) and payment data (10.4), its status and what it contained. Amounts in cents.
 */

export const eReportingPeriodsQuery = z.object({
  year: z.coerce
    .number({ error: 'Choisissez l’année (par exemple 2026).' })
    .int('L’année s’écrit avec quatre chiffres, par exemple 2026.')
    .min(2000, 'L’année est entre 2000 et 2100.')
    .max(2100, 'L’année est entre 2000 et 2100.'),
  issuer_id: z.coerce
    .number({ error: 'L’émetteur est un identifiant.' })
    .int('L’émetteur est un identifiant.')
    .positive('L’émetteur est un identifiant.')
    .max(2_147_483_647, 'L’émetteur est un identifiant.')
    .optional(),
});

const totals = z.object({
  /** HT for transactions, TTC cashed for payments. */
  amount_cents: z.number().int(),
  tax_cents: z.number().int(),
  /** Documents (transactions) or payments. */
  count: z.number().int(),
});

const periodFields = {
  kind: z.enum(E_REPORT_KINDS),
  period_kind: z.enum(E_REPORTING_PERIOD_KINDS),
  period_start: z.string(),
  period_end: z.string(),
  due_date: z.string(),
  status: z.enum(E_REPORT_STATUSES),
  late: z.boolean(),
};

export const eReportingPeriod = z.object({
  /** Null while the period is open or not built yet. */
  id: z.number().int().nullable(),
  ...periodFields,
  state: z.enum(E_REPORT_STATES).nullable(),
  totals: totals.nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
});
export type EReportingPeriodItem = z.infer<typeof eReportingPeriod>;

export const eReportingPeriods = z.object({
  year: z.number().int(),
  /** Whether the issuer reports through a PA (the e-invoicing settings). */
  connected: z.boolean(),
  period_kind: z.enum(E_REPORTING_PERIOD_KINDS),
  periods: z.array(eReportingPeriod),
});
export type EReportingPeriods = z.infer<typeof eReportingPeriods>;

export const eReportDetail = z.object({
  id: z.number().int(),
  ...periodFields,
  state: z.enum(E_REPORT_STATES),
  tracking_id: z.string(),
  flow_id: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  can_resend: z.boolean(),
  /** Per day and TVA rate: HT (transactions) or TTC cashed (payments), the TVA, how many. */
  lines: z.array(
    z.object({ date: z.string(), rate_bp: z.number().int(), amount_cents: z.number().int(), tax_cents: z.number().int(), count: z.number().int() }),
  ),
  totals,
  /** The invoices and avoirs reported, or the payments. */
  items: z.array(
    z.object({ kind: z.enum(['invoice', 'credit-note', 'payment']), number: z.string(), date: z.string(), amount_cents: z.number().int().nullable() }),
  ),
  history: z.array(z.object({ at: z.string(), state: z.enum(E_REPORT_STATES), note: z.string().nullable() })),
});
export type EReportDetail = z.infer<typeof eReportDetail>;

export const eReportingEndpoints = {
  listPeriods: defineEndpoint({ ...eReportingLines.listPeriods, query: eReportingPeriodsQuery, response: eReportingPeriods, errors: [400, 401, 403, 404] }),
  getReport: defineEndpoint({ ...eReportingLines.getReport, params: idParam, response: eReportDetail, errors: [400, 401, 403, 404] }),
  resendReport: defineEndpoint({ ...eReportingLines.resendReport, params: idParam, response: eReportDetail, errors: [400, 401, 403, 404, 409] }),
};
