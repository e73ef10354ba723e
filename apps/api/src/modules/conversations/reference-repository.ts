import { inArray } from 'drizzle-orm';
import { messageReferences, type Executor, type MessageReferenceRow } from '@ouvrage/db';
import type { MessageReferenceKind } from '@ouvrage/domain';

/** The documents messages point to (migration 0060, decision 1230 « References »). */

export type { MessageReferenceRow };

export async function insertReference(
  db: Executor,
  values: { messageId: number; kind: MessageReferenceKind; documentId: number },
): Promise<MessageReferenceRow> {
  const [row] = await db.insert(messageReferences).values(values).returning();
  return row;
}

/** The references of these messages, by message id. */
export async function referencesOf(db: Executor, messageIds: number[]): Promise<Map<number, MessageReferenceRow>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db.select().from(messageReferences).where(inArray(messageReferences.messageId, messageIds));
  return new Map(rows.map((r) => [r.messageId, r]));
}
