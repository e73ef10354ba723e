import { z } from 'zod';
import { DGD_NOTE_MAX, DGD_PENALTY_LABEL_MAX, DGD_STATUSES, INVOICE_KINDS, MAX_AMOUNT_CENTS, MAX_DGD_PENALTIES, QUOTE_REASON_LIMITS } from '@ouvrage/domain';
import { idParam } from './common';
import { defineEndpoint } from './endpoint';
import { quoteIssuer } from './quotes';
import { linePath } from './route-lines';
import { dgdLines } from './routes/dgd';
import { subjectSigningEndpoints } from './signing-flow';

/**
 * The final account — décompte général définitif, DGD (issue 38 §4, decision 1222): established by
 * the validated quote's issuer after the réception, accepted by its client through the built-in
 * signature (code by e-mail, seal) or disputed with a reason. `{id}` is the quote's on
 * `/api/devis/{id}/dgd`, the DGD's on `/api/dgd/{id}/…`. Amounts in cents TTC.
 */

export const dgdPenaltyBody = z.object({
  label: z
    .string({ error: 'Indiquez le motif de la pénalité.' })
    .trim()
    .min(1, 'Indiquez le motif de la pénalité.')
    .max(DGD_PENALTY_LABEL_MAX, `Le motif d’une pénalité compte au plus ${DGD_PENALTY_LABEL_MAX} caractères.`),
  amount_cents: z
    .number({ error: 'Indiquez le montant de la pénalité.' })
    .int('Le montant est en centimes.')
    .min(1, 'Le montant d’une pénalité est positif.')
    .max(MAX_AMOUNT_CENTS, 'Le montant est trop grand.'),
});

export const establishDgdBody = z.object({
  /** Penalties the issuer deducts from what the client owes (late delivery…), TTC. */
  penalties: z.array(dgdPenaltyBody).max(MAX_DGD_PENALTIES, `Au plus ${MAX_DGD_PENALTIES} pénalités.`).default([]),
  /** A note printed on the DGD. */
  note: z.string().trim().max(DGD_NOTE_MAX, `La note compte au plus ${DGD_NOTE_MAX} caractères.`).default(''),
});
export type EstablishDgdBody = z.input<typeof establishDgdBody>;

export const disputeDgdBody = z.object({
  reason: z
    .string({ error: 'Indiquez le motif de la contestation.' })
    .trim()
    .min(QUOTE_REASON_LIMITS.min, `Le motif compte au moins ${QUOTE_REASON_LIMITS.min} caractères.`)
    .max(QUOTE_REASON_LIMITS.max, `Le motif compte au plus ${QUOTE_REASON_LIMITS.max} caractères.`),
});
export type DisputeDgdBody = z.input<typeof disputeDgdBody>;

const rateAmount = z.object({ rate_bp: z.number().int(), base_cents: z.number().int(), tva_cents: z.number().int() });
const amountTotals = z.object({ total_ht_cents: z.number().int(), total_tva_cents: z.number().int(), total_ttc_cents: z.number().int() });
const contractPart = z.object({ by_rate: z.array(rateAmount), totals: amountTotals });
const address = z.object({ street: z.string(), postcode: z.string(), city: z.string() }).nullable();

/** The DGD as issued: every figure frozen in its row, printed and shown as it was established. */
export const dgdDocument = z.object({
  issuer: quoteIssuer,
  client: z.object({ name: z.string(), address }),
  site_address: address,
  project: z.object({ id: z.number().int(), title: z.string() }),
  quote: z.object({ id: z.number().int(), label: z.string(), title: z.string(), validated_at: z.string().nullable() }),
  reception: z.object({ date: z.string(), with_reservations: z.boolean() }),
  original: contractPart,
  avenants: z.array(z.object({ number: z.string(), change_ht_cents: z.number().int(), change_ttc_cents: z.number().int() })),
  contract: contractPart,
  invoices: z.array(
    z.object({
      number: z.string(),
      kind: z.enum(INVOICE_KINDS),
      issue_date: z.string(),
      total_ttc_cents: z.number().int(),
      credited_cents: z.number().int(),
      retention_cents: z.number().int(),
      paid_cents: z.number().int(),
    }),
  ),
  credit_notes: z.array(z.object({ number: z.string(), invoice_number: z.string(), issue_date: z.string(), total_ttc_cents: z.number().int() })),
  penalties: z.array(z.object({ label: z.string(), amount_cents: z.number().int() })),
  note: z.string(),
  account: z.object({
    invoiced_cents: z.number().int(),
    credited_cents: z.number().int(),
    net_invoiced_cents: z.number().int(),
    paid_cents: z.number().int(),
    penalties_cents: z.number().int(),
    due_cents: z.number().int(),
    /** > 0: the client owes the issuer; < 0: the issuer owes the client. */
    balance_cents: z.number().int(),
    /** The balance less the retenue still withheld. */
    balance_now_cents: z.number().int(),
  }),
  retention: z.object({
    withheld_cents: z.number().int(),
    held_cents: z.number().int(),
    release_date: z.string(),
    released_on: z.string().nullable(),
  }),
});
export type DgdDocument = z.infer<typeof dgdDocument>;

export const dgdView = z.object({
  id: z.number().int(),
  quote_id: z.number().int(),
  /** `D-2026-0005-DGD` (`-DGD2`… when established again after a dispute). */
  number: z.string(),
  status: z.enum(DGD_STATUSES),
  issued_at: z.string(),
  accepted_at: z.string().nullable(),
  disputed_at: z.string().nullable(),
  dispute_reason: z.string().nullable(),
  document: dgdDocument,
  /** The client may accept (sign) or dispute it now. */
  can_answer: z.boolean(),
  /** `/api/dgd/{id}/pdf` (the signed one once accepted). */
  pdf_url: z.string(),
});
export type DgdView = z.infer<typeof dgdView>;

export const quoteDgd = z.object({
  quote_id: z.number().int(),
  quote_label: z.string(),
  /** The caller may establish a DGD now: the issuer's side, quote `Validé`, réception recorded, none open. */
  can_establish: z.boolean(),
  /** The quote's DGDs, the latest first. */
  dgds: z.array(dgdView),
});
export type QuoteDgd = z.infer<typeof quoteDgd>;

const errors = [400, 401, 403, 404, 409, 429] as const;

export const dgdEndpoints = {
  quoteDgd: defineEndpoint({ ...dgdLines.quoteDgd, params: idParam, response: quoteDgd, errors }),
  establishDgd: defineEndpoint({ ...dgdLines.establishDgd, params: idParam, body: establishDgdBody, response: dgdView, status: 201, errors }),
  dgd: defineEndpoint({ ...dgdLines.dgd, params: idParam, response: dgdView, errors }),
  disputeDgd: defineEndpoint({ ...dgdLines.disputeDgd, params: idParam, body: disputeDgdBody, response: dgdView, errors }),
  ...subjectSigningEndpoints(dgdLines),
};

/** Binary answers (outside the JSON envelope). */
export const dgdFilePaths = {
  pdf: (id: number) => linePath(dgdLines.dgdPdf, { id }),
  documentToSign: (id: number) => linePath(dgdLines.signingDocument, { id }),
};
