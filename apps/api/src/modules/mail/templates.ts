import type { Language } from '@ouvrage/domain';
import type { MailContent } from '../../lib/ports';
import { FRAME, translate, type Texts } from './languages';

/** The mail layout, in the recipient's language (Arabic right to left), and the account mails. Each returns subject, plain text and a simple HTML version. */
export type { MailContent };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Wrap paragraphs (and an optional button link) in the Ouvrage mail layout, in `language` (French when not given). */
export function composeMail(subject: string, paragraphs: string[], action?: { label: string; url: string }, language: Language = 'fr'): MailContent {
  const team = FRAME[language].team;
  const text = [...paragraphs, ...(action ? [`${action.label}${language === 'fr' ? ' :' : ':'} ${action.url}`] : []), '', team].join('\n\n');
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="background:#1c5d99;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
    : '';
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${language}" dir="${dir}"><body dir="${dir}" style="font-family:Arial,sans-serif;color:#1d2a36;text-align:${language === 'ar' ? 'right' : 'left'}">${body}${button}<p>${escapeHtml(team)}</p></body></html>`;
  return { subject, text, html };
}

const T = {
  resetSubject: { fr: 'Réinitialisation de votre mot de passe Ouvrage', en: 'Resetting your Ouvrage password', ar: 'إعادة تعيين كلمة مرور Ouvrage الخاصة بك' },
  resetAsked: {
    fr: "Vous avez demandé à réinitialiser votre mot de passe. Ce lien est valable {{minutes}} minutes et ne peut servir qu'une fois.",
    en: 'You asked to reset your password. This link is valid for {{minutes}} minutes and can be used only once.',
    ar: 'لقد طلبت إعادة تعيين كلمة المرور. هذا الرابط صالح لمدة {{minutes}} دقيقة ولا يُستخدم إلا مرة واحدة.',
  },
  resetNotYou: {
    fr: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
    en: 'If you did not make this request, ignore this message: your password stays unchanged.',
    ar: 'إذا لم تكن أنت من قدّم هذا الطلب، فتجاهل هذه الرسالة: تبقى كلمة مرورك دون تغيير.',
  },
  resetAction: { fr: 'Choisir un nouveau mot de passe', en: 'Choose a new password', ar: 'اختيار كلمة مرور جديدة' },
  welcomeSubject: {
    fr: 'Bienvenue sur Ouvrage : choisissez votre mot de passe',
    en: 'Welcome to Ouvrage: choose your password',
    ar: 'مرحبًا بك في Ouvrage: اختر كلمة المرور',
  },
  introDefault: {
    fr: 'Un compte Ouvrage a été créé pour vous. Choisissez votre mot de passe pour y accéder.',
    en: 'An Ouvrage account has been created for you. Choose your password to access it.',
    ar: 'أُنشئ لك حساب على Ouvrage. اختر كلمة المرور للدخول إليه.',
  },
  introProject: {
    fr: 'Votre projet est enregistré et votre espace client Ouvrage a été créé. Choisissez votre mot de passe pour suivre votre projet.',
    en: 'Your project is recorded and your Ouvrage client area has been created. Choose your password to follow your project.',
    ar: 'تم تسجيل مشروعك وإنشاء فضاء العميل الخاص بك على Ouvrage. اختر كلمة المرور لمتابعة مشروعك.',
  },
  introAdminClient: {
    fr: "L'équipe Ouvrage a créé votre compte. Choisissez votre mot de passe pour y accéder.",
    en: 'The Ouvrage team has created your account. Choose your password to access it.',
    ar: 'أنشأ فريق Ouvrage حسابك. اختر كلمة المرور للدخول إليه.',
  },
  introAdminProfessional: {
    fr: "L'équipe Ouvrage a créé votre compte professionnel. Choisissez votre mot de passe, puis complétez votre profil d'entreprise pour qu'il soit validé.",
    en: 'The Ouvrage team has created your professional account. Choose your password, then complete your company profile so that it can be approved.',
    ar: 'أنشأ فريق Ouvrage حسابك المهني. اختر كلمة المرور، ثم أكمل ملف شركتك ليتم اعتماده.',
  },
  welcomeValidity: {
    fr: "Ce lien est valable {{hours}} heures et ne peut servir qu'une fois.",
    en: 'This link is valid for {{hours}} hours and can be used only once.',
    ar: 'هذا الرابط صالح لمدة {{hours}} ساعة ولا يُستخدم إلا مرة واحدة.',
  },
  welcomeAction: { fr: 'Choisir mon mot de passe', en: 'Choose my password', ar: 'اختيار كلمة المرور' },
} satisfies Record<string, Texts>;

/** Why an account was created for someone: the first sentence of its set-password mail. */
export type InviteIntro = 'default' | 'project' | 'admin-client' | 'admin-professional';
const INTROS: Record<InviteIntro, keyof typeof T> = {
  default: 'introDefault',
  project: 'introProject',
  'admin-client': 'introAdminClient',
  'admin-professional': 'introAdminProfessional',
};

export function passwordResetMail(language: Language, firstname: string, url: string, minutes: number): MailContent {
  const t = (key: keyof typeof T) => translate(T[key], language, { minutes });
  return composeMail(
    t('resetSubject'),
    [FRAME[language].hello(firstname.trim()), t('resetAsked'), t('resetNotYou')],
    { label: t('resetAction'), url },
    language,
  );
}

export function setPasswordMail(language: Language, firstname: string, url: string, hours: number, intro: InviteIntro): MailContent {
  const t = (key: keyof typeof T) => translate(T[key], language, { hours });
  return composeMail(
    t('welcomeSubject'),
    [FRAME[language].hello(firstname.trim()), t(INTROS[intro]), t('welcomeValidity')],
    { label: t('welcomeAction'), url },
    language,
  );
}
