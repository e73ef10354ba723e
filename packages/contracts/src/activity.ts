import { z } from 'zod';
import { USER_TYPES } from '@ouvrage/domain';
import { idParam } from './common';
import { defineEndpoint } from './endpoint';
import { activityLines } from './routes/activity';

/**
 * A project's activity (issue 12, decisions 0830–0832): one timeline across the project's own
 * history, its tenders, quotes and their versions, signature documents, invoices and credit notes,
 * payments and réception. Each entry says what happened (`kind` + `params`, worded by the reader's
 * language), who did it (null: the platform itself — an expiry, a provider's answer), when (ISO
 * instant) and where to read the record (`link`, a path of the web app, or null when the reader has
 * no screen for it).
 */

export const ACTIVITY_KINDS = [
  'project.created',
  'project.updated',
  'project.state',
  'project.stage',
  'project.detail',
  'project.file',
  'tender.sent',
  'tender.accepted',
  'tender.refused',
  'tender.expired',
  'tender.closed',
  'tender.withdrawn',
  'quote.created',
  'quote.version',
  'quote.sent',
  'quote.replaced',
  'quote.accepted',
  'quote.refused',
  'quote.signed',
  'quote.validated',
  'quote.expired',
  'quote.cancelled',
  'quote.withdrawn',
  'signature.sent',
  'signature.signed',
  'invoice.issued',
  'credit-note.issued',
  'payment.declared',
  'payment.confirmed',
  'payment.failed',
  'reception.recorded',
  'reception.signed',
  'reception.retention-released',
  'dgd.established',
  'dgd.accepted',
  'dgd.disputed',
  'site-log.entry',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** What the sentence of an entry needs; every field is optional, each kind uses a few. */
export const activityParams = z.object({
  /** A document number: quote, invoice, credit note (« D-2026-0004 », « F-2026-0001 »). */
  number: z.string().optional(),
  /** A quote's version. */
  version: z.number().int().optional(),
  /** Integer cents (TTC for quotes, invoices and credit notes; the payment's amount). */
  amount_cents: z.number().int().optional(),
  /** A state, stage or status before and after (project state and stage: their French values). */
  from: z.string().optional(),
  to: z.string().optional(),
  /** The kind of invoice (acompte, situation, solde) or of payment (carte, virement). */
  variant: z.string().optional(),
  /** A short text the author typed: a complementary detail's question, the names of files added. */
  text: z.string().optional(),
  /** A title: the quote's or the signature document's. */
  title: z.string().optional(),
  /** The document an entry is about: the invoice of a credit note or of a payment. */
  ref: z.string().optional(),
  /** The other party's name: the professional a tender was sent to. */
  party: z.string().optional(),
  /** A calendar day (`YYYY-MM-DD`): the réception's date. */
  date: z.string().optional(),
});
export type ActivityParams = z.infer<typeof activityParams>;

export const activityWho = z.object({
  name: z.string(),
  role: z.enum(USER_TYPES),
});

export const activityEntry = z.object({
  /** Unique in the timeline (`quote-event:12`), stable between reads: a React key. */
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  /** ISO instant. */
  at: z.string(),
  /** Null: the platform (« Ouvrage »), or an account since deleted. */
  who: activityWho.nullable(),
  params: activityParams,
  /** The record's screen (`/devis/12`, `/facture/3`, `/devis/12/reception`…), null when the reader has none. */
  link: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

export const ACTIVITY_PAGE = 30;
export const ACTIVITY_MAX = 500;

export const activityQuery = z.object({
  /** How many of the newest entries to answer: the screen's « voir plus » asks for 30 more. */
  limit: z.coerce.number().int().min(1, 'Au moins 1 élément.').max(ACTIVITY_MAX, `Au plus ${ACTIVITY_MAX} éléments.`).default(ACTIVITY_PAGE),
});

export const projectActivity = z.object({
  project_id: z.number().int(),
  /** Newest first. */
  items: z.array(activityEntry),
  /** Every entry the reader may see: more than `items.length` means « voir plus ». */
  total: z.number().int(),
});
export type ProjectActivity = z.infer<typeof projectActivity>;

export const activityEndpoints = {
  projectActivity: defineEndpoint({
    ...activityLines.projectActivity,
    params: idParam,
    query: activityQuery,
    response: projectActivity,
    errors: [400, 401, 403, 404],
  }),
};
