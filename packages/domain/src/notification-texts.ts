import type { Language } from './language';
import type { NotificationKind } from './notifications';
import ar from './locales/ar.json';
import en from './locales/en.json';
import fr from './locales/fr.json';

/**
 * A notification kind's name (the e-mail choices' switch, decision 1202), title and sentence in
 * each language: one source for the web (merged into
 * its translations as `notificationKinds`, scripts/build-locales.mjs) and the API (the centre's line
 * and the e-mail, notifications/messages.ts). Imported from `@ouvrage/domain/notification-texts`,
 * not the package's index, so the web's JavaScript does not carry them twice.
 */
export interface KindText {
  /** What the kind is, short (« Avoir émis »): the label of its e-mail choice on /profil. */
  name: string;
  title: string;
  body: string;
}

export const NOTIFICATION_KIND_TEXTS = {
  fr: fr.notificationKinds,
  en: en.notificationKinds,
  ar: ar.notificationKinds,
} satisfies Record<Language, Record<NotificationKind, KindText>>;

/** A document named by its kind (`title_kind`, a réception's PV) and its `label`, in a language (issue 36 §4). */
export const DOCUMENT_TITLES = {
  fr: fr.documentTitles,
  en: en.documentTitles,
  ar: ar.documentTitles,
} satisfies Record<Language, Record<string, string>>;

export type DocumentTitleKind = keyof typeof fr.documentTitles;

/** The title template of a document kind, or null for an unknown kind (the params then keep their `title`). */
export function documentTitleTemplate(kind: string, language: Language): string | null {
  const titles: Record<string, string> = DOCUMENT_TITLES[language];
  return titles[kind] ?? null;
}

export function notificationKindText(kind: NotificationKind, language: Language): KindText {
  return NOTIFICATION_KIND_TEXTS[language][kind];
}
