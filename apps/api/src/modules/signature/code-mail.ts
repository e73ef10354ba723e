import { SIGN_CODE_VALIDITY_MINUTES, type Language } from '@ouvrage/domain';
import { composeMail, FRAME, translate, type MailContent, type MailParams, type Texts } from '../mail';

const T = {
  subject: { fr: 'Votre code de signature : {{code}}', en: 'Your signature code: {{code}}', ar: 'رمز التوقيع الخاص بك: {{code}}' },
  quote: {
    fr: 'Pour signer le devis {{label}} « {{title}} », saisissez ce code sur Ouvrage :',
    en: 'To sign the quote {{label}} “{{title}}”, enter this code on Ouvrage:',
    ar: 'لتوقيع عرض السعر {{label}} «{{title}}»، أدخل هذا الرمز على Ouvrage:',
  },
  document: {
    fr: 'Pour signer le document « {{title}} », saisissez ce code sur Ouvrage :',
    en: 'To sign the document “{{title}}”, enter this code on Ouvrage:',
    ar: 'لتوقيع المستند «{{title}}»، أدخل هذا الرمز على Ouvrage:',
  },
  code: { fr: 'Code de signature : {{code}}', en: 'Signature code: {{code}}', ar: 'رمز التوقيع: {{code}}' },
  validity: {
    fr: 'Ce code est valable {{minutes}} minutes et ne peut servir qu’une fois. Ne le communiquez à personne : Ouvrage ne vous le demandera jamais par téléphone.',
    en: 'This code is valid for {{minutes}} minutes and can be used only once. Do not share it with anyone: Ouvrage will never ask you for it by phone.',
    ar: 'هذا الرمز صالح لمدة {{minutes}} دقيقة ولا يُستخدم إلا مرة واحدة. لا تُطلع عليه أحدًا: لن تطلبه منك Ouvrage أبدًا عبر الهاتف.',
  },
  notYou: {
    fr: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
    en: 'If you did not make this request, ignore this message.',
    ar: 'إذا لم تكن أنت من قدّم هذا الطلب، فتجاهل هذه الرسالة.',
  },
} satisfies Record<string, Texts>;

/** The mail that carries the signer's code (decision 0622), in the signer's language (decision 1031). The code is never logged elsewhere. */
export function signCodeMail(language: Language, firstname: string, subject: { quoteLabel?: string; title: string }, code: string): MailContent {
  const t = (key: keyof typeof T, params: MailParams = {}) => translate(T[key], language, params);
  return composeMail(
    t('subject', { code }),
    [
      FRAME[language].hello(firstname.trim()),
      subject.quoteLabel ? t('quote', { label: subject.quoteLabel, title: subject.title }) : t('document', { title: subject.title }),
      t('code', { code }),
      t('validity', { minutes: SIGN_CODE_VALIDITY_MINUTES }),
      t('notYou'),
    ],
    undefined,
    language,
  );
}

/** `julie.martin@exemple.fr` → `j***@exemple.fr`: enough for the signer to recognise the address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
