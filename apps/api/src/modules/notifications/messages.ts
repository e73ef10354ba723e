import { formatCalendarDate, formatEuros, isCalendarDate, type Language, type NotificationKind, type NotificationParams } from '@ouvrage/domain';
import { escapeHtml, type MailContent } from '../mail';
import { KIND_TEXTS } from './kind-texts';

/**
 * A notification's e-mail in its recipient's language (decision 0802): the kind's title as the
 * subject, a greeting, the kind's sentence, a button to the record, the sign-off. Arabic mails are
 * right to left (`dir="rtl" lang="ar"`). French recipients get the richer French mail the event's
 * module wrote when it gave one.
 */

const LOCALES = { fr: 'fr-FR', en: 'en-GB', ar: 'ar-u-nu-latn' } as const;

const FRAME = {
  fr: { hello: (name: string) => (name ? `Bonjour ${name},` : 'Bonjour,'), open: 'Voir sur Ouvrage', team: "L'équipe Ouvrage", choices: 'Vous pouvez choisir les e-mails que vous recevez dans votre profil.' },
  en: { hello: (name: string) => (name ? `Hello ${name},` : 'Hello,'), open: 'View on Ouvrage', team: 'The Ouvrage team', choices: 'You can choose which e-mails you receive in your profile.' },
  ar: { hello: (name: string) => (name ? `مرحبًا ${name}،` : 'مرحبًا،'), open: 'عرض على Ouvrage', team: 'فريق Ouvrage', choices: 'يمكنك اختيار الرسائل التي تتلقاها من صفحة ملفك الشخصي.' },
} as const;

/** A project's state and stage are stored in French: their names in the other languages (as the web's). */
const PROJECT_LABELS: Record<'en' | 'ar', Record<string, string>> = {
  en: { 'En attente': 'Pending', Validé: 'Approved', 'En consultation': 'Out to tender', Attribué: 'Awarded', 'En cours': 'In progress', Terminé: 'Completed', Annulé: 'Cancelled', Étude: 'Study', Conception: 'Design', 'Permis de construire': 'Building permit', 'Consultation des entreprises': 'Contractor consultation', Travaux: 'Works', Réception: 'Handover' },
  ar: { 'En attente': 'قيد الانتظار', Validé: 'مُعتمد', 'En consultation': 'قيد الاستشارة', Attribué: 'مُسنَد', 'En cours': 'قيد التنفيذ', Terminé: 'منتهٍ', Annulé: 'ملغى', Étude: 'الدراسة', Conception: 'التصميم', 'Permis de construire': 'رخصة البناء', 'Consultation des entreprises': 'استشارة المقاولات', Travaux: 'الأشغال', Réception: 'الاستلام' },
};

/** `amount` is in cents, `date` a calendar day (YYYY-MM-DD): shown in the language's format; a state or stage in the language; the rest as is. */
export function formatParam(language: Language, key: string, value: string | number): string {
  if ((key === 'state' || key === 'stage') && language !== 'fr') return PROJECT_LABELS[language][String(value)] ?? String(value);
  if (key === 'amount' && typeof value === 'number') {
    if (language === 'fr') return formatEuros(value);
    return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'EUR' }).format(value / 100);
  }
  if (key === 'date' && typeof value === 'string' && isCalendarDate(value)) {
    if (language === 'fr') return formatCalendarDate(value);
    return new Intl.DateTimeFormat(LOCALES[language], { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
  }
  return String(value);
}

/** In Arabic, each value is isolated: amounts and dates left to right (LRI … PDI), names and reasons in their own direction (FSI … PDI). */
function isolated(language: Language, key: string, text: string): string {
  if (language !== 'ar' || !text) return text;
  return key === 'amount' || key === 'date' ? `\u2066${text.replace(/[\u200e\u200f\u061c]/g, '')}\u2069` : `\u2068${text}\u2069`;
}

function interpolate(template: string, language: Language, params: NotificationParams): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => (key in params ? isolated(language, key, formatParam(language, key, params[key])) : ''));
}

/** The kind's title and sentence in a language (the centre's line; the mail's subject and body). */
export function notificationText(kind: NotificationKind, language: Language, params: NotificationParams): { title: string; body: string } {
  const texts = KIND_TEXTS[kind][language];
  return { title: interpolate(texts.title, language, params), body: interpolate(texts.body, language, params) };
}

export function notificationMail(options: { kind: NotificationKind; language: Language; params: NotificationParams; firstname: string; url: string | null; legal: boolean }): MailContent {
  const { kind, language, params } = options;
  const frame = FRAME[language];
  const { title, body } = notificationText(kind, language, params);
  const paragraphs = [frame.hello(options.firstname.trim()), body];
  const footer = options.legal ? [] : [frame.choices];
  const text = [...paragraphs, ...(options.url ? [`${frame.open} : ${options.url}`.replace(' :', language === 'fr' ? ' :' : ':')] : []), '', frame.team, ...footer].join('\n\n');
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const button = options.url
    ? `<p><a href="${escapeHtml(options.url)}" style="background:#1c5d99;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(frame.open)}</a></p>`
    : '';
  const html =
    `<!doctype html><html lang="${language}" dir="${dir}"><body dir="${dir}" style="font-family:Arial,sans-serif;color:#1d2a36;text-align:${language === 'ar' ? 'right' : 'left'}">` +
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    button +
    `<p>${escapeHtml(frame.team)}</p>` +
    footer.map((p) => `<p style="color:#5b6b7a;font-size:12px">${escapeHtml(p)}</p>`).join('') +
    '</body></html>';
  return { subject: title, text, html };
}
