import type { QuoteDraft } from './draft';

/**
 * The first save of `/devis/new` creates the quote and the address becomes `/devis/{id}/modifier`
 * (decision 0526). The new screen's code may still be loading while the architect keeps typing in
 * the first editor, so that editor keeps offering its latest draft here until it unmounts, and the
 * second editor starts from it — as long as the stored quote still has the revision it belongs to.
 * Kept in memory only: a page reload starts from the stored quote.
 */
export interface EditorHandover {
  quoteId: number;
  revision: number;
  draft: QuoteDraft;
  savedJson: string;
}

const pending = new Map<number, EditorHandover>();

export function offerHandover(handover: EditorHandover): void {
  pending.set(handover.quoteId, handover);
}

/** The draft handed over for this quote at this revision, if any (read without taking it). */
export function peekHandover(quoteId: number, revision: number): EditorHandover | null {
  const handover = pending.get(quoteId);
  return handover && handover.revision === revision ? handover : null;
}

export function dropHandover(quoteId: number): void {
  pending.delete(quoteId);
}
