import { refusal, type Refusal } from './refusal';

/**
 * Reports and moderation of conversations (issue 39 §1 and §3, decision 1230 « Reports and
 * moderation »): a member reports a message of the other member; the admin reads a conversation
 * only when he is a member of it or it was reported, and there hides a message, suspends a member's
 * writing, closes the report. Pure rules; the conversations module applies them.
 */

/** Why a message is reported. */
export const REPORT_REASONS = ['abusive', 'spam_fraud', 'personal_data', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A report is open until the admin closes it: handled (he acted) or dismissed (nothing to do). */
export const REPORT_STATUSES = ['open', 'handled', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_OUTCOMES = ['handled', 'dismissed'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/** The reporter's optional text, the admin's reason for hiding or suspending: this many characters at most. */
export const REPORT_DETAILS_MAX_LENGTH = 1000;
export const MODERATION_REASON_MAX_LENGTH = 1000;
/** « Who read what »: the admin's panel shows this many of the latest read-mark moves. */
export const READ_LOG_LIMIT = 100;

export const MODERATION_ERRORS = {
  /** The reporter already has an open report on this message. */
  duplicate: 'REPORT_DUPLICATE',
  /** One reports the other member's messages, not one's own. */
  ownMessage: 'REPORT_OWN_MESSAGE',
  /** A deleted message has nothing left to report. */
  messageDeleted: 'REPORT_MESSAGE_DELETED',
  /** Only the conversation's members report (the admin moderates instead). */
  notMember: 'REPORT_NOT_MEMBER',
  /** The report was already closed. */
  closed: 'REPORT_CLOSED',
  /** The admin reads (and moderates) a conversation he is not a member of only once it was reported. */
  notReported: 'CONVERSATION_NOT_REPORTED',
  /** The moderation suspended the caller's writing in this conversation. */
  writingSuspended: 'CONVERSATION_WRITING_SUSPENDED',
  /** The person to suspend is not one of the conversation's members, or is the admin. */
  suspensionTarget: 'MODERATION_SUSPENSION_TARGET',
  /** A hidden message is not edited (its author would otherwise bring its text back). */
  hidden: 'MESSAGE_HIDDEN',
} as const;

/** What decides whether a member may report a message. */
export interface ReportFacts {
  reporterId: number;
  /** Is the reporter one of the conversation's two members? */
  isMember: boolean;
  message: { authorId: number; deletedAt: Date | null };
  /** Does the reporter already have an open report on this message? */
  hasOpenReport: boolean;
}

/** Why the member may not report the message; null when they may: the other member's message, not deleted, once while open. */
export function reportRefusal(facts: ReportFacts): Refusal | null {
  if (!facts.isMember) return refusal(MODERATION_ERRORS.notMember, 'Seuls les membres d’une conversation en signalent les messages.');
  if (facts.message.authorId === facts.reporterId) return refusal(MODERATION_ERRORS.ownMessage, 'Vous ne pouvez pas signaler votre propre message.');
  if (facts.message.deletedAt) return refusal(MODERATION_ERRORS.messageDeleted, 'Ce message a été supprimé : il n’y a plus rien à signaler.');
  if (facts.hasOpenReport) return refusal(MODERATION_ERRORS.duplicate, 'Vous avez déjà signalé ce message : l’équipe Ouvrage examine votre signalement.');
  return null;
}

/** What decides whether someone reads a conversation (their access to the route already checked). */
export interface ReaderFacts {
  userType: string;
  isMember: boolean;
  /** Has the conversation at least one report, open or closed? */
  reported: boolean;
}

/**
 * Why the caller may not read the conversation; null when they may: its members always, the admin
 * otherwise only once it was reported (the members' words are theirs until one of them asks for
 * help). A 409 with a code: the admin passes ownership, so he learns the reason.
 */
export function readRefusal(facts: ReaderFacts): Refusal | null {
  if (facts.isMember || (facts.userType === 'admin' && facts.reported)) return null;
  return refusal(MODERATION_ERRORS.notReported, 'Vous ne lisez une conversation dont vous n’êtes pas membre que si l’un de ses membres l’a signalée.');
}

/** Why the admin may not moderate the conversation (hide, suspend, close): only a reported one. */
export function moderationRefusal(facts: { reported: boolean }): Refusal | null {
  return facts.reported ? null : refusal(MODERATION_ERRORS.notReported, 'Vous ne modérez une conversation que si l’un de ses membres l’a signalée.');
}

/** Why this person's writing may not be suspended here: one of the two members, never an admin. */
export function suspensionRefusal(target: { isMember: boolean; userType: string | null }): Refusal | null {
  if (target.isMember && target.userType !== 'admin') return null;
  return refusal(MODERATION_ERRORS.suspensionTarget, 'Seule l’écriture d’un client ou d’un professionnel membre de cette conversation peut être suspendue.');
}

/** The refusal a suspended member gets when writing (and the reason the composer gives). */
export function writingSuspendedRefusal(): Refusal {
  return refusal(
    MODERATION_ERRORS.writingSuspended,
    'La modération a suspendu votre écriture dans cette conversation : vous la lisez toujours, mais vous ne pouvez plus y écrire.',
  );
}

/** Why the report may not be closed: it already is. */
export function closeReportRefusal(status: string): Refusal | null {
  return status === 'open' ? null : refusal(MODERATION_ERRORS.closed, 'Ce signalement est déjà clos.', { status });
}

/**
 * What a reader sees of a message the moderation hid: the members a notice (no text, no file), the
 * admin everything, marked hidden.
 */
export function hiddenFrom(message: { hiddenAt: Date | null }, readerType: string): boolean {
  return message.hiddenAt !== null && readerType !== 'admin';
}
