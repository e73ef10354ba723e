import { z } from 'zod';
import { MESSAGE_MAX_LENGTH, MESSAGES_PAGE_DEFAULT, MESSAGES_PAGE_MAX, USER_TYPES } from '@ouvrage/domain';
import { idParam, paginated, paginationQuery, projectName } from './common';
import { defineEndpoint } from './endpoint';
import { conversationDocuments, messageReference, messageReferenceField } from './message-references';
import { linePath } from './route-lines';
import { conversationLines } from './routes/conversations';

/**
 * Conversations inside a project (issue 39 §1, decision 1230): the project's client with each
 * professional whose tender was accepted, or the admin with either; text messages, edited by their
 * author within 5 minutes, deleted at any time (shown as deleted). `{id}` is the conversation's on
 * `/api/conversations/{id}…`, the project's on `/api/projet/{id}/conversations`, the message's on
 * `/api/conversations/messages/{id}`.
 */

const id = z.number().int();

export const messageBody = z.object({
  body: z
    .string({ error: 'Écrivez votre message.' })
    .trim()
    .min(1, 'Écrivez votre message.')
    .max(MESSAGE_MAX_LENGTH, `Un message compte au plus ${MESSAGE_MAX_LENGTH} caractères.`),
});
export type MessageBody = z.input<typeof messageBody>;

/**
 * The fields of a message sent (`POST /api/conversations/{id}/messages`): the JSON body, or the text
 * fields of a multipart form whose files are in `files`. The text may be empty when a file comes
 * with it (the rule « text or a file » is the domain's `messageContentRefusal`).
 */
export const messageFields = z.object({
  body: z.string({ error: 'Écrivez votre message.' }).trim().max(MESSAGE_MAX_LENGTH, `Un message compte au plus ${MESSAGE_MAX_LENGTH} caractères.`).default(''),
  /** A document of the project shown as a card (decision 1230 « References »); in a multipart form, as JSON. */
  reference: messageReferenceField,
});
export type MessageFields = z.input<typeof messageFields>;

export const openConversationBody = z.object({
  with_user_id: z.number({ error: 'Indiquez avec qui ouvrir la conversation.' }).int('Identifiant invalide.').positive('Identifiant invalide.'),
});
export type OpenConversationBody = z.input<typeof openConversationBody>;

export const markReadBody = z.object({
  message_id: z.number({ error: 'Indiquez le dernier message lu.' }).int('Identifiant invalide.').positive('Identifiant invalide.'),
});
export type MarkReadBody = z.input<typeof markReadBody>;

export const messagesQuery = z.object({
  /** The page ends just before this message (the oldest one already shown); none: the latest page. */
  before: z.coerce.number({ error: 'Identifiant invalide.' }).int('Identifiant invalide.').positive('Identifiant invalide.').optional(),
  limit: z.coerce
    .number({ error: 'Le nombre de messages doit être un nombre entier.' })
    .int('Le nombre de messages doit être un nombre entier.')
    .min(1, 'Au moins 1 message.')
    .max(MESSAGES_PAGE_MAX, `Au plus ${MESSAGES_PAGE_MAX} messages par page.`)
    .default(MESSAGES_PAGE_DEFAULT),
});
export type MessagesQuery = z.input<typeof messagesQuery>;

export const conversationPerson = z.object({ id, name: z.string(), user_type: z.enum(USER_TYPES) });
export type ConversationPerson = z.infer<typeof conversationPerson>;

/** The project: its French title (« Surélévation · Maison — Bordeaux »), and its parts for the web to name it in the reader's language (decision 1206). */
const conversationProject = z.object({ id, title: z.string(), name: projectName });

/** Why the caller may not write here (a refusal the web translates), or null. */
export const readOnlyReason = z.object({ code: z.string(), message: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) }).nullable();

export const conversationItem = z.object({
  id,
  project: conversationProject,
  /** The other member (for the admin reading someone else's conversation: one of the two). */
  counterpart: conversationPerson,
  /** `reference`: it carries a document card (the list names it when there is no text). */
  last_message: z
    .object({ id, excerpt: z.string(), deleted: z.boolean(), author_id: id, created_at: z.string(), hidden: z.boolean(), reference: z.boolean() })
    .nullable(),
  /** Messages of the other member after the caller's read mark, not deleted. */
  unread: z.number().int(),
  can_write: z.boolean(),
});
export type ConversationItem = z.infer<typeof conversationItem>;

export const conversationMember = conversationPerson.extend({
  /** How far this member has read (read receipts). */
  last_read_message_id: id.nullable(),
  last_read_at: z.string().nullable(),
});

export const conversationView = z.object({
  id,
  project: conversationProject,
  members: z.array(conversationMember),
  created_at: z.string(),
  unread: z.number().int(),
  can_write: z.boolean(),
  read_only: readOnlyReason,
  /** At least one member reported a message here: the admin reads it and moderates (decision 1230 « Reports and moderation »). */
  reported: z.boolean(),
});
export type ConversationView = z.infer<typeof conversationView>;

/** A file attached to a message: an image (re-encoded without metadata, its size in pixels) or a PDF. */
export const messageAttachment = z.object({
  id,
  /** The name as sent, offered on download. */
  name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** An image: shown as a thumbnail (`?taille=vignette`). */
  is_image: z.boolean(),
});
export type MessageAttachment = z.infer<typeof messageAttachment>;

export const messageView = z.object({
  id,
  conversation_id: id,
  author_id: id,
  /** Empty once deleted. */
  body: z.string(),
  deleted: z.boolean(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  /** The caller may still edit it (its author, within 5 minutes). */
  can_edit: z.boolean(),
  /** Its files, in the order sent; none once deleted. */
  attachments: z.array(messageAttachment),
  /** The project's document it points to, as the reader may see it now; null without one (or once deleted). */
  reference: messageReference.nullable(),
  /** Hidden by the moderation: the members get no text and no file, the admin everything. */
  hidden: z.boolean(),
  /** Why it was hidden: for the admin only (null for the members). */
  hidden_reason: z.string().nullable(),
});
export type MessageView = z.infer<typeof messageView>;

/** A page of messages, the newest last; `has_more`: older ones remain (`before` = the first id). */
export const messagePage = z.object({ items: z.array(messageView), has_more: z.boolean() });
export type MessagePage = z.infer<typeof messagePage>;

export const readMark = z.object({ last_read_message_id: id.nullable(), unread: z.number().int() });
export const unreadTotal = z.object({ unread: z.number().int() });

const errors = [400, 401, 403, 404, 409, 429] as const;

export const conversationEndpoints = {
  conversations: defineEndpoint({ ...conversationLines.conversations, query: paginationQuery, response: paginated(conversationItem), errors }),
  unreadCount: defineEndpoint({ ...conversationLines.unreadCount, response: unreadTotal, errors }),
  openConversation: defineEndpoint({ ...conversationLines.openConversation, params: idParam, body: openConversationBody, response: conversationView, errors }),
  conversation: defineEndpoint({ ...conversationLines.conversation, params: idParam, response: conversationView, errors }),
  messages: defineEndpoint({ ...conversationLines.messages, params: idParam, query: messagesQuery, response: messagePage, errors }),
  /** JSON (`messageFields`) or multipart: `body` as text and up to 5 files in `files`. */
  sendMessage: defineEndpoint({ ...conversationLines.sendMessage, params: idParam, response: messageView, status: 201, errors: [...errors, 413, 415] }),
  markRead: defineEndpoint({ ...conversationLines.markRead, params: idParam, body: markReadBody, response: readMark, errors }),
  editMessage: defineEndpoint({ ...conversationLines.editMessage, params: idParam, body: messageBody, response: messageView, errors }),
  deleteMessage: defineEndpoint({ ...conversationLines.deleteMessage, params: idParam, response: messageView, errors }),
  documents: defineEndpoint({ ...conversationLines.documents, params: idParam, response: conversationDocuments, errors }),
};

export const attachmentQuery = z.object({ taille: z.enum(['vignette', 'originale']).default('originale') });

/** Binary answers (outside the JSON envelope): an attachment, an image's thumbnail. */
export const conversationFilePaths = {
  attachment: (id: number) => linePath(conversationLines.attachment, { id }),
  thumbnail: (id: number) => `${linePath(conversationLines.attachment, { id })}?taille=vignette`,
};

/** The live event on `GET /api/notifications/stream` when a conversation of the user changes. */
export interface ConversationEvent {
  type: 'conversation';
  conversation_id: number;
  /** The user's unread messages across all conversations (the top bar's badge). */
  unread: number;
}
