import type { Language, NotificationKind, NotificationParams } from '@ouvrage/domain';
import { escapeHtml, FRAME, interpolate, type MailContent } from '../mail';
import { documentTitleTemplate, notificationKindText } from '@ouvrage/domain/notification-texts';

/**
 * A notification's e-mail in its recipient's language (decision 0802): the kind's title as the
 * subject, a greeting, the kind's sentence, a button to the record, the sign-off. Arabic mails are
 * right to left (`dir="rtl" lang="ar"`). French recipients get the richer French mail the event's
 * module wrote when it gave one. The texts are interpolated as every mail's (mail/languages.ts).
 */

/** The kind's title and sentence in a language (the centre's line; the mail's subject and body). */
export function notificationText(kind: NotificationKind, language: Language, params: NotificationParams): { title: string; body: string } {
  const texts = notificationKindText(kind, language);
  // A document named by its kind (a réception's PV): its title composed in the recipient's language.
  const template = typeof params.title_kind === 'string' ? documentTitleTemplate(params.title_kind, language) : null;
  if (template) params = { ...params, title: interpolate(template, language, params) };
  return { title: interpolate(texts.title, language, params), body: interpolate(texts.body, language, params) };
}

export function notificationMail(options: {
  kind: NotificationKind;
  language: Language;
  params: NotificationParams;
  firstname: string;
  url: string | null;
  legal: boolean;
}): MailContent {
  const { kind, language, params } = options;
  const frame = FRAME[language];
  const { title, body } = notificationText(kind, language, params);
  const paragraphs = [frame.hello(options.firstname.trim()), body];
  const footer = options.legal ? [] : [frame.choices];
  const text = [
    ...paragraphs,
    ...(options.url ? [`${frame.open} : ${options.url}`.replace(' :', language === 'fr' ? ' :' : ':')] : []),
    '',
    frame.team,
    ...footer,
  ].join('\n\n');
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
