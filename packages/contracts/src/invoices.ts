import { z } from 'zod';
import {
  FULL_PERCENT_BP,
  INVOICE_KINDS,
  isCalendarDate,
  LATE_RATE_LIMITS,
  INVOICE_STATUSES,
  MAX_AMOUNT_CENTS,
  MAX_PAYMENT_DELAY_DAYS,
  MAX_QUOTE_LOTS,
  QUOTE_REASON_LIMITS,
  DEFAULT_PAYMENT_DELAY_DAYS,
  isValidBic,
  isValidIban,
} from '@ouvrage/domain';
import { idParam, paginated, paginationQuery, projectName } from './common';
import { defineEndpoint } from './endpoint';
import { postalAddress, quoteIssuer } from './quotes';
import { invoiceLines } from './routes/invoices';
import { linePath } from './route-lines';
import { citedEntry, siteLogEntryIds } from './site-log-citations';

/**
 * Invoices (factures, issue 11, decisions 0700–0705): issued from a validated quote, numbered
 * `F-2026-0001` per issuer; credit notes (avoirs) `AV-2026-0001`. Amounts in integer cents, rates
 * and progress in basis points, dates `YYYY-MM-DD` (Paris calendar).
 */

export const invoiceKind = z.enum(INVOICE_KINDS, { error: 'Le type de facture est « acompte », « situation » ou « solde ».' });
export const invoiceStatus = z.enum(INVOICE_STATUSES);

const cents = z.number().int();
const serviceDay = (what: string) =>
  z.string({ error: `${what} est une date.` }).refine(isCalendarDate, `${what} doit être un jour réel au format AAAA-MM-JJ.`);
const bp = (what: string) =>
  z
    .number({ error: `${what} est obligatoire.` })
    .int(`${what} est un entier de points de base.`)
    .min(0)
    .max(FULL_PERCENT_BP, `${what} ne peut pas dépasser 100 %.`);

export const issueInvoiceBody = z.object({
  quote_id: z.number({ error: 'Choisissez le devis.' }).int().positive('Choisissez le devis.'),
  kind: invoiceKind,
  /** Deposit: a percentage of the quote's TTC, or `amount_cents` TTC — one of the two. */
  percent_bp: bp('Le pourcentage d’acompte').nullable().default(null),
  amount_cents: z.number().int('Le montant est en centimes entiers.').positive('Le montant doit être positif.').max(MAX_AMOUNT_CENTS).nullable().default(null),
  /** Situation: cumulative progress of each lot, in the quote's lot order. */
  progress_bp: z.array(bp('L’avancement')).max(MAX_QUOTE_LOTS).nullable().default(null),
  payment_delay_days: z
    .number()
    .int()
    .min(0, 'Le délai de paiement ne peut pas être négatif.')
    .max(MAX_PAYMENT_DELAY_DAYS, `Le délai de paiement est d’au plus ${MAX_PAYMENT_DELAY_DAYS} jours.`)
    .default(DEFAULT_PAYMENT_DELAY_DAYS),
  /**
   * The date or period of the service (CGI ann. II art. 242 nonies A, decision 1050): the first
   * and last days of the works this invoice bills. Defaults: the day after the previous invoice's
   * period (or the contract's validation) up to the issue date; a deposit's period may lie ahead.
   */
  service_from: serviceDay('Le début de la période des travaux').nullable().default(null),
  service_to: serviceDay('La fin de la période des travaux').nullable().default(null),
  /** Entries of the project's journal de chantier justifying the invoice (decision 1232), frozen with it. */
  site_log_entry_ids: siteLogEntryIds,
});
export type IssueInvoiceBody = z.input<typeof issueInvoiceBody>;

export const creditNoteBody = z.object({
  /** TTC taken back; null: all that is left of the invoice. */
  amount_cents: z.number().int('Le montant est en centimes entiers.').positive('Le montant doit être positif.').max(MAX_AMOUNT_CENTS).nullable().default(null),
  reason: z
    .string({ error: 'Indiquez la raison.' })
    .trim()
    .min(QUOTE_REASON_LIMITS.min, `La raison compte au moins ${QUOTE_REASON_LIMITS.min} caractères.`)
    .max(QUOTE_REASON_LIMITS.max, `La raison compte au plus ${QUOTE_REASON_LIMITS.max} caractères.`),
});
export type CreditNoteBody = z.input<typeof creditNoteBody>;

/** A refund the issuer made of what a credit note left overpaid (decision 1062). */
export const refundBody = z.object({
  amount_cents: z
    .number({ error: 'Indiquez le montant remboursé.' })
    .int('Le montant est en centimes entiers.')
    .positive('Le montant doit être positif.')
    .max(MAX_AMOUNT_CENTS),
  refunded_on: z
    .string({ error: 'Indiquez la date du remboursement.' })
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      'La date du remboursement doit être un jour réel au format AAAA-MM-JJ.',
    ),
});
export type RefundBody = z.input<typeof refundBody>;
export const invoiceRefund = z.object({ id: z.number().int(), amount_cents: cents, refunded_on: z.string() });

export const rateAmount = z.object({ rate_bp: z.number().int(), base_cents: cents, tva_cents: cents });
export const amountTotals = z.object({ total_ht_cents: cents, total_tva_cents: cents, total_ttc_cents: cents });

export const invoiceLine = z.object({
  label: z.string(),
  contract_ht_cents: cents,
  progress_bp: z.number().int().nullable(),
  previous_progress_bp: z.number().int().nullable(),
  cumulative_ht_cents: cents,
});

export const invoiceDeduction = z.object({ number: z.string(), kind: invoiceKind, issue_date: z.string(), total_ht_cents: cents, total_ttc_cents: cents });

/** The client as printed: a business client carries its company name and SIREN (reform of 2026). */
export const invoiceClient = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: postalAddress.nullable(),
  is_business: z.boolean(),
  company_name: z.string().nullable(),
  siren: z.string().nullable(),
  /** The buyer's routing address in the e-invoicing directory (BT-49, scheme 0225), when the invoice went through a PA (decision 1212). */
  routing_address: z.string().nullable().optional(),
});

/** Everything printed, frozen when the invoice is issued (stored as is). */
export const invoiceDocument = z.object({
  issuer: quoteIssuer,
  bank: z.object({ iban: z.string(), bic: z.string().nullable() }).nullable(),
  tva_on_debits: z.boolean(),
  client: invoiceClient,
  /** The works' address (delivery address), printed when it differs from the client's. */
  site_address: postalAddress.nullable(),
  quote: z.object({ id: z.number().int(), label: z.string(), title: z.string(), validated_at: z.string().nullable(), totals: amountTotals }),
  project: z.object({ id: z.number().int(), title: z.string() }),
  lines: z.array(invoiceLine),
  work: amountTotals.nullable(),
  /** Work to date per rate, TVA by the rule on each cumulative base (decision 1000); absent on invoices issued before. */
  work_by_rate: z.array(rateAmount).nullable().optional(),
  deductions: z.array(invoiceDeduction),
  deposit_percent_bp: z.number().int().nullable(),
  retention_bp: z.number().int(),
  late_penalty_bp: z.number().int(),
  /** Where a business client's rate comes from (C. com. L441-10, decision 1051): the ECB rate of the half-year + 10 points, or the quote's agreed rate. Absent on invoices issued before. */
  late_penalty_basis: z
    .discriminatedUnion('basis', [
      z.object({ basis: z.literal('agreed') }),
      z.object({ basis: z.literal('ecb'), ecb_rate_bp: z.number().int(), half_year_start: z.string() }),
    ])
    .nullable()
    .optional(),
  /** The date or period of the service (decision 1050); absent on invoices issued before. */
  service_period: z.object({ from: z.string(), to: z.string() }).nullable().optional(),
  payment_terms: z.string(),
  /** The journal entries justifying it (decision 1232), printed « Justificatifs : journal de chantier, entrées n° 3, 5 »; absent on invoices issued before. */
  justifications: z.array(citedEntry).optional(),
});
export type InvoiceDocument = z.infer<typeof invoiceDocument>;

export const creditNoteItem = z.object({
  id: z.number().int(),
  number: z.string(),
  issue_date: z.string(),
  reason: z.string(),
  total_ht_cents: cents,
  total_tva_cents: cents,
  total_ttc_cents: cents,
  by_rate: z.array(rateAmount),
});
export type CreditNoteItem = z.infer<typeof creditNoteItem>;

export const invoiceDetail = invoiceDocument.extend({
  id: z.number().int(),
  number: z.string(),
  kind: invoiceKind,
  title: z.string(),
  status: invoiceStatus,
  situation_index: z.number().int().nullable(),
  issued_at: z.string(),
  issue_date: z.string(),
  due_date: z.string(),
  by_rate: z.array(rateAmount),
  totals: amountTotals,
  retention_cents: cents,
  /** TTC less the retenue de garantie: what the client is asked to pay. */
  amount_due_cents: cents,
  paid_cents: cents,
  credited_cents: cents,
  left_to_pay_cents: cents,
  progress_bp: z.array(z.number().int()).nullable(),
  credit_notes: z.array(creditNoteItem),
  /** After a credit note on a paid invoice (decision 1062): refunds recorded, and what is still owed back to the client. */
  refunded_cents: cents,
  refund_owed_cents: cents,
  refunds: z.array(invoiceRefund),
  can: z.object({ credit: z.boolean(), refund: z.boolean() }),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

export const invoiceListItem = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: invoiceKind,
  title: z.string(),
  status: invoiceStatus,
  quote_id: z.number().int(),
  quote_label: z.string(),
  /** The situation's rank, for the web to name « Situation de travaux n° 2 » in the reader's language (decision 1206). */
  situation_index: z.number().int().nullable(),
  project_name: projectName,
  client_id: z.number().int(),
  client_name: z.string(),
  issuer_id: z.number().int(),
  issuer_name: z.string(),
  issue_date: z.string(),
  due_date: z.string(),
  total_ttc_cents: cents,
  left_to_pay_cents: cents,
});
export type InvoiceListItem = z.infer<typeof invoiceListItem>;

export const invoiceListQuery = paginationQuery.extend({
  status: invoiceStatus.optional(),
  kind: invoiceKind.optional(),
  /** Number, title, client, project or quote number. */
  search: z.string().trim().max(100, 'La recherche compte au plus 100 caractères.').optional(),
  quote_id: z.coerce.number().int().positive().optional(),
});

/** What a quote was already invoiced with: the issuing screen computes the next invoice from it (domain code). */
export const quoteInvoicing = z.object({
  quote_id: z.number().int(),
  invoices: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      kind: invoiceKind,
      issue_date: z.string(),
      by_rate: z.array(rateAmount),
      progress_bp: z.array(z.number().int()).nullable(),
      credited: z.array(rateAmount),
      /** The retenue de garantie a balance withheld (decision 1000): a second balance withholds only the rest. */
      retention_cents: z.number().int().optional(),
    }),
  ),
  /**
   * The contract's lots as amended by the signed avenants (decision 1220), as the API counts them:
   * the screen computes the next invoice and asks one progress per lot on these.
   */
  contract_lots: z
    .array(
      z.object({
        title: z.string(),
        lines: z.array(
          z.object({
            quantity_milli: z.number().int(),
            unit_price_cents: z.number().int(),
            tva_rate_bp: z.number().int(),
            discount_bp: z.number().int(),
            optional: z.boolean(),
          }),
        ),
      }),
    )
    .optional(),
});
export type QuoteInvoicing = z.infer<typeof quoteInvoicing>;

export const invoiceSettingsBody = z.object({
  iban: z
    .string()
    .trim()
    .max(42)
    .refine((v) => v === '' || isValidIban(v), 'L’IBAN n’est pas valide (clé de contrôle).')
    .transform((v) => v.replace(/\s+/g, '').toUpperCase()),
  bic: z
    .string()
    .trim()
    .max(11)
    .refine((v) => v === '' || isValidBic(v), 'Le BIC compte 8 ou 11 caractères.')
    .transform((v) => v.replace(/\s+/g, '').toUpperCase()),
  tva_on_debits: z.boolean(),
});
export const invoiceSettings = z.object({ iban: z.string(), bic: z.string(), tva_on_debits: z.boolean() });

/** One half-year of the late-payment rates between professionals (decision 1051). */
export const latePaymentRate = z.object({
  half_year_start: z.string(),
  ecb_rate_bp: z.number().int(),
  legal_rate_bp: z.number().int(),
  /** ECB + 10 points: what an invoice to a business client prints when its quote agreed less than the minimum. */
  default_rate_bp: z.number().int(),
  /** 3 × the legal interest rate: the lowest rate a quote may agree. */
  minimum_rate_bp: z.number().int(),
  updated_at: z.string(),
});
export const latePaymentRates = z.object({
  rates: z.array(latePaymentRate),
  /** The half-year of today and whether its row is entered (else the latest earlier row applies). */
  today: z.object({ half_year_start: z.string(), applied: z.string().nullable(), entered: z.boolean() }),
});
export type LatePaymentRates = z.infer<typeof latePaymentRates>;
const rateBp = (what: string, limits: { min: number; max: number }) =>
  z
    .number({ error: `${what} est obligatoire.` })
    .int(`${what} est un entier de points de base.`)
    .min(limits.min, `${what} est d’au moins ${limits.min / 100} %.`)
    .max(limits.max, `${what} est d’au plus ${limits.max / 100} %.`);
export const latePaymentRateBody = z.object({
  half_year_start: z
    .string({ error: 'Choisissez le semestre.' })
    .regex(/^\d{4}-(01|07)-01$/, 'Un semestre commence le 1er janvier ou le 1er juillet (AAAA-01-01 ou AAAA-07-01).')
    .refine(isCalendarDate, 'Choisissez le semestre.'),
  ecb_rate_bp: rateBp('Le taux de refinancement de la BCE', LATE_RATE_LIMITS.ecb),
  legal_rate_bp: rateBp('Le taux de l’intérêt légal', LATE_RATE_LIMITS.legal),
});

const errors = [400, 401, 403] as const;
const onOne = [...errors, 404] as const;
const onOneWithState = [...errors, 404, 409] as const;

export const invoiceEndpoints = {
  issueInvoice: defineEndpoint({ ...invoiceLines.issueInvoice, body: issueInvoiceBody, response: invoiceDetail, status: 201, errors: onOneWithState }),
  issueCreditNote: defineEndpoint({
    ...invoiceLines.issueCreditNote,
    params: idParam,
    body: creditNoteBody,
    response: invoiceDetail,
    status: 201,
    errors: onOneWithState,
  }),
  recordRefund: defineEndpoint({
    ...invoiceLines.recordRefund,
    params: idParam,
    body: refundBody,
    response: invoiceDetail,
    status: 201,
    errors: onOneWithState,
  }),
  listInvoices: defineEndpoint({ ...invoiceLines.listInvoices, query: invoiceListQuery, response: paginated(invoiceListItem), errors }),
  getInvoice: defineEndpoint({ ...invoiceLines.getInvoice, params: idParam, response: invoiceDetail, errors: onOne }),
  quoteInvoicing: defineEndpoint({ ...invoiceLines.quoteInvoicing, params: idParam, response: quoteInvoicing, errors: onOne }),
  latePaymentRates: defineEndpoint({ ...invoiceLines.latePaymentRates, response: latePaymentRates, errors }),
  saveLatePaymentRate: defineEndpoint({ ...invoiceLines.saveLatePaymentRate, body: latePaymentRateBody, response: latePaymentRates, errors }),
  getSettings: defineEndpoint({ ...invoiceLines.getSettings, response: invoiceSettings, errors }),
  saveSettings: defineEndpoint({ ...invoiceLines.saveSettings, body: invoiceSettingsBody, response: invoiceSettings, errors }),
};

/** Raw answers outside the JSON envelope: the Factur-X PDFs (decision 0710). */
export const invoiceFilePaths = {
  pdf: (id: number) => linePath(invoiceLines.invoicePdf, { id }),
  /** A credit note's PDF, by the credit note's id (`credit_notes[].id`). */
  creditNotePdf: (id: number) => linePath(invoiceLines.creditNotePdf, { id }),
} as const;
