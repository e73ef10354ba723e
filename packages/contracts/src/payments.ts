import { z } from 'zod';
import { INVOICE_KINDS } from '@ouvrage/domain';
import { idParam, paginated, paginationQuery } from './common';
import { defineEndpoint } from './endpoint';
import { paymentLines } from './routes/payments';

/**
 * Payments of invoices (issue 11, decision 0730): by card through a checkout (Stripe Checkout, or
 * the built-in simulated checkout), the invoice's paid amount moved once when a payment is
 * confirmed. Amounts in integer cents. Reachable by the invoice's client, or by anyone holding the
 * invoice's signed pay link (`token`).
 */

export const PAYMENT_METHODS = ['carte', 'virement', 'prelevement'] as const;
export const PAYMENT_STATUSES = ['en_attente', 'confirme', 'echoue', 'annule'] as const;
export const PAYMENT_PROVIDERS = ['stripe', 'simule'] as const;
/** Why a payment failed or was cancelled, translated by the web app (`payments.failure.<code>`). */
export const PAYMENT_FAILURES = [
  'card_declined',
  'async_failed',
  'expired',
  'over_due',
  'invoice_cancelled',
  'provider_error',
  // A SEPA debit rejected by the bank, or not taken (decision 1223).
  'insufficient_funds',
  'mandate_revoked',
  'debit_failed',
  'paid_otherwise',
] as const;

export const paymentMethod = z.enum(PAYMENT_METHODS);
export const paymentStatus = z.enum(PAYMENT_STATUSES);
export const paymentProvider = z.enum(PAYMENT_PROVIDERS);
export type PaymentStatus = z.infer<typeof paymentStatus>;

/** The built-in simulated checkout's test cards (Stripe's own test numbers): any other valid number succeeds. */
export const SIMULATED_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

/** The simulated bank's test accounts (Stripe's French test IBANs, decision 1223): any other valid IBAN holds the money. */
export const SIMULATED_IBANS = {
  succeeds: 'FR14 2004 1010 0505 0001 3M02 606',
  insufficientFunds: 'FR30 2004 1010 0505 0001 3M02 609',
  mandateRevoked: 'FR84 2004 1010 0505 0001 3M02 607',
} as const;

/** The invoice's signed pay link token (`/payment/create?facture=…&t=…`), when the caller is not logged in as its client. */
const payToken = z.string().trim().max(200, 'Lien de paiement invalide.').optional();
export const payTokenQuery = z.object({ t: payToken });
export const payTokenBody = z.object({ token: payToken });

/** An invoice named by its parts (decision 1206): the web composes « Facture d’acompte — devis … » in the reader's language. */
export const invoiceNameParts = z.object({ kind: z.enum(INVOICE_KINDS), situation_index: z.number().int().nullable(), quote_label: z.string() });

export const paymentItem = z.object({
  id: z.number().int(),
  invoice_id: z.number().int(),
  invoice_number: z.string(),
  invoice_name: invoiceNameParts,
  method: paymentMethod,
  status: paymentStatus,
  provider: z.string().nullable(),
  amount_cents: z.number().int(),
  /** A code of PAYMENT_FAILURES when failed or cancelled. */
  failure: z.string().nullable(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  /** A SEPA debit: the day announced in its pre-notification, and whether it is with the bank (« prélèvement en cours »). */
  debit_on: z.string().nullable(),
  debit_submitted: z.boolean(),
});
export type PaymentItem = z.infer<typeof paymentItem>;

/** A SEPA direct debit mandate of a contract (decision 1223): what the client accepted, shown on the invoice. */
export const sepaMandateItem = z.object({
  id: z.number().int(),
  quote_id: z.number().int(),
  /** The mandate reference (RUM). */
  reference: z.string(),
  status: z.enum(['active', 'revoked']),
  holder_name: z.string(),
  iban_last4: z.string(),
  bank_country: z.string(),
  accepted_at: z.string(),
  revoked_at: z.string().nullable(),
  /** Who revoked it: `client` on the platform, `bank` (at the client's bank, or a debit rejected as unauthorised). */
  revoked_reason: z.string().nullable(),
  creditor_name: z.string(),
  /** The creditor identifier (ICS). */
  creditor_id: z.string(),
  /** Whether the caller may revoke it (its client, or an admin, while active). */
  can_revoke: z.boolean(),
});
export type SepaMandateItem = z.infer<typeof sepaMandateItem>;

/** What the checkout page needs to offer « Prélèvement SEPA »: the creditor, the reference a new mandate takes, the contract's mandate. */
export const sepaOffer = z.object({
  creditor_name: z.string(),
  creditor_id: z.string(),
  /** The RUM a mandate accepted now would take (null while the contract has an active one). */
  next_reference: z.string().nullable(),
  mandate: sepaMandateItem.nullable(),
});
export type SepaOffer = z.infer<typeof sepaOffer>;

/** What the checkout page shows of an invoice, and its payments so far. */
export const invoicePaymentSummary = z.object({
  invoice_id: z.number().int(),
  number: z.string(),
  /** The invoice named by its parts, composed by the web in the reader's language (decision 1206). */
  kind: z.enum(INVOICE_KINDS),
  situation_index: z.number().int().nullable(),
  quote_label: z.string(),
  issuer_name: z.string(),
  due_date: z.string(),
  total_ttc_cents: z.number().int(),
  left_to_pay_cents: z.number().int(),
  payments: z.array(paymentItem),
  /** Whether the caller may pay it by card now (its client, or a pay link, and something left to pay). */
  can_pay: z.boolean(),
  /** A fresh signed pay link (path and token), for the client and the issuer to share; null for others. */
  pay_link: z.object({ url: z.string(), token: z.string(), expires_at: z.string() }).nullable(),
  /** SEPA direct debit on this invoice's contract (decision 1223). */
  sepa: sepaOffer,
  /** A debit of this invoice is with the bank: no other payment until it answers. */
  debit_in_progress: z.boolean(),
});
export type InvoicePaymentSummary = z.infer<typeof invoicePaymentSummary>;

export const checkoutAnswer = z.object({
  payment_id: z.number().int(),
  provider: paymentProvider,
  /** Where to send the browser: Stripe's hosted page, or our `/payment/create` simulated checkout. */
  url: z.string(),
  amount_cents: z.number().int(),
  /** The invoice's pay token, carried to `/payment/traitement` to read the outcome without a session. */
  token: z.string(),
});
export type CheckoutAnswer = z.infer<typeof checkoutAnswer>;

export const simulatedCardBody = z.object({
  token: payToken,
  card_number: z
    .string({ error: 'Saisissez le numéro de carte.' })
    .trim()
    .max(30, 'Le numéro de carte compte 16 chiffres.')
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{16}$/.test(v), 'Le numéro de carte compte 16 chiffres.'),
  expiry: z
    .string({ error: 'Saisissez la date d’expiration.' })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s?\/\s?\d{2}$/, 'La date d’expiration s’écrit MM/AA.'),
  cvc: z
    .string({ error: 'Saisissez le cryptogramme.' })
    .trim()
    .regex(/^\d{3,4}$/, 'Le cryptogramme compte 3 ou 4 chiffres.'),
});
export type SimulatedCardBody = z.input<typeof simulatedCardBody>;

/** The simulated checkout's « Prélèvement SEPA » (decision 1223): the IBAN (checked by mod 97 in the service) and the mandate accepted. */
export const simulatedSepaBody = z.object({
  token: payToken,
  /** The account holder and the IBAN of a new mandate; both omitted to debit under the contract's active mandate. */
  holder_name: z.string().trim().min(2, 'Saisissez le nom du titulaire du compte.').max(70, 'Le nom du titulaire compte au plus 70 caractères.').optional(),
  iban: z
    .string()
    .trim()
    .max(50, 'Un IBAN compte au plus 34 caractères.')
    .transform((v) => v.replace(/[\s\-.]/g, '').toUpperCase())
    .optional(),
  accept_mandate: z.literal(true, { error: 'Acceptez le mandat de prélèvement SEPA pour payer par prélèvement.' }),
});
export type SimulatedSepaBody = z.input<typeof simulatedSepaBody>;

/** A payment and where it stands after a checkout: `/payment/traitement` shows it. */
export const paymentOutcome = z.object({
  payment: paymentItem,
  left_to_pay_cents: z.number().int(),
});
export type PaymentOutcome = z.infer<typeof paymentOutcome>;

export const paymentListQuery = paginationQuery.extend({ status: paymentStatus.optional() });

const errors = [400, 401, 403, 404] as const;
const withState = [...errors, 409, 429, 503] as const;

export const paymentEndpoints = {
  invoiceSummary: defineEndpoint({ ...paymentLines.invoiceSummary, params: idParam, query: payTokenQuery, response: invoicePaymentSummary, errors }),
  checkout: defineEndpoint({ ...paymentLines.checkout, params: idParam, body: payTokenBody, response: checkoutAnswer, status: 201, errors: withState }),
  simulatedCard: defineEndpoint({ ...paymentLines.simulatedCard, params: idParam, body: simulatedCardBody, response: paymentOutcome, errors: withState }),
  simulatedSepa: defineEndpoint({ ...paymentLines.simulatedSepa, params: idParam, body: simulatedSepaBody, response: paymentOutcome, errors: withState }),
  revokeMandate: defineEndpoint({ ...paymentLines.revokeMandate, params: idParam, response: sepaMandateItem, errors: [...errors, 409, 503] }),
  authorize: defineEndpoint({ ...paymentLines.authorize, params: idParam, body: payTokenBody, response: paymentOutcome, errors: withState }),
  listPayments: defineEndpoint({ ...paymentLines.listPayments, params: idParam, query: paymentListQuery, response: paginated(paymentItem), errors }),
  /** Called by Stripe; its raw body is checked against its signature (`rawBodyRoute`). */
  stripeWebhook: defineEndpoint({ ...paymentLines.stripeWebhook, response: z.object({ received: z.literal(true) }), errors: [400, 404, 503] }),
};

/** Error codes of the payments the web app translates (`errors.<code>`). */
export const PAYMENT_ERRORS = {
  nothingDue: 'PAYMENT_NOTHING_DUE',
  linkInvalid: 'PAYMENT_LINK_INVALID',
  linkExpired: 'PAYMENT_LINK_EXPIRED',
  notTheClient: 'PAYMENT_NOT_THE_CLIENT',
  notSimulated: 'PAYMENT_NOT_SIMULATED',
  closed: 'PAYMENT_CLOSED',
  providerUnavailable: 'PAYMENT_PROVIDER_UNAVAILABLE',
  webhookSignature: 'PAYMENT_WEBHOOK_SIGNATURE',
  cardInvalid: 'PAYMENT_CARD_INVALID',
  cardExpired: 'PAYMENT_CARD_EXPIRED',
  checkoutExpired: 'PAYMENT_CHECKOUT_EXPIRED',
  // SEPA direct debit (decision 1223).
  ibanInvalid: 'PAYMENT_IBAN_INVALID',
  mandateExists: 'PAYMENT_MANDATE_EXISTS',
  mandateRevoked: 'PAYMENT_MANDATE_REVOKED',
  debitInProgress: 'PAYMENT_DEBIT_IN_PROGRESS',
} as const;
