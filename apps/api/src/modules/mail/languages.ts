import type { Executor } from '@ouvrage/db';
import { DEFAULT_LANGUAGE, elidesDe, formatCalendarDate, formatEuros, isCalendarDate, isolateAuto, isolateLtr, type Language } from '@ouvrage/domain';
import { accountLanguage } from './repository';

/**
 * The one way server texts are translated (decisions 0802, 1031): a text per language with
 * `{{name}}` parameters, interpolated here. `amount` (and any key ending in `amount`/`Amount`) is
 * in cents, `date` (…`Date`) a calendar day: shown in the language's format. In Arabic every value
 * is isolated so that a French name or a figure keeps its own direction.
 */

export type MailParams = Record<string, string | number>;
/** A text in the three languages. */
export type Texts = Record<Language, string>;

export const LOCALES = { fr: 'fr-FR', en: 'en-GB', ar: 'ar-u-nu-latn' } as const;

/** What frames every mail: greeting, button, sign-off, the e-mail choices footer. */
export const FRAME = {
  fr: {
    hello: (name: string) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    open: 'Voir sur Ouvrage',
    team: "L'équipe Ouvrage",
    choices: 'Vous pouvez choisir les e-mails que vous recevez dans votre profil.',
  },
  en: {
    hello: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    open: 'View on Ouvrage',
    team: 'The Ouvrage team',
    choices: 'You can choose which e-mails you receive in your profile.',
  },
  ar: {
    hello: (name: string) => (name ? `مرحبًا ${name}،` : 'مرحبًا،'),
    open: 'عرض على Ouvrage',
    team: 'فريق Ouvrage',
    choices: 'يمكنك اختيار الرسائل التي تتلقاها من صفحة ملفك الشخصي.',
  },
} as const;

/** A project's state and stage are stored in French: their names in the other languages (as the web's). */
const PROJECT_LABELS: Record<'en' | 'ar', Record<string, string>> = {
  en: {
    'En attente': 'Pending',
    Validé: 'Approved',
    'En consultation': 'Out to tender',
    Attribué: 'Awarded',
    'En cours': 'In progress',
    Terminé: 'Completed',
    Annulé: 'Cancelled',
    Étude: 'Study',
    Conception: 'Design',
    'Permis de construire': 'Building permit',
    'Consultation des entreprises': 'Contractor consultation',
    Travaux: 'Works',
    Réception: 'Handover',
  },
  ar: {
    'En attente': 'قيد الانتظار',
    Validé: 'مُعتمد',
    'En consultation': 'قيد الاستشارة',
    Attribué: 'مُسنَد',
    'En cours': 'قيد التنفيذ',
    Terminé: 'منتهٍ',
    Annulé: 'ملغى',
    Étude: 'الدراسة',
    Conception: 'التصميم',
    'Permis de construire': 'رخصة البناء',
    'Consultation des entreprises': 'استشارة المقاولات',
    Travaux: 'الأشغال',
    Réception: 'الاستلام',
  },
};

const isAmount = (key: string) => /(^a|A)mount$/.test(key);
const isDate = (key: string) => /(^d|D)ate$/.test(key);

/** Cents in the language's currency format. */
export function formatMoney(language: Language, cents: number): string {
  if (language === 'fr') return formatEuros(cents);
  return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** A calendar day (YYYY-MM-DD) in the language's format. */
export function formatDay(language: Language, day: string): string {
  if (!isCalendarDate(day)) return day;
  if (language === 'fr') return formatCalendarDate(day);
  return new Intl.DateTimeFormat(LOCALES[language], { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** A parameter as the language shows it: amounts and days in its format, a project's state or stage in its words, the rest as is. */
export function formatParam(language: Language, key: string, value: string | number): string {
  if ((key === 'state' || key === 'stage') && language !== 'fr') return PROJECT_LABELS[language][String(value)] ?? String(value);
  if (isAmount(key) && typeof value === 'number') return formatMoney(language, value);
  if (isDate(key) && typeof value === 'string') return formatDay(language, value);
  return String(value);
}

/** In Arabic, each value is isolated: amounts and dates left to right (LRI … PDI), names and reasons in their own direction (FSI … PDI). */
function isolated(language: Language, key: string, text: string): string {
  if (language !== 'ar' || !text) return text;
  return isAmount(key) || isDate(key) ? isolateLtr(text) : isolateAuto(text);
}

/**
 * A text's `{{name}}` replaced by its parameter (nothing when the caller gave none, as the centre does).
 * In French, « de {{name}} » elides before a value that starts with a vowel sound: « Devis D-1
 * d’Atelier Lefèvre » (the rule in @ouvrage/domain, decision 1200).
 */
export function interpolate(template: string, language: Language, params: MailParams): string {
  if (language === 'fr') {
    template = template.replace(/(?<!\p{L})de \{\{(\w+)\}\}/gu, (whole, key: string) =>
      key in params && elidesDe(formatParam(language, key, params[key])) ? `d’{{${key}}}` : whole,
    );
  }
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => (key in params ? isolated(language, key, formatParam(language, key, params[key])) : ''));
}

/** `texts` in `language`, interpolated. */
export function translate(texts: Texts, language: Language, params: MailParams = {}): string {
  return interpolate(texts[language], language, params);
}

/**
 * The language of a mail's recipient: the account's (by id, else by address), French for an
 * address without an account (a project's contact, a signer outside the app).
 */
export async function recipientLanguage(executor: Executor, to: { userId?: number | null; email?: string | null }): Promise<Language> {
  if (!to.userId && !to.email) return DEFAULT_LANGUAGE;
  return (await accountLanguage(executor, to.userId ? { userId: to.userId } : { email: to.email! })) ?? DEFAULT_LANGUAGE;
}
