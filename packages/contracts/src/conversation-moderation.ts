import { z } from 'zod';
import { MODERATION_REASON_MAX_LENGTH, REPORT_DETAILS_MAX_LENGTH, REPORT_OUTCOMES, REPORT_REASONS, REPORT_STATUSES } from '@ouvrage/domain';
import { idParam, paginated, paginationQuery, projectName } from './common';
import { conversationPerson, messageView } from './conversations';
import { defineEndpoint } from './endpoint';
import { conversationModerationLines } from './routes/conversations';

/**
 * Reports and moderation of conversations (issue 39, decision 1230 « Reports and moderation »): a
 * member reports a message of the other member; the admin lists the reports and, in a reported
 * conversation, hides a message, suspends a member's writing, closes the report, and sees who read
 * what. `{id}` is the conversation's, the message's on `/messages/{id}/…`, the report's on
 * `/signalements/{id}/cloture`.
 */

const id = z.number().int();
const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: 'Le texte doit être une chaîne de caractères.' })
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => (v ? v : null));

export const reportMessageBody = z.object({
  message_id: z.number({ error: 'Indiquez le message à signaler.' }).int('Identifiant invalide.').positive('Identifiant invalide.'),
  reason: z.enum(REPORT_REASONS, { error: 'Choisissez le motif du signalement.' }),
  details: optionalText(REPORT_DETAILS_MAX_LENGTH, `Les précisions comptent au plus ${REPORT_DETAILS_MAX_LENGTH} caractères.`),
});
export type ReportMessageBody = z.input<typeof reportMessageBody>;

export const moderationReasonBody = z.object({
  reason: optionalText(MODERATION_REASON_MAX_LENGTH, `Le motif compte au plus ${MODERATION_REASON_MAX_LENGTH} caractères.`),
});
export type ModerationReasonBody = z.input<typeof moderationReasonBody>;

const memberId = z.number({ error: 'Indiquez le membre concerné.' }).int('Identifiant invalide.').positive('Identifiant invalide.');
export const suspendWritingBody = moderationReasonBody.extend({ user_id: memberId });
export type SuspendWritingBody = z.input<typeof suspendWritingBody>;
export const liftSuspensionBody = z.object({ user_id: memberId });
export type LiftSuspensionBody = z.input<typeof liftSuspensionBody>;

export const closeReportBody = z.object({ outcome: z.enum(REPORT_OUTCOMES, { error: 'Indiquez si le signalement est traité ou classé sans suite.' }) });
export type CloseReportBody = z.input<typeof closeReportBody>;

/** A report as the admin's list and the thread's panel show it. */
export const reportItem = z.object({
  id,
  conversation_id: id,
  project: z.object({ id, name: projectName }),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  reporter: conversationPerson,
  /** The reported message's author. */
  author: conversationPerson,
  /** The reported message, as the admin reads it (its text even when hidden; empty once deleted). */
  message: z.object({ id, excerpt: z.string(), deleted: z.boolean(), hidden: z.boolean(), created_at: z.string() }),
});
export type ReportItem = z.infer<typeof reportItem>;

/** A member as the moderation sees them: how far and when they read (the read log), whether they may write. */
export const moderationMember = conversationPerson.extend({
  last_read_message_id: id.nullable(),
  last_read_at: z.string().nullable(),
  writing_suspended_at: z.string().nullable(),
  writing_suspended_reason: z.string().nullable(),
  /** Each move of the read mark, the latest first: up to which message, and when. */
  reads: z.array(z.object({ message_id: id, read_at: z.string() })),
});
export type ModerationMember = z.infer<typeof moderationMember>;

/** The admin's panel of a reported conversation: its reports and its members. */
export const moderationView = z.object({ conversation_id: id, reports: z.array(reportItem), members: z.array(moderationMember) });
export type ModerationView = z.infer<typeof moderationView>;

const errors = [400, 401, 403, 404, 409] as const;

export const conversationModerationEndpoints = {
  reportMessage: defineEndpoint({
    ...conversationModerationLines.reportMessage,
    params: idParam,
    body: reportMessageBody,
    response: reportItem.pick({ id: true, status: true, reason: true, created_at: true }),
    status: 201,
    errors,
  }),
  reports: defineEndpoint({ ...conversationModerationLines.reports, query: paginationQuery, response: paginated(reportItem), errors }),
  moderation: defineEndpoint({ ...conversationModerationLines.moderation, params: idParam, response: moderationView, errors }),
  hideMessage: defineEndpoint({ ...conversationModerationLines.hideMessage, params: idParam, body: moderationReasonBody, response: messageView, errors }),
  unhideMessage: defineEndpoint({ ...conversationModerationLines.unhideMessage, params: idParam, response: messageView, errors }),
  suspendWriting: defineEndpoint({
    ...conversationModerationLines.suspendWriting,
    params: idParam,
    body: suspendWritingBody,
    response: moderationView,
    errors,
  }),
  liftSuspension: defineEndpoint({
    ...conversationModerationLines.liftSuspension,
    params: idParam,
    body: liftSuspensionBody,
    response: moderationView,
    errors,
  }),
  closeReport: defineEndpoint({ ...conversationModerationLines.closeReport, params: idParam, body: closeReportBody, response: reportItem, errors }),
};
