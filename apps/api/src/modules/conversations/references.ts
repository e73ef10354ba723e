import type { DocumentCard, MessageReference, MessageReferenceInput } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import {
  mayReadReferencedDocument,
  MESSAGE_REFERENCE_KINDS,
  unknownReferenceRefusal,
  type Caller,
  type MessageReferenceKind,
  type ReferencedDocumentParties,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { refused } from '../../lib/errors';
import { avenantCards } from '../avenants';
import { invoiceCards } from '../invoices';
import { quoteCards } from '../quotes';
import * as repo from './repository';
import * as refs from './reference-repository';

/**
 * A message's reference to a quote, an invoice or an avenant of the conversation's project
 * (decision 1230 « References »). The card is read from the module that owns the document each time
 * the message is read — its status of today, its TTC as that module computed it —, and shown only
 * to a reader who may read the document (`mayReadReferencedDocument`); otherwise « document
 * indisponible ». Sending checks the same rule for the sender.
 */

interface Found {
  card: DocumentCard;
  parties: ReferencedDocumentParties;
}

type Select = { ids: number[] } | { projectId: number };

const readers: Record<MessageReferenceKind, (deps: AppDeps, db: Executor, select: Select) => Promise<Found[]>> = {
  quote: quoteCards,
  invoice: invoiceCards,
  avenant: avenantCards,
};

const keyOf = (kind: MessageReferenceKind, id: number) => `${kind}:${id}`;

/** The cards of these documents, asked once per kind to the module that owns it; unknown ones are absent. */
async function cardsOf(deps: AppDeps, db: Executor, wanted: ReadonlyArray<{ kind: MessageReferenceKind; id: number }>): Promise<Map<string, Found>> {
  const found = new Map<string, Found>();
  for (const kind of MESSAGE_REFERENCE_KINDS) {
    const ids = wanted.filter((w) => w.kind === kind).map((w) => w.id);
    if (ids.length === 0) continue;
    for (const f of await readers[kind](deps, db, { ids })) found.set(keyOf(kind, f.card.id), f);
  }
  return found;
}

/**
 * Refuse a reference the sender may not make — unknown, of another project, a draft the client
 * does not see, another professional's: one 400 for all, saying nothing of documents elsewhere.
 */
export async function assertReferenceReadable(deps: AppDeps, db: Executor, caller: Caller, projectId: number, reference: MessageReferenceInput): Promise<void> {
  const found = (await cardsOf(deps, db, [reference])).get(keyOf(reference.kind, reference.id));
  if (!found || !mayReadReferencedDocument(caller, projectId, found.parties)) {
    const refusal = unknownReferenceRefusal();
    throw refused(refusal, { reference: refusal.message });
  }
}

/** The references of these messages of the conversation as `reader` sees them now, by message id. */
export async function referenceViews(
  deps: AppDeps,
  db: Executor,
  reader: Caller,
  conversationId: number,
  messageIds: number[],
): Promise<Map<number, MessageReference>> {
  const rows = await refs.referencesOf(db, messageIds);
  if (rows.size === 0) return new Map();
  const projectId = (await repo.findConversation(db, conversationId))?.projectId ?? 0;
  const cards = await cardsOf(
    deps,
    db,
    [...rows.values()].map((r) => ({ kind: r.kind, id: r.documentId })),
  );
  const views = new Map<number, MessageReference>();
  for (const row of rows.values()) {
    const found = cards.get(keyOf(row.kind, row.documentId));
    const visible = found && mayReadReferencedDocument(reader, projectId, found.parties);
    views.set(row.messageId, { kind: row.kind, id: row.documentId, document: visible ? found.card : null });
  }
  return views;
}

/** The project's quotes, invoices and avenants `caller` may point to, newest first. */
export async function documentsOf(deps: AppDeps, db: Executor, caller: Caller, projectId: number): Promise<DocumentCard[]> {
  const found = (await Promise.all(MESSAGE_REFERENCE_KINDS.map((kind) => readers[kind](deps, db, { projectId })))).flat();
  return found
    .filter((f) => mayReadReferencedDocument(caller, projectId, f.parties))
    .map((f) => f.card)
    .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
}
