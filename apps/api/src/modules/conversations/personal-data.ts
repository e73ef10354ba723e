import { asc, eq, inArray } from 'drizzle-orm';
import { conversationMembers, conversations, messages, type Executor } from '@ouvrage/db';
import { readStoredFile } from '../../lib/stored-files';
import { youLabel, type ExportPart } from '../data-export';
import { projectLabelsByIds } from '../projects';
import { findUsers } from '../users';
import { attachmentView } from './attachments';
import { messageView } from './conversation-views';
import * as repo from './repository';

/**
 * A member's conversations in their data export (decision 1233): every message as the screen shows
 * it to them (a deleted or moderated one without its text, `messageView`), its author « vous » or
 * the other member's name — « Compte supprimé » once that account is anonymised — and the files
 * still attached. Conversations the person is not a member of (the admin reads them all) are not
 * their data and stay out.
 */
export const conversationsExport: ExportPart = {
  name: 'conversations',
  collect: async ({ deps, db, user, language, addFile }) => {
    const rows = await conversationsOfMember(db, user.id);
    if (rows.length === 0) return [];
    const all = await messagesOf(
      db,
      rows.map((r) => r.id),
    );
    const [labels, people, files] = await Promise.all([
      projectLabelsByIds(
        db,
        rows.map((r) => r.projectId),
      ),
      findUsers(db, [...new Set(rows.flatMap((r) => [r.memberLow, r.memberHigh]))]),
      repo.attachmentsOf(
        db,
        all.filter((m) => !m.deletedAt).map((m) => m.id),
      ),
    ]);
    const labelOf = new Map(labels.map((l) => [l.id, l]));
    const nameOf = new Map(people.map((p) => [p.id, `${p.firstname} ${p.lastname}`.trim()]));
    const now = deps.clock.now();
    const you = youLabel(language);
    return rows.map((row) => {
      const other = repo.otherMember(row, user.id);
      const label = labelOf.get(row.projectId);
      return {
        id: row.id,
        project: { id: row.projectId, category: label?.categoryName ?? '', property: label?.bienName ?? '', city: label?.city ?? '' },
        with: { id: other, name: nameOf.get(other) ?? '' },
        created_at: row.createdAt.toISOString(),
        messages: all
          .filter((m) => m.conversationId === row.id)
          .map((m) => {
            const stored = files.get(m.id) ?? [];
            const view = messageView(m, user, now, stored.map(attachmentView));
            return {
              id: m.id,
              author: m.authorId === user.id ? you : (nameOf.get(m.authorId) ?? ''),
              author_is_you: m.authorId === user.id,
              text: view.body,
              sent_at: view.created_at,
              edited_at: view.edited_at,
              deleted: view.deleted,
              hidden: view.hidden,
              attachments: view.attachments.map((a) => {
                const file = stored.find((s) => s.id === a.id)!;
                return {
                  name: a.name,
                  content_type: a.content_type,
                  size_bytes: a.size_bytes,
                  file: addFile(`${row.id}/${m.id}-${a.name}`, () => readStoredFile(deps.storage, file.storageKey)),
                };
              }),
            };
          }),
      };
    });
  },
};

async function conversationsOfMember(db: Executor, userId: number) {
  const rows = await db
    .select({ conversation: conversations })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(eq(conversationMembers.userId, userId))
    .orderBy(asc(conversations.id));
  return rows.map((r) => r.conversation);
}

/** Every message of these conversations, oldest first: an export reads the whole thread once. */
async function messagesOf(db: Executor, conversationIds: number[]): Promise<repo.MessageRow[]> {
  return db.select().from(messages).where(inArray(messages.conversationId, conversationIds)).orderBy(asc(messages.conversationId), asc(messages.id));
}
