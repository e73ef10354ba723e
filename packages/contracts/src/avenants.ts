import { z } from 'zod';
import { AVENANT_STATUSES, MAX_QUANTITY_MILLI, MAX_QUOTE_LINES, MAX_QUOTE_LOTS, QUOTE_REASON_LIMITS } from '@ouvrage/domain';
import { idParam } from './common';
import { defineEndpoint } from './endpoint';
import { quoteLineBody } from './quotes';
import { linePath } from './route-lines';
import { avenantLines } from './routes/avenants';
import { subjectSigningEndpoints } from './signing-flow';

/**
 * Avenants (change orders) on a validated quote (issue 38 §1, decision 1220): drafted and sent by
 * the quote's issuer, signed by its client through the built-in signature (code by e-mail, seal)
 * or refused with a reason. Only a signed avenant changes the contract. `{id}` is the quote's on
 * `/api/devis/{id}/avenants`, the avenant's on `/api/avenants/{id}/…`.
 */

/** A line of an avenant: a quote line whose quantity is negative to remove or reduce a line of the contract. */
export const avenantLineBody = quoteLineBody.omit({ optional: true, product_id: true, description: true }).extend({
  quantity_milli: z
    .number({ error: 'La quantité est obligatoire.' })
    .int('La quantité a au plus 3 décimales.')
    .min(-MAX_QUANTITY_MILLI, 'La quantité est trop grande.')
    .max(MAX_QUANTITY_MILLI, 'La quantité est trop grande.'),
});
export type AvenantLineBody = z.input<typeof avenantLineBody>;

export const avenantLotBody = z.object({
  /** The contract's lot the lines go to (0-based, as the quote's lots are listed), or null for a new lot. */
  lot_index: z.number().int('Choisissez le lot.').min(0, 'Choisissez le lot.').nullable(),
  /** A new lot's title (ignored for an existing lot). */
  title: z.string().trim().max(120, 'Le titre du lot compte au plus 120 caractères.').default(''),
  lines: z.array(avenantLineBody).max(MAX_QUOTE_LINES, `Au plus ${MAX_QUOTE_LINES} lignes.`),
});
export type AvenantLotBody = z.input<typeof avenantLotBody>;

export const avenantBody = z.object({
  title: z
    .string({ error: 'Indiquez l’objet de l’avenant.' })
    .trim()
    .min(1, 'Indiquez l’objet de l’avenant.')
    .max(200, 'L’objet compte au plus 200 caractères.'),
  reason: z.string().trim().max(2000, 'Le motif compte au plus 2000 caractères.').default(''),
  /** The change of the works' delay, in days (negative to shorten it), or null when unchanged. */
  delay_days: z
    .number()
    .int('Le délai est un nombre entier de jours.')
    .min(-3650, 'Le délai est trop grand.')
    .max(3650, 'Le délai est trop grand.')
    .nullable()
    .default(null),
  lots: z.array(avenantLotBody).max(MAX_QUOTE_LOTS, `Au plus ${MAX_QUOTE_LOTS} lots.`),
});
export type AvenantBody = z.input<typeof avenantBody>;

export const avenantRefusalBody = z.object({
  reason: z
    .string({ error: 'Indiquez le motif du refus.' })
    .trim()
    .min(QUOTE_REASON_LIMITS.min, `Le motif compte au moins ${QUOTE_REASON_LIMITS.min} caractères.`)
    .max(QUOTE_REASON_LIMITS.max, `Le motif compte au plus ${QUOTE_REASON_LIMITS.max} caractères.`),
});
export type AvenantRefusalBody = z.input<typeof avenantRefusalBody>;

const rateAmount = z.object({ rate_bp: z.number().int(), base_cents: z.number().int(), tva_cents: z.number().int() });
const amountTotals = z.object({ total_ht_cents: z.number().int(), total_tva_cents: z.number().int(), total_ttc_cents: z.number().int() });
const amountsPart = z.object({ by_rate: z.array(rateAmount), totals: amountTotals });

export const avenantView = z.object({
  id: z.number().int(),
  quote_id: z.number().int(),
  quote_label: z.string(),
  /** `D-2026-0005-A1` once sent; null for a draft. */
  number: z.string().nullable(),
  status: z.enum(AVENANT_STATUSES),
  title: z.string(),
  reason: z.string(),
  delay_days: z.number().int().nullable(),
  lots: z.array(
    z.object({
      lot_index: z.number().int().nullable(),
      title: z.string(),
      lines: z.array(
        z.object({
          designation: z.string(),
          quantity_milli: z.number().int(),
          unit: z.string(),
          unit_price_cents: z.number().int(),
          tva_rate_bp: z.number().int(),
          discount_bp: z.number().int(),
          net_cents: z.number().int(),
        }),
      ),
    }),
  ),
  /** The contract before this avenant, the change and the contract with it, per rate (the one rounding rule on the whole). */
  amounts: z.object({
    before: amountsPart,
    change: amountsPart,
    after: amountsPart,
    lots: z.array(
      z.object({
        title: z.string(),
        before_ht_cents: z.number().int(),
        change_ht_cents: z.number().int(),
        after_ht_cents: z.number().int(),
        added: z.boolean(),
      }),
    ),
  }),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  signed_at: z.string().nullable(),
  refused_at: z.string().nullable(),
  refusal_reason: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
  /** A consumer's withdrawal period once signed (as for a quote); null when none applies. */
  withdrawal: z.object({ deadline: z.string(), open: z.boolean() }).nullable(),
  can_edit: z.boolean(),
  can_sign: z.boolean(),
  can_withdraw: z.boolean(),
  /** `/api/avenants/{id}/pdf` (the signed one once signed). */
  pdf_url: z.string(),
});
export type AvenantView = z.infer<typeof avenantView>;

export const quoteAvenants = z.object({
  quote_id: z.number().int(),
  quote_label: z.string(),
  /** The contract's lots (an avenant's lines go to one of them, by index, or to a new lot). */
  lots: z.array(z.object({ index: z.number().int(), title: z.string(), total_ht_cents: z.number().int() })),
  /** The contract as amended by the signed avenants. */
  contract: amountsPart,
  /** The caller may draft an avenant now (the issuer or an admin, quote `Validé`). */
  can_create: z.boolean(),
  avenants: z.array(avenantView),
});
export type QuoteAvenants = z.infer<typeof quoteAvenants>;

const errors = [400, 401, 403, 404, 409, 429] as const;

export const avenantEndpoints = {
  quoteAvenants: defineEndpoint({ ...avenantLines.quoteAvenants, params: idParam, response: quoteAvenants, errors }),
  createAvenant: defineEndpoint({ ...avenantLines.createAvenant, params: idParam, body: avenantBody, response: avenantView, status: 201, errors }),
  avenant: defineEndpoint({ ...avenantLines.avenant, params: idParam, response: avenantView, errors }),
  updateAvenant: defineEndpoint({ ...avenantLines.updateAvenant, params: idParam, body: avenantBody, response: avenantView, errors }),
  deleteAvenant: defineEndpoint({ ...avenantLines.deleteAvenant, params: idParam, response: z.object({ id: z.number().int() }), errors }),
  sendAvenant: defineEndpoint({ ...avenantLines.sendAvenant, params: idParam, response: avenantView, errors }),
  refuseAvenant: defineEndpoint({ ...avenantLines.refuseAvenant, params: idParam, body: avenantRefusalBody, response: avenantView, errors }),
  withdrawAvenant: defineEndpoint({ ...avenantLines.withdrawAvenant, params: idParam, response: avenantView, errors }),
  ...subjectSigningEndpoints(avenantLines),
};

/** Binary answers (outside the JSON envelope). */
export const avenantFilePaths = {
  pdf: (id: number) => linePath(avenantLines.avenantPdf, { id }),
  documentToSign: (id: number) => linePath(avenantLines.signingDocument, { id }),
};
