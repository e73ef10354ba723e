import type { Language } from '@ouvrage/domain';
import { composeMail, FRAME, translate, type MailContent, type MailParams, type Texts } from '../mail';

/** The account mails of the users module, in the recipient's language (decision 1031). */

const T = {
  confirmSubject: {
    fr: 'Confirmez votre nouvelle adresse e-mail Ouvrage',
    en: 'Confirm your new Ouvrage e-mail address',
    ar: 'أكّد عنوان بريدك الإلكتروني الجديد على Ouvrage',
  },
  confirmAsked: {
    fr: 'Vous avez demandé à utiliser cette adresse pour votre compte Ouvrage. Le lien est valable {{hours}} heures.',
    en: 'You asked to use this address for your Ouvrage account. The link is valid for {{hours}} hours.',
    ar: 'لقد طلبت استخدام هذا العنوان لحسابك على Ouvrage. الرابط صالح لمدة {{hours}} ساعة.',
  },
  notYou: {
    fr: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
    en: 'If you did not make this request, ignore this message.',
    ar: 'إذا لم تكن أنت من قدّم هذا الطلب، فتجاهل هذه الرسالة.',
  },
  confirmAction: { fr: 'Confirmer ma nouvelle adresse', en: 'Confirm my new address', ar: 'تأكيد عنواني الجديد' },
  changeSubject: { fr: 'Changement d’adresse e-mail demandé', en: 'E-mail address change requested', ar: 'طلب تغيير عنوان البريد الإلكتروني' },
  changeAsked: {
    fr: "Un changement d'adresse e-mail vers {{email}} a été demandé pour votre compte. Il ne prendra effet qu'après confirmation depuis la nouvelle adresse.",
    en: 'A change of e-mail address to {{email}} has been requested for your account. It takes effect only once confirmed from the new address.',
    ar: 'طُلب تغيير عنوان البريد الإلكتروني لحسابك إلى {{email}}. لن يسري التغيير إلا بعد تأكيده من العنوان الجديد.',
  },
  changeNotYou: {
    fr: "Si vous n'êtes pas à l'origine de cette demande, changez votre mot de passe.",
    en: 'If you did not make this request, change your password.',
    ar: 'إذا لم تكن أنت من قدّم هذا الطلب، فغيّر كلمة المرور.',
  },
  passwordSubject: { fr: 'Votre mot de passe Ouvrage a été modifié', en: 'Your Ouvrage password has been changed', ar: 'تم تغيير كلمة مرور Ouvrage الخاصة بك' },
  passwordChanged: {
    fr: 'Le mot de passe de votre compte vient d’être modifié. Vos autres sessions ont été déconnectées.',
    en: 'Your account’s password has just been changed. Your other sessions have been signed out.',
    ar: 'تم للتو تغيير كلمة مرور حسابك. وتم تسجيل الخروج من جلساتك الأخرى.',
  },
  passwordNotYou: {
    fr: "Si vous n'êtes pas à l'origine de ce changement, réinitialisez votre mot de passe immédiatement.",
    en: 'If you did not make this change, reset your password immediately.',
    ar: 'إذا لم تكن أنت من أجرى هذا التغيير، فأعد تعيين كلمة المرور فورًا.',
  },
  validatedSubject: { fr: 'Votre compte Ouvrage est validé', en: 'Your Ouvrage account is approved', ar: 'تم اعتماد حسابك على Ouvrage' },
  validated: {
    fr: 'Bonne nouvelle : votre compte professionnel Ouvrage a été validé.',
    en: 'Good news: your Ouvrage professional account has been approved.',
    ar: 'خبر سار: تم اعتماد حسابك المهني على Ouvrage.',
  },
  validatedArchitect: {
    fr: "Vous avez désormais accès aux appels d'offre, au catalogue de produits et aux devis.",
    en: 'You now have access to tenders, the product catalogue and quotes.',
    ar: 'أصبح بإمكانك الآن الوصول إلى طلبات العروض وكتالوج المنتجات وعروض الأسعار.',
  },
  validatedTrade: {
    fr: "Vous avez désormais accès aux appels d'offre correspondant à votre métier et à vos zones d'intervention.",
    en: 'You now have access to the tenders matching your trade and your work areas.',
    ar: 'أصبح بإمكانك الآن الوصول إلى طلبات العروض المطابقة لمهنتك ومناطق عملك.',
  },
  validatedAction: { fr: "Voir les appels d'offre", en: 'See the tenders', ar: 'عرض طلبات العروض' },
  refusedSubject: { fr: 'Votre compte Ouvrage n’a pas été validé', en: 'Your Ouvrage account was not approved', ar: 'لم يتم اعتماد حسابك على Ouvrage' },
  refused: {
    fr: "Après vérification, nous ne pouvons pas valider votre compte professionnel pour l'instant.",
    en: 'After checking, we cannot approve your professional account for now.',
    ar: 'بعد التحقق، لا يمكننا اعتماد حسابك المهني في الوقت الحالي.',
  },
  reason: { fr: 'Motif : {{reason}}', en: 'Reason: {{reason}}', ar: 'السبب: {{reason}}' },
  refusedNext: {
    fr: 'Vous pouvez corriger votre profil puis nous contacter pour un nouvel examen.',
    en: 'You can correct your profile, then contact us for a new review.',
    ar: 'يمكنك تصحيح ملفك ثم التواصل معنا لإعادة الدراسة.',
  },
  refusedAction: { fr: 'Compléter mon profil', en: 'Complete my profile', ar: 'إكمال ملفي' },
} satisfies Record<string, Texts>;

const texts =
  (language: Language) =>
  (key: keyof typeof T, params: MailParams = {}) =>
    translate(T[key], language, params);

/** To the new address: the link that confirms it. */
export function confirmEmailMail(language: Language, firstname: string, hours: number, url: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('confirmSubject'),
    [FRAME[language].hello(firstname.trim()), t('confirmAsked', { hours }), t('notYou')],
    { label: t('confirmAction'), url },
    language,
  );
}

/** To the current address: a change was asked. */
export function emailChangeAskedMail(language: Language, firstname: string, newEmail: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('changeSubject'),
    [FRAME[language].hello(firstname.trim()), t('changeAsked', { email: newEmail }), t('changeNotYou')],
    undefined,
    language,
  );
}

export function passwordChangedMail(language: Language, firstname: string): MailContent {
  const t = texts(language);
  return composeMail(t('passwordSubject'), [FRAME[language].hello(firstname.trim()), t('passwordChanged'), t('passwordNotYou')], undefined, language);
}

/** A professional's account validated (`reason` null) or refused with its reason. */
export function validationMail(
  language: Language,
  firstname: string,
  outcome: { architect: boolean; reason: string | null; refused: boolean },
  url: string,
): MailContent {
  const t = texts(language);
  const hello = FRAME[language].hello(firstname.trim());
  if (!outcome.refused) {
    return composeMail(
      t('validatedSubject'),
      [hello, t('validated'), t(outcome.architect ? 'validatedArchitect' : 'validatedTrade')],
      { label: t('validatedAction'), url },
      language,
    );
  }
  return composeMail(
    t('refusedSubject'),
    [hello, t('refused'), t('reason', { reason: outcome.reason ?? '' }), t('refusedNext')],
    { label: t('refusedAction'), url },
    language,
  );
}
