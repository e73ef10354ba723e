import { refusal, type Refusal } from './refusal';
import { isProfessional } from './roles';

/**
 * A message may point to one document of its conversation's project (issue 39 §1, decision 1230
 * « References »): a quote, an invoice or an avenant, shown as a card with its current facts — a
 * reference, not a copy. Who may point to it, and who sees it, is the same rule: the document's
 * project is the conversation's, and the person may read it.
 */

export const MESSAGE_REFERENCE_KINDS = ['quote', 'invoice', 'avenant'] as const;
export type MessageReferenceKind = (typeof MESSAGE_REFERENCE_KINDS)[number];

export const MESSAGE_REFERENCE_UNKNOWN = 'MESSAGE_REFERENCE_UNKNOWN';

/** What decides who reads a document, whatever its kind. */
export interface ReferencedDocumentParties {
  projectId: number;
  issuerId: number;
  clientId: number;
  /** A draft (a quote or an avenant not sent yet) is its issuer's work: the client does not see it. */
  draft: boolean;
}

/**
 * May `reader` see the document from a conversation of `projectId`: a document of that project,
 * and the client's once sent, the professional's own (drafts too), every one for the admin (he
 * opens any of them on their pages).
 */
export function mayReadReferencedDocument(reader: { id: number; user_type: string }, projectId: number, doc: ReferencedDocumentParties): boolean {
  if (doc.projectId !== projectId) return false;
  if (reader.user_type === 'admin') return true;
  if (reader.user_type === 'client') return doc.clientId === reader.id && !doc.draft;
  return isProfessional(reader.user_type) && doc.issuerId === reader.id;
}

/**
 * A reference the sender may not make: unknown, of another project, or not theirs to read — one
 * answer for all, so that it tells nothing of documents elsewhere.
 */
export function unknownReferenceRefusal(): Refusal {
  return refusal(MESSAGE_REFERENCE_UNKNOWN, 'Ce document n’est pas un document de ce projet que vous pouvez consulter.', {}, 400);
}
