import type { Language } from '@ouvrage/domain';
import { composeMail, FRAME, translate, type MailContent, type MailParams, type Texts } from '../mail';

/** The mails of a professional's sign-up, in the recipient's language (decision 1031). */

const T = {
  subject: { fr: 'Votre inscription professionnelle sur Ouvrage', en: 'Your professional registration on Ouvrage', ar: 'تسجيلك المهني على Ouvrage' },
  existing: {
    fr: "Une inscription professionnelle vient d'être demandée sur Ouvrage avec votre adresse e-mail. Un compte existe déjà à cette adresse : nous n'en avons pas créé d'autre.",
    en: 'A professional registration has just been requested on Ouvrage with your e-mail address. An account already exists at this address: we have not created another one.',
    ar: 'طُلب للتو تسجيل مهني على Ouvrage باستخدام عنوان بريدك الإلكتروني. يوجد حساب بهذا العنوان مسبقًا: لم ننشئ حسابًا آخر.',
  },
  existingLogin: {
    fr: 'Connectez-vous à votre compte ; mot de passe oublié ? La page de connexion vous permet d’en choisir un nouveau. Pour inscrire une autre entreprise, utilisez une autre adresse e-mail.',
    en: 'Sign in to your account; forgot your password? The sign-in page lets you choose a new one. To register another company, use another e-mail address.',
    ar: 'سجّل الدخول إلى حسابك؛ هل نسيت كلمة المرور؟ تتيح لك صفحة تسجيل الدخول اختيار كلمة جديدة. لتسجيل شركة أخرى، استخدم عنوان بريد إلكتروني آخر.',
  },
  existingNotYou: {
    fr: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre compte n'a pas changé.",
    en: 'If you did not make this request, ignore this message: your account has not changed.',
    ar: 'إذا لم تكن أنت من قدّم هذا الطلب، فتجاهل هذه الرسالة: لم يتغير حسابك.',
  },
  login: { fr: 'Me connecter', en: 'Sign in', ar: 'تسجيل الدخول' },
  received: {
    fr: "Nous avons bien reçu l'inscription de {{company}} (SIRET {{siret}}) en tant que {{trade}}.",
    en: 'We have received the registration of {{company}} (SIRET {{siret}}).',
    ar: 'تلقينا تسجيل {{company}} (رقم SIRET {{siret}}).',
  },
  pending: {
    fr: "Votre compte est en attente de validation. Complétez dès maintenant votre profil d'entreprise (assurances, zones d'intervention, préférences) : nous le vérifions avant de vous ouvrir les appels d'offre.",
    en: 'Your account is awaiting approval. Complete your company profile now (insurance, work areas, preferences): we check it before opening the tenders to you.',
    ar: 'حسابك في انتظار الاعتماد. أكمل الآن ملف شركتك (التأمينات، مناطق العمل، التفضيلات): نتحقق منه قبل أن نتيح لك طلبات العروض.',
  },
  complete: { fr: 'Compléter mon profil', en: 'Complete my profile', ar: 'إكمال ملفي' },
  adminSubject: {
    fr: 'Nouvelle inscription professionnelle à valider',
    en: 'New professional registration to approve',
    ar: 'تسجيل مهني جديد بانتظار الاعتماد',
  },
  adminRegistered: {
    fr: '{{name}} a inscrit {{company}} (SIRET {{siret}}, {{trade}}).',
    en: '{{name}} has registered {{company}} (SIRET {{siret}}, {{trade}}).',
    ar: 'سجّل {{name}} الشركة {{company}} (رقم SIRET {{siret}}، {{trade}}).',
  },
  adminFound: {
    fr: 'Le SIRET a été trouvé au registre des entreprises (établissement actif).',
    en: 'The SIRET was found in the company register (active establishment).',
    ar: 'تم العثور على رقم SIRET في سجل الشركات (منشأة نشطة).',
  },
  adminNotFound: {
    fr: "Le SIRET n'a pas pu être vérifié au registre : vérifiez l'identité avant de valider.",
    en: 'The SIRET could not be checked in the register: check the identity before approving.',
    ar: 'تعذر التحقق من رقم SIRET في السجل: تحقق من الهوية قبل الاعتماد.',
  },
  adminAction: { fr: 'Voir les professionnels', en: 'See the professionals', ar: 'عرض المهنيين' },
} satisfies Record<string, Texts>;

const texts =
  (language: Language) =>
  (key: keyof typeof T, params: MailParams = {}) =>
    translate(T[key], language, params);

export interface SignUpFacts {
  company: string;
  siret: string;
  /** The trade's name as stored (French); the admins' mail names it. */
  trade: string;
}

/** A sign-up named an address that already has an account (decision 0452). */
export function existingAccountSignUpMail(language: Language, firstname: string, loginUrl: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('subject'),
    [FRAME[language].hello(firstname.trim()), t('existing'), t('existingLogin'), t('existingNotYou')],
    { label: t('login'), url: loginUrl },
    language,
  );
}

/** To the professional who signed up. */
export function signUpReceivedMail(language: Language, firstname: string, f: SignUpFacts, url: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('subject'),
    [FRAME[language].hello(firstname.trim()), t('received', { ...f, trade: f.trade.toLowerCase() }), t('pending')],
    { label: t('complete'), url },
    language,
  );
}

/** To each admin: a professional to validate. */
export function signUpForAdminMail(language: Language, adminFirstname: string, name: string, f: SignUpFacts, registryFound: boolean, url: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('adminSubject'),
    [FRAME[language].hello(adminFirstname.trim()), t('adminRegistered', { name, ...f }), t(registryFound ? 'adminFound' : 'adminNotFound')],
    { label: t('adminAction'), url },
    language,
  );
}
