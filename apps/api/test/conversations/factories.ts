import { conversationMembers, conversations, messageAttachments, messages, offers, type Database } from '@ouvrage/db';
import { createUser } from '@ouvrage/db/testing';
import { conversationPair } from '@ouvrage/domain';
import { insertProject } from '../projects/factories';

/**
 * A project with its client and a professional whose tender on it was accepted (`status` to make
 * it refused, expired… afterwards), made in the database directly.
 */
export async function projectWithAcceptedPro(db: Database, clientId: number, professionalId: number): Promise<number> {
  const project = await insertProject(db, clientId, { state: 'En consultation' });
  await db.insert(offers).values({ projectId: project.id, professionalId, status: 'Acceptée', validation: '1', answeredAt: new Date() });
  return project.id;
}

/** A conversation of the project between two users, made in the database directly. */
export async function insertConversation(db: Database, projectId: number, a: number, b: number, at = new Date('2026-12-01T09:00:00Z')): Promise<number> {
  const { low, high } = conversationPair(a, b);
  const [row] = await db
    .insert(conversations)
    .values({ projectId, memberLow: low, memberHigh: high, createdBy: a, createdAt: at })
    .returning({ id: conversations.id });
  await db.insert(conversationMembers).values([
    { conversationId: row.id, userId: low },
    { conversationId: row.id, userId: high },
  ]);
  return row.id;
}

/** `count` messages by `authorId`, one second apart, in one statement; their ids, oldest first. */
export async function insertMessages(db: Database, conversationId: number, authorId: number, count: number, from = new Date('2026-12-01T09:00:00Z')) {
  const rows = await db
    .insert(messages)
    .values(Array.from({ length: count }, (_, i) => ({ conversationId, authorId, body: `Message ${i + 1}`, createdAt: new Date(from.getTime() + i * 1000) })))
    .returning({ id: messages.id });
  return rows.map((r) => r.id);
}

/**
 * A conversation `user` is a member of (owner kind `conversation`): a client with an accepted
 * professional of their project; a professional (any role: the matrix checks the role first) with
 * the client of a project on which their tender was accepted; the admin with a project's client.
 */
export async function ownedConversation(db: Database, user: { id: number; user_type: string }): Promise<number> {
  if (user.user_type === 'client') {
    const pro = await createUser(db, { user_type: 'architecte', is_validate: 'Validé' });
    return insertConversation(db, await projectWithAcceptedPro(db, user.id, pro.id), user.id, pro.id);
  }
  const client = await createUser(db, { user_type: 'client' });
  if (user.user_type === 'admin') {
    const project = await insertProject(db, client.id, { state: 'En consultation' });
    return insertConversation(db, project.id, user.id, client.id);
  }
  return insertConversation(db, await projectWithAcceptedPro(db, client.id, user.id), client.id, user.id);
}

/** A message `user` wrote (owner kind `conversation-message`), in a conversation they are a member of. */
export async function ownedMessage(db: Database, user: { id: number; user_type: string }): Promise<number> {
  const conversationId = await ownedConversation(db, user);
  const [id] = await insertMessages(db, conversationId, user.id, 1, new Date());
  return id;
}

/** A file attached to a message in a conversation `user` is a member of (owner kind `conversation-attachment`). */
export async function ownedAttachment(db: Database, user: { id: number; user_type: string }): Promise<number> {
  const messageId = await ownedMessage(db, user);
  const [row] = await db
    .insert(messageAttachments)
    .values({
      messageId,
      storageKey: `2026/12/${crypto.randomUUID()}.pdf`,
      contentType: 'application/pdf',
      sizeBytes: 10,
      originalName: 'devis.pdf',
      position: 1,
    })
    .returning({ id: messageAttachments.id });
  return row.id;
}
