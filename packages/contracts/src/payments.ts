import { z } from 'zod';
import { idParam, paginated, paginationQuery } from './common';
import { defineEndpoint } from './endpoint';
import { paymentLines } from './routes/payments';

/**
 * Payments of invoices (issue 11, decision 0730): by card through a checkout (Stripe Checkout, or
 * the built-in simulated checkout), the invoice's paid amount moved once when a payment is
 * confirmed. Amounts in integer cents. Reachable by the invoice's client, or by anyone holding the
 * invoice's signed pay link (`token`).
 */

export const PAYMENT_METHODS = ['carte', 'virement'] as const;
export const PAYMENT_STATUSES = ['en_attente', 'confirme', 'echoue', 'annule'] as const;
export const PAYMENT_PROVIDERS = ['stripe', 'simule'] as const;
/** Why a payment failed or was cancelled, translated by the web app (`payments.failure.<code>`). */
export const PAYMENT_FAILURES = ['card_declined', 'async_failed', 'expired', 'over_due', 'invoice_cancelled', 'provider_error'] as const;

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

/** The invoice's signed pay link token (`/payment/create?facture=…&t=…`), when the caller is not logged in as its client. */
const payToken = z.string().trim().max(200, 'Lien de paiement invalide.').optional();
export const payTokenQuery = z.object({ t: payToken });
export const payTokenBody = z.object({ token: payToken });

export const paymentItem = z.object({
  id: z.number().int(),
  invoice_id: z.number().int(),
  invoice_number: z.string(),
  invoice_title: z.string(),
  method: paymentMethod,
  status: paymentStatus,
  provider: z.string().nullable(),
  amount_cents: z.number().int(),
  /** A code of PAYMENT_FAILURES when failed or cancelled. */
  failure: z.string().nullable(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export type PaymentItem = z.infer<typeof paymentItem>;

/** What the checkout page shows of an invoice, and its payments so far. */
export const invoicePaymentSummary = z.object({
  invoice_id: z.number().int(),
  number: z.string(),
  title: z.string(),
  issuer_name: z.string(),
  due_date: z.string(),
  total_ttc_cents: z.number().int(),
  left_to_pay_cents: z.number().int(),
  payments: z.array(paymentItem),
  /** Whether the caller may pay it by card now (its client, or a pay link, and something left to pay). */
  can_pay: z.boolean(),
  /** A fresh signed pay link (path and token), for the client and the issuer to share; null for others. */
  pay_link: z.object({ url: z.string(), token: z.string(), expires_at: z.string() }).nullable(),
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
  authorize: defineEndpoint({ ...paymentLines.authorize, params: idParam, body: payTokenBody, response: paymentOutcome, errors: withState }),
  listPayments: defineEndpoint({ ...paymentLines.listPayments, params: idParam, query: paymentListQuery, response: paginated(paymentItem), errors }),
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
} as const;
