import { z } from 'zod';
import { DEFAULT_CHART_PERIOD, isChartPeriod, NEXT_STEP_KEYS, PROFILE_CHECKS, PROJECT_STAGES, PROJECT_STATES } from '@ouvrage/domain';
import { defineEndpoint } from './endpoint';
import { checklistItem } from './professionals';
import { dashboardLines } from './routes/dashboard';

/**
 * Dashboards at `/dashboard` (issue 12, decisions 0810–0813): the caller's own figures, one
 * query per widget. Money in cents, days `YYYY-MM-DD`, months `YYYY-MM` in Paris time, instants ISO.
 */

const count = z.number().int();
const cents = z.number().int();

// ---------------------------------------------------------------------------------------------
// Client
// ---------------------------------------------------------------------------------------------

export const dashboardProject = z.object({
  id: z.number().int(),
  category_name: z.string(),
  bien_name: z.string(),
  city: z.string(),
  postcode: z.string(),
  state: z.enum(PROJECT_STATES),
  stage: z.enum(PROJECT_STAGES),
  created_at: z.string(),
});
export type DashboardProject = z.infer<typeof dashboardProject>;

export const quoteAwaiting = z.object({
  id: z.number().int(),
  /** « D-2026-0003 » or « D-2026-0003 v2 ». */
  label: z.string(),
  title: z.string(),
  project_id: z.number().int(),
  total_ttc_cents: cents,
  valid_until: z.string().nullable(),
});

export const DOCUMENT_TO_SIGN_KINDS = ['quote', 'contract', 'reception', 'avenant', 'dgd'] as const;
export const documentToSign = z.object({
  kind: z.enum(DOCUMENT_TO_SIGN_KINDS),
  id: z.number().int(),
  /** The quote's number (quote, réception) or the document's title (contract). */
  label: z.string(),
  /** Since when it waits for the client's signature (ISO instant). */
  since: z.string(),
  /** The screen where the client signs it. */
  to: z.string(),
});
export type DocumentToSign = z.infer<typeof documentToSign>;

export const invoiceToPay = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  left_cents: cents,
  due_date: z.string(),
  overdue: z.boolean(),
});
export type InvoiceToPay = z.infer<typeof invoiceToPay>;

export const nextStep = z.object({
  key: z.enum(NEXT_STEP_KEYS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  to: z.string(),
  /** The sentence in French; the web translates `key` with `params`. */
  text: z.string(),
});
export type NextStepView = z.infer<typeof nextStep>;

export const clientDashboard = z.object({
  projects: z.object({ total: count, items: z.array(dashboardProject) }),
  quotes_awaiting: z.object({ total: count, total_ttc_cents: cents, items: z.array(quoteAwaiting) }),
  documents_to_sign: z.object({ total: count, items: z.array(documentToSign) }),
  invoices_to_pay: z.object({ total: count, due_cents: cents, overdue_count: count, overdue_cents: cents, items: z.array(invoiceToPay) }),
  next_steps: z.array(nextStep),
});
export type ClientDashboard = z.infer<typeof clientDashboard>;

// ---------------------------------------------------------------------------------------------
// Professionnel, dessinateur, architecte
// ---------------------------------------------------------------------------------------------

export const availableTender = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  category_name: z.string(),
  bien_name: z.string(),
  city: z.string(),
  postcode: z.string(),
  reply_deadline: z.string(),
});

export const dashboardAcceptedProject = z.object({
  tender_id: z.number().int(),
  project_id: z.number().int(),
  category_name: z.string(),
  bien_name: z.string(),
  city: z.string(),
  postcode: z.string(),
  state: z.enum(PROJECT_STATES),
  stage: z.enum(PROJECT_STAGES),
  accepted_at: z.string().nullable(),
});

export const PROFILE_CHECK_SCREENS: Record<(typeof PROFILE_CHECKS)[number], string> = {
  legal: '/entreprise/information-legale',
  tva: '/entreprise/information-legale',
  headOffice: '/entreprise/information-legale',
  decennale: '/entreprise/information-legale',
  rcPro: '/entreprise/information-legale',
  general: '/entreprise/information-generale',
  trade: '/entreprise/metier',
  zones: '/entreprise/zone',
  preferences: '/entreprise/preference',
  references: '/entreprise/reference',
};

export const professionalDashboard = z.object({
  tenders_available: z.object({ total: count, items: z.array(availableTender) }),
  accepted_projects: z.object({ total: count, items: z.array(dashboardAcceptedProject) }),
  profile: z.object({
    /** Share of the required items done, 0–100. */
    percent: z.number().int(),
    complete: z.boolean(),
    items: z.array(checklistItem.extend({ to: z.string() })),
  }),
  /** Answered tenders (accepted or refused) over tenders received (sent to the professional, withdrawn ones left out). */
  answer_rate: z.object({ received: count, answered: count, accepted: count, refused: count, expired: count, rate_bp: z.number().int().nullable() }),
});
export type ProfessionalDashboard = z.infer<typeof professionalDashboard>;

// ---------------------------------------------------------------------------------------------
// Architecte
// ---------------------------------------------------------------------------------------------

export const architectDashboardQuery = z.object({
  /** `6`, `12` or `24` last months (the current one included), or a year `2026`. */
  periode: z.string().trim().default(DEFAULT_CHART_PERIOD).refine(isChartPeriod, 'La période est 6, 12 ou 24 (mois) ou une année (2000 à 2100).'),
});

export const PIPELINE_STAGES = ['draft', 'sent', 'accepted', 'refused'] as const;
export const pipelineStage = z.object({ stage: z.enum(PIPELINE_STAGES), count, total_ht_cents: cents });

export const monthAmounts = z.object({ month: z.string(), invoiced_cents: cents, received_cents: cents });
export type MonthAmounts = z.infer<typeof monthAmounts>;

export const overdueInvoice = z.object({
  id: z.number().int(),
  number: z.string(),
  client_name: z.string(),
  due_date: z.string(),
  left_cents: cents,
  days_late: count,
});

export const GUARANTEE_STATES = ['awaiting_signature', 'blocked', 'waiting', 'releasable'] as const;
export const guaranteeToRelease = z.object({
  reception_id: z.number().int(),
  quote_id: z.number().int(),
  project_id: z.number().int(),
  quote_label: z.string(),
  reception_date: z.string(),
  release_date: z.string(),
  retention_cents: cents,
  open_reservations: count,
  state: z.enum(GUARANTEE_STATES),
});

export const architectDashboard = z.object({
  period: z.object({ periode: z.string(), months: z.array(z.string()), from: z.string(), until: z.string() }),
  /** Where the architect's current quotes stand (last versions; replaced ones left out). */
  pipeline: z.array(pipelineStage),
  /** Quotes sent in the period: accepted (signed, validated) over sent. */
  conversion: z.object({ sent: count, accepted: count, refused: count, rate_bp: z.number().int().nullable() }),
  /** Invoiced (TTC less credit notes, by issue day) and received (confirmed payments) per month. */
  months: z.array(monthAmounts),
  totals: z.object({ invoiced_cents: cents, received_cents: cents }),
  overdue_invoices: z.object({ total: count, left_cents: cents, items: z.array(overdueInvoice) }),
  guarantees: z.object({ total: count, releasable: count, releasable_cents: cents, items: z.array(guaranteeToRelease) }),
});
export type ArchitectDashboard = z.infer<typeof architectDashboard>;

const errors = [400, 401, 403] as const;

export const dashboardEndpoints = {
  client: defineEndpoint({ ...dashboardLines.client, response: clientDashboard, errors }),
  professional: defineEndpoint({ ...dashboardLines.professional, response: professionalDashboard, errors }),
  architect: defineEndpoint({ ...dashboardLines.architect, query: architectDashboardQuery, response: architectDashboard, errors }),
};
