import { refusal, type Refusal } from './refusal';
import { isProfessional, type UserType } from './roles';
import type { TenderStatus } from './tenders';
import { MODERATION_ERRORS, writingSuspendedRefusal } from './conversation-moderation';

/**
 * Conversations inside a project (issue 39 §1, decision 1230): one per project and per pair of
 * members — the project's client with each professional whose tender on it was accepted, or the
 * admin with any of them. Text messages, edited by their author for a few minutes, deleted (the
 * row stays, its text emptied) at any time. Pure rules; the conversations module applies them.
 */

/** A message's text, trimmed, counts 1 to this many characters (0 when the message carries a file). */
export const MESSAGE_MAX_LENGTH = 4000;
/** Its author may edit it this long after sending it. */
export const MESSAGE_EDIT_WINDOW_MS = 5 * 60_000;
/** A message still unread this long is told by e-mail, grouped with the others (once each). */
export const MESSAGE_MAIL_DELAY_MS = 15 * 60_000;
/** At most this many messages sent per user… */
export const MESSAGE_RATE_LIMIT = 20;
/** …in this window (counted from the messages table). */
export const MESSAGE_RATE_WINDOW_MS = 60_000;
/** A page of messages: 50 by default, at most 100. */
export const MESSAGES_PAGE_DEFAULT = 50;
export const MESSAGES_PAGE_MAX = 100;
/** The excerpt of the last message in the list of conversations. */
export const MESSAGE_EXCERPT_LENGTH = 140;

export const CONVERSATION_ERRORS = {
  /** A professional whose tender is no longer accepted reads but may not write. */
  readOnly: 'CONVERSATION_READ_ONLY',
  /** The admin reads every conversation but writes only in his own. */
  notMember: 'CONVERSATION_NOT_MEMBER',
  /** The other person is not someone the caller may talk with on this project. */
  counterpartInvalid: 'CONVERSATION_COUNTERPART_INVALID',
  /** The caller does not take part in the project as the client or an accepted professional. */
  notParticipant: 'CONVERSATION_NOT_PARTICIPANT',
  notAuthor: 'MESSAGE_NOT_AUTHOR',
  editWindowPassed: 'MESSAGE_EDIT_WINDOW_PASSED',
  deleted: 'MESSAGE_DELETED',
  notInConversation: 'MESSAGE_NOT_IN_CONVERSATION',
  rateLimited: 'MESSAGE_RATE_LIMITED',
  /** Neither text nor a file. */
  empty: 'MESSAGE_EMPTY',
  tooManyAttachments: 'MESSAGE_TOO_MANY_ATTACHMENTS',
  attachmentType: 'MESSAGE_ATTACHMENT_TYPE',
  attachmentTooLarge: 'MESSAGE_ATTACHMENT_TOO_LARGE',
  attachmentUnreadable: 'MESSAGE_ATTACHMENT_UNREADABLE',
} as const;

/** The two members of a conversation in a fixed order: the pair's unique key on a project. */
export function conversationPair(a: number, b: number): { low: number; high: number } {
  return a < b ? { low: a, high: b } : { low: b, high: a };
}

/** Who takes part in a project: its client and the professionals whose tender was accepted. */
export interface ProjectParties {
  clientId: number;
  acceptedProfessionalIds: readonly number[];
}

export interface ConversationPerson {
  id: number;
  user_type: UserType | string;
}

function isParticipant(person: ConversationPerson, project: ProjectParties): boolean {
  if (person.id === project.clientId) return true;
  return isProfessional(person.user_type) && project.acceptedProfessionalIds.includes(person.id);
}

/**
 * Why `opener` may not open a conversation with `other` on the project; null when allowed: the
 * client with an accepted professional, an accepted professional with the client, the admin with
 * either. `other` null: no such account.
 */
export function openingRefusal(opener: ConversationPerson, other: ConversationPerson | null, project: ProjectParties): Refusal | null {
  const counterpartInvalid = () =>
    refusal(
      CONVERSATION_ERRORS.counterpartInvalid,
      'Une conversation de projet réunit son client et un professionnel dont l’offre a été acceptée (ou l’équipe Ouvrage).',
    );
  if (!other || other.id === opener.id) return counterpartInvalid();
  if (opener.user_type === 'admin') return isParticipant(other, project) ? null : counterpartInvalid();
  if (!isParticipant(opener, project)) return refusal(CONVERSATION_ERRORS.notParticipant, 'Vous ne participez pas à ce projet.', {}, 403);
  if (opener.id === project.clientId)
    return isProfessional(other.user_type) && project.acceptedProfessionalIds.includes(other.id) ? null : counterpartInvalid();
  return other.id === project.clientId ? null : counterpartInvalid();
}

/** What decides a member's write access in a conversation. */
export interface WriterFacts {
  userType: UserType | string;
  /** Is the caller one of the conversation's two members? */
  isMember: boolean;
  /** A professional's tender on the conversation's project, its effective status (null: none). */
  tenderStatus: TenderStatus | null;
  /** The project's state: a cancelled project closes its professionals' side of the conversation. */
  projectState?: string | null;
  /** The moderation suspended the caller's writing here (decision 1230 « Reports and moderation »). */
  suspended?: boolean;
}

/**
 * Why the caller may not write in the conversation; null when they may: a member who is the client
 * or the admin always, a professional only while their tender on the project is `Acceptée` and the
 * project not cancelled (a refused, expired, closed or withdrawn one keeps the conversation readable). The admin reads every
 * conversation but writes only in those he is a member of.
 */
export function writeRefusal(facts: WriterFacts): Refusal | null {
  if (!facts.isMember) return refusal(CONVERSATION_ERRORS.notMember, 'Vous lisez cette conversation sans en être membre : vous ne pouvez pas y écrire.');
  if (facts.suspended) return writingSuspendedRefusal();
  // An accepted tender stays « Acceptée » when its project is cancelled: for writing here it is closed.
  const cancelled = facts.projectState === 'Annulé' && facts.tenderStatus === 'Acceptée';
  if (isProfessional(facts.userType) && (facts.tenderStatus !== 'Acceptée' || cancelled)) {
    const status = cancelled ? 'Clôturée' : (facts.tenderStatus ?? 'Aucune');
    return refusal(
      CONVERSATION_ERRORS.readOnly,
      `Cette conversation est en lecture seule : votre offre sur ce projet n’est plus acceptée (statut : ${status}).`,
      { status },
    );
  }
  return null;
}

/** A message as the rules see it. */
export interface MessageFacts {
  authorId: number;
  createdAt: Date;
  deletedAt: Date | null;
  /** Hidden by the moderation: no longer edited. */
  hiddenAt?: Date | null;
}

const notAuthor = () => refusal(CONVERSATION_ERRORS.notAuthor, 'Seul l’auteur d’un message peut le modifier ou le supprimer.');

/** Why `userId` may not edit the message now; null when they may: its author, within 5 minutes, not deleted. */
export function editRefusal(message: MessageFacts, userId: number, now: Date): Refusal | null {
  if (message.authorId !== userId) return notAuthor();
  if (message.deletedAt) return refusal(CONVERSATION_ERRORS.deleted, 'Ce message a été supprimé.');
  if (message.hiddenAt) return refusal(MODERATION_ERRORS.hidden, 'La modération a masqué ce message : il ne se modifie plus.');
  if (now.getTime() - message.createdAt.getTime() > MESSAGE_EDIT_WINDOW_MS) {
    const minutes = MESSAGE_EDIT_WINDOW_MS / 60_000;
    return refusal(CONVERSATION_ERRORS.editWindowPassed, `Un message se modifie dans les ${minutes} minutes qui suivent son envoi.`, { minutes });
  }
  return null;
}

/** Why `userId` may not delete the message; null when they may: its author, at any time (deleting twice changes nothing). */
export function deleteRefusal(message: MessageFacts, userId: number): Refusal | null {
  return message.authorId === userId ? null : notAuthor();
}

/** Why one more message may not be sent, given how many the user sent in the last minute. */
export function rateRefusal(sentInWindow: number): Refusal | null {
  if (sentInWindow < MESSAGE_RATE_LIMIT) return null;
  return refusal(
    CONVERSATION_ERRORS.rateLimited,
    `Vous avez envoyé ${MESSAGE_RATE_LIMIT} messages en une minute : patientez un instant avant d’en envoyer d’autres.`,
    { max: MESSAGE_RATE_LIMIT },
    429,
  );
}

/** Is the message unread by the member: someone else's, after their read mark, not deleted. */
export function isUnread(
  message: { id: number; authorId: number; deletedAt: Date | null },
  member: { userId: number; lastReadMessageId: number | null },
): boolean {
  return message.authorId !== member.userId && message.deletedAt === null && message.id > (member.lastReadMessageId ?? 0);
}

/** The member's read mark after reading up to `messageId`: it never goes backwards. */
export function nextReadMark(current: number | null, messageId: number): number {
  return Math.max(current ?? 0, messageId);
}

/** What a message shows: a deleted one has no text. */
export function shownBody(body: string, deletedAt: Date | null): string {
  return deletedAt ? '' : body;
}

/** A message's attachments (decision 1230, « Attachments »): this many at most, each this many bytes at most. */
export const MESSAGE_ATTACHMENT_LIMITS = {
  files: 5,
  bytes: 10 * 1024 * 1024,
  /** The original name kept (and offered on download) is cut to this many characters. */
  nameLength: 200,
} as const;
/** The kinds a message takes, recognised from their bytes (never the name): images re-encoded without metadata, PDF as is. */
export const MESSAGE_ATTACHMENT_KINDS = ['jpeg', 'png', 'webp', 'pdf'] as const;
export const MESSAGE_IMAGE_KINDS = ['jpeg', 'png', 'webp'] as const;

/**
 * Why a message may not be sent with this text, this many files and a reference or not: it needs
 * text, a file or a document of the project (decision 1230 « References »), and 5 files at most.
 */
export function messageContentRefusal(body: string, fileCount: number, hasReference = false): Refusal | null {
  if (fileCount > MESSAGE_ATTACHMENT_LIMITS.files)
    return refusal(
      CONVERSATION_ERRORS.tooManyAttachments,
      `Au plus ${MESSAGE_ATTACHMENT_LIMITS.files} fichiers par message.`,
      { max: MESSAGE_ATTACHMENT_LIMITS.files },
      400,
    );
  if (body.trim() === '' && fileCount === 0 && !hasReference)
    return refusal(CONVERSATION_ERRORS.empty, 'Écrivez votre message ou joignez un fichier.', {}, 400);
  return null;
}

/** Why a file may not be attached: a kind other than JPEG, PNG, WebP or PDF (read from its bytes), or too large. */
export function attachmentRefusal(file: { name: string; kind: string | undefined; size: number }): Refusal | null {
  if (!file.kind || !(MESSAGE_ATTACHMENT_KINDS as readonly string[]).includes(file.kind))
    return refusal(
      CONVERSATION_ERRORS.attachmentType,
      `Le fichier « ${file.name} » n’est pas accepté : joignez une image JPEG, PNG ou WebP, ou un PDF.`,
      { name: file.name },
      400,
    );
  if (file.size > MESSAGE_ATTACHMENT_LIMITS.bytes) {
    const maxMb = MESSAGE_ATTACHMENT_LIMITS.bytes / (1024 * 1024);
    return refusal(CONVERSATION_ERRORS.attachmentTooLarge, `Le fichier « ${file.name} » dépasse ${maxMb} Mo.`, { name: file.name, max_mb: maxMb }, 400);
  }
  return null;
}

/** The start of a message for the list of conversations, on one line. */
export function messageExcerpt(body: string, deletedAt: Date | null): string {
  const text = shownBody(body, deletedAt).replace(/\s+/g, ' ').trim();
  return text.length <= MESSAGE_EXCERPT_LENGTH ? text : `${text.slice(0, MESSAGE_EXCERPT_LENGTH - 1)}…`;
}
