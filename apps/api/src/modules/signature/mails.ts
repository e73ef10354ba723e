import type { Language } from '@ouvrage/domain';
import { composeMail, FRAME, translate, type MailContent, type MailParams, type Texts } from '../mail';

/** The signature module's mails other than the code's (code-mail.ts), in the three languages (decision 1031). */

const T = {
  subject: { fr: 'Document à signer : {{title}}', en: 'Document to sign: {{title}}', ar: 'مستند للتوقيع: {{title}}' },
  invite: {
    fr: '{{name}} vous invite à signer électroniquement le document « {{title}} » sur Ouvrage.',
    en: '{{name}} invites you to sign the document “{{title}}” electronically on Ouvrage.',
    ar: 'يدعوك {{name}} إلى التوقيع الإلكتروني على المستند «{{title}}» على Ouvrage.',
  },
  personal: {
    fr: 'Le lien ci-dessous vous est personnel. Un code de vérification vous sera envoyé par e-mail avant la signature.',
    en: 'The link below is personal to you. A verification code will be e-mailed to you before you sign.',
    ar: 'الرابط أدناه خاص بك. سيُرسل إليك رمز تحقق عبر البريد الإلكتروني قبل التوقيع.',
  },
  action: { fr: 'Lire et signer le document', en: 'Read and sign the document', ar: 'قراءة المستند وتوقيعه' },
} satisfies Record<string, Texts>;

/** To each signer of a contract sent for signature, with their personal link. */
export function invitationMail(language: Language, signerName: string, from: string, title: string, url: string): MailContent {
  const t = (key: keyof typeof T, params: MailParams = {}) => translate(T[key], language, params);
  return composeMail(
    t('subject', { title }),
    [FRAME[language].hello(signerName.trim()), t('invite', { name: from, title }), t('personal')],
    { label: t('action'), url },
    language,
  );
}
