import { z } from 'zod';
import { LANGUAGES, NOTIFICATION_GROUPS, NOTIFICATION_KINDS } from '@ouvrage/domain';
import { idParam, paginationQuery } from './common';
import { defineEndpoint } from './endpoint';
import { notificationLines } from './routes/notifications';

/**
 * The notification centre and each user's e-mail choices (issue 12, decisions 0800–0803). Every
 * route is about the caller's own notifications: `{id}` is a notification id, someone else's
 * answers 403 (even to an admin: a notification is its recipient's alone).
 */

export const notificationKind = z.enum(NOTIFICATION_KINDS as [string, ...string[]]);
export const language = z.enum(LANGUAGES, { error: 'Choisissez « fr », « en » ou « ar ».' });

export const notificationView = z.object({
  id: z.number().int(),
  kind: notificationKind,
  /** Values the text interpolates; the web renders the text from kind + params in the reader's language. */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** A path inside the web app (`/devis/12`), or null when the record is gone. */
  link: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationView = z.infer<typeof notificationView>;

export const notificationList = z.object({
  items: z.array(notificationView),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationList>;

export const unreadCount = z.object({ unread: z.number().int() });

export const notificationListQuery = paginationQuery.extend({
  unread_only: z
    .enum(['true', 'false'], { error: 'Choisissez « true » ou « false ».' })
    .default('false')
    .transform((v) => v === 'true'),
  /** The notification centre's page (decision 1202): read ones, unread ones, or all (left out). */
  read: z.enum(['read', 'unread'], { error: 'Choisissez « read » ou « unread ».' }).optional(),
  /** One group of kinds (the e-mail choices' groups), or all (left out). */
  group: z.enum(NOTIFICATION_GROUPS, { error: `Choisissez un groupe parmi : ${NOTIFICATION_GROUPS.join(', ')}.` }).optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuery>;

export const notificationChoice = z.object({
  kind: notificationKind,
  group: z.enum(NOTIFICATION_GROUPS),
  /** Whether the e-mail goes; always true for a legal kind. */
  email: z.boolean(),
  /** Legal kinds (invoices, signature) are always mailed: shown on and locked. */
  legal: z.boolean(),
});

export const notificationSettings = z.object({
  language,
  /** The kinds this user's role may receive, in screen order. */
  choices: z.array(notificationChoice),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const notificationSettingsBody = z
  .object({
    language: language.optional(),
    /** Kind → whether to receive its e-mail; kinds left out keep their choice. */
    email: z.partialRecord(notificationKind, z.boolean({ error: 'Choisissez oui ou non.' })).optional(),
  })
  .refine((b) => b.language !== undefined || b.email !== undefined, { message: 'Rien à enregistrer.' });

const errors = [400, 401, 403, 404] as const;

export const notificationEndpoints = {
  list: defineEndpoint({ ...notificationLines.list, query: notificationListQuery, response: notificationList, errors }),
  markRead: defineEndpoint({ ...notificationLines.markRead, params: idParam, response: unreadCount, errors }),
  markAllRead: defineEndpoint({ ...notificationLines.markAllRead, response: unreadCount, errors }),
  settings: defineEndpoint({ ...notificationLines.settings, response: notificationSettings, errors }),
  saveSettings: defineEndpoint({ ...notificationLines.saveSettings, body: notificationSettingsBody, response: notificationSettings, errors }),
};

/** The live event on `GET /api/notifications/stream` when a notification arrives or is read. */
export interface NotificationEvent {
  type: 'notification';
  unread: number;
}
