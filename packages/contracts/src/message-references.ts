import { z } from 'zod';
import { AVENANT_STATUSES, INVOICE_STATUSES, MESSAGE_REFERENCE_KINDS, QUOTE_STATUSES } from '@ouvrage/domain';

/**
 * A message's reference to a document of its conversation's project (issue 39 §1, decision 1230
 * « References »): a quote, an invoice or an avenant, shown as a card with the document's current
 * facts, read from the module that owns it each time — a reference, not a copy.
 */

const id = z.number().int();
const unknownReference = 'Ce document n’est pas un document de ce projet que vous pouvez consulter.';

/** What a message sent points to: `{ kind, id }`. */
export const messageReferenceInput = z.object(
  {
    kind: z.enum(MESSAGE_REFERENCE_KINDS, { error: 'Choisissez un devis, une facture ou un avenant du projet.' }),
    id: z.number({ error: unknownReference }).int(unknownReference).positive(unknownReference),
  },
  { error: 'Choisissez un devis, une facture ou un avenant du projet.' },
);

/** The message's `reference` field, optional: the object in JSON, the same as JSON text in a multipart form (empty: none). */
export const messageReferenceField = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, messageReferenceInput.optional());
export type MessageReferenceInput = z.infer<typeof messageReferenceInput>;

/** What every card shows: the number (null for a draft avenant), title, TTC as the owning module computed it, date, where it opens. */
const cardFacts = {
  id,
  number: z.string().nullable(),
  title: z.string(),
  /** Cents; for an avenant, the change it makes to the contract (may be negative). */
  total_ttc_cents: z.number().int(),
  /** Sent (or created, a draft) for a quote and an avenant, issued for an invoice: an ISO instant or a calendar day. */
  date: z.string(),
  /** The web page the reader opens: `/devis/:id`, `/facture/:id`, the quote's page for an avenant. */
  link: z.string(),
};

/** A document as its card shows it, with its status today. */
export const documentCard = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('quote'), status: z.enum(QUOTE_STATUSES), ...cardFacts }),
  z.object({ kind: z.literal('invoice'), status: z.enum(INVOICE_STATUSES), ...cardFacts }),
  z.object({ kind: z.literal('avenant'), status: z.enum(AVENANT_STATUSES), ...cardFacts }),
]);
export type DocumentCard = z.infer<typeof documentCard>;

/** A message's reference as its reader sees it: `document` null when the reader may not see it (« document indisponible »). */
export const messageReference = z.object({ kind: z.enum(MESSAGE_REFERENCE_KINDS), id, document: documentCard.nullable() });
export type MessageReference = z.infer<typeof messageReference>;

/** `GET /api/conversations/{id}/documents`: the project's documents the caller may point to, newest first. */
export const conversationDocuments = z.object({ items: z.array(documentCard) });
export type ConversationDocuments = z.infer<typeof conversationDocuments>;
