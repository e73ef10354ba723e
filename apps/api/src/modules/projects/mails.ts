import type { ProjectRow } from '@ouvrage/db';
import { budgetRange, formatEuros, type Language } from '@ouvrage/domain';
import { composeMail, FRAME, LOCALES, translate, type MailContent, type MailParams, type Texts } from '../mail';

/** The mails of the projects, in the recipient's language (decision 1031). A project's reference data (category, type of property, delays) stays as stored. */

const T = {
  over: { fr: 'plus de {{min}}', en: 'over {{min}}', ar: 'أكثر من {{min}}' },
  under: { fr: 'moins de {{max}}', en: 'under {{max}}', ar: 'أقل من {{max}}' },
  between: { fr: 'de {{min}} à {{max}}', en: '{{min}} to {{max}}', ar: 'من {{min}} إلى {{max}}' },
  recapSubject: { fr: 'Votre projet n° {{id}} est bien enregistré', en: 'Your project no. {{id}} is recorded', ar: 'تم تسجيل مشروعك رقم {{id}}' },
  recapReceived: {
    fr: "Nous avons bien reçu votre demande. Notre équipe l'étudie et revient vers vous rapidement ; vous serez prévenu à chaque étape.",
    en: 'We have received your request. Our team is studying it and will get back to you quickly; you will be told at every stage.',
    ar: 'تلقينا طلبك. يدرسه فريقنا وسيعود إليك قريبًا، وستُبلَّغ في كل مرحلة.',
  },
  recapProject: {
    fr: 'Projet : {{category}} — {{property}} ({{support}})',
    en: 'Project: {{category}} — {{property}} ({{support}})',
    ar: 'المشروع: {{category}} — {{property}} ({{support}})',
  },
  recapAddress: { fr: 'Adresse : {{address}}', en: 'Address: {{address}}', ar: 'العنوان: {{address}}' },
  recapSurfaces: {
    fr: 'Surface du bien : {{surface}} ; surface des travaux : {{works}}',
    en: 'Floor area of the property: {{surface}}; area of the works: {{works}}',
    ar: 'مساحة العقار: {{surface}}؛ مساحة الأشغال: {{works}}',
  },
  recapBudget: {
    fr: 'Budget : {{budget}} ; début des travaux : {{start}} ; délai : {{delay}}',
    en: 'Budget: {{budget}}; start of the works: {{start}}; timeframe: {{delay}}',
    ar: 'الميزانية: {{budget}}؛ بداية الأشغال: {{start}}؛ المدة: {{delay}}',
  },
  recapSupportYes: { fr: 'Accompagnement : oui ({{need}})', en: 'Support: yes ({{need}})', ar: 'المرافقة: نعم ({{need}})' },
  recapSupportNo: { fr: 'Accompagnement : non', en: 'Support: no', ar: 'المرافقة: لا' },
  recapState: { fr: 'État : {{state}} — étape : {{stage}}', en: 'Status: {{state}} — stage: {{stage}}', ar: 'الحالة: {{state}} — المرحلة: {{stage}}' },
  open: { fr: 'Voir mon projet', en: 'View my project', ar: 'عرض مشروعي' },
  stateSubject: {
    fr: 'Votre projet n° {{id}} est désormais « {{state}} »',
    en: 'Your project no. {{id}} is now “{{state}}”',
    ar: 'أصبحت حالة مشروعك رقم {{id}} «{{state}}»',
  },
  stateChanged: {
    fr: "L'état de votre projet n° {{id}} a changé : il est maintenant « {{state}} ».",
    en: 'The status of your project no. {{id}} has changed: it is now “{{state}}”.',
    ar: 'تغيّرت حالة مشروعك رقم {{id}}: أصبحت الآن «{{state}}».',
  },
  stageSubject: {
    fr: "Votre projet n° {{id}} passe à l'étape « {{stage}} »",
    en: 'Your project no. {{id}} moves to the “{{stage}}” stage',
    ar: 'انتقل مشروعك رقم {{id}} إلى مرحلة «{{stage}}»',
  },
  stageChanged: {
    fr: "Votre projet n° {{id}} avance : il est maintenant à l'étape « {{stage}} ».",
    en: 'Your project no. {{id}} is moving forward: it is now at the “{{stage}}” stage.',
    ar: 'يتقدم مشروعك رقم {{id}}: أصبح الآن في مرحلة «{{stage}}».',
  },
  teamMessage: { fr: "Message de l'équipe Ouvrage : {{message}}", en: 'Message from the Ouvrage team: {{message}}', ar: 'رسالة من فريق Ouvrage: {{message}}' },
  deletedSubject: { fr: 'Votre projet n° {{id}} a été supprimé', en: 'Your project no. {{id}} has been deleted', ar: 'تم حذف مشروعك رقم {{id}}' },
  deleted: {
    fr: "Votre projet n° {{id}} ({{address}}) a été supprimé par l'équipe Ouvrage, avec ses documents.",
    en: 'Your project no. {{id}} ({{address}}) has been deleted by the Ouvrage team, with its documents.',
    ar: 'حذف فريق Ouvrage مشروعك رقم {{id}} ({{address}}) مع مستنداته.',
  },
  questions: { fr: 'Pour toute question, répondez à ce message.', en: 'For any question, reply to this message.', ar: 'لأي سؤال، يمكنك الرد على هذه الرسالة.' },
  existingSubject: { fr: 'Votre demande de projet sur Ouvrage', en: 'Your project request on Ouvrage', ar: 'طلب مشروعك على Ouvrage' },
  existingSent: {
    fr: "Une demande de projet vient d'être envoyée depuis le formulaire d'Ouvrage avec votre adresse e-mail. Un compte Ouvrage existe déjà à cette adresse : pour protéger votre compte, nous n'y avons rien ajouté.",
    en: 'A project request has just been sent from the Ouvrage form with your e-mail address. An Ouvrage account already exists at this address: to protect your account, we have added nothing to it.',
    ar: 'أُرسل للتو طلب مشروع من نموذج Ouvrage باستخدام عنوان بريدك الإلكتروني. يوجد حساب على Ouvrage بهذا العنوان مسبقًا: لحماية حسابك، لم نُضف إليه شيئًا.',
  },
  existingLogin: {
    fr: 'Connectez-vous pour déposer votre projet depuis votre espace : il y sera rattaché. Mot de passe oublié ? La page de connexion vous permet d’en choisir un nouveau.',
    en: 'Sign in to submit your project from your area: it will be attached to it. Forgot your password? The sign-in page lets you choose a new one.',
    ar: 'سجّل الدخول لإيداع مشروعك من فضائك: سيُربط به. هل نسيت كلمة المرور؟ تتيح لك صفحة تسجيل الدخول اختيار كلمة جديدة.',
  },
  existingNotYou: {
    fr: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre compte n'a pas changé.",
    en: 'If you did not make this request, ignore this message: your account has not changed.',
    ar: 'إذا لم تكن أنت من قدّم هذا الطلب، فتجاهل هذه الرسالة: لم يتغير حسابك.',
  },
  login: { fr: 'Me connecter', en: 'Sign in', ar: 'تسجيل الدخول' },
} satisfies Record<string, Texts>;

const texts =
  (language: Language) =>
  (key: keyof typeof T, params: MailParams = {}) =>
    translate(T[key], language, params);

/** A budget range's key (`10k-20k`…) in words, whole euros. */
export function budgetLabel(key: string, language: Language = 'fr'): string {
  const range = budgetRange(key);
  if (!range) return key;
  const euros = (cents: number) =>
    language === 'fr'
      ? formatEuros(cents, { wholeEuros: true })
      : new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(cents / 100);
  const t = texts(language);
  if (range.max === null) return t('over', { min: euros(range.min) });
  if (range.min === 0) return t('under', { max: euros(range.max) });
  return t('between', { min: euros(range.min), max: euros(range.max) });
}

/** French readers are greeted « Bonjour M. Dupont », the others by name. */
const greeting = (language: Language, p: Pick<ProjectRow, 'civility' | 'firstname' | 'lastname'>) =>
  FRAME[language].hello(language === 'fr' ? `${p.civility} ${p.lastname}` : `${p.firstname} ${p.lastname}`.trim());
const addressOf = (p: Pick<ProjectRow, 'street' | 'postcode' | 'city'>) => `${p.street}, ${p.postcode} ${p.city}`;

/** The recap mailed to the client once the request is recorded. */
export function projectRecapMail(language: Language, p: ProjectRow & { categoryName: string; bienName: string }, url: string): MailContent {
  const t = texts(language);
  const m2 = (n: number) => `${new Intl.NumberFormat(LOCALES[language]).format(n)} m²`;
  return composeMail(
    t('recapSubject', { id: p.id }),
    [
      greeting(language, p),
      t('recapReceived'),
      t('recapProject', { category: p.categoryName, property: p.bienName, support: p.support }),
      t('recapAddress', { address: addressOf(p) }),
      t('recapSurfaces', { surface: m2(p.surface), works: m2(p.worksSurface) }),
      t('recapBudget', { budget: budgetLabel(p.budget, language), start: p.times, delay: p.delai }),
      p.accompagnement ? t('recapSupportYes', { need: p.besoinAccompagnement ?? '' }) : t('recapSupportNo'),
      t('recapState', { state: p.state, stage: p.stage }),
    ],
    { label: t('open'), url },
    language,
  );
}

export function stateChangedMail(language: Language, p: ProjectRow, url: string, comment?: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('stateSubject', { id: p.id, state: p.state }),
    [greeting(language, p), t('stateChanged', { id: p.id, state: p.state }), ...(comment ? [t('teamMessage', { message: comment })] : [])],
    { label: t('open'), url },
    language,
  );
}

export function stageChangedMail(language: Language, p: ProjectRow, url: string, comment?: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('stageSubject', { id: p.id, stage: p.stage }),
    [greeting(language, p), t('stageChanged', { id: p.id, stage: p.stage }), ...(comment ? [t('teamMessage', { message: comment })] : [])],
    { label: t('open'), url },
    language,
  );
}

export function projectDeletedMail(language: Language, p: ProjectRow): MailContent {
  const t = texts(language);
  return composeMail(
    t('deletedSubject', { id: p.id }),
    [greeting(language, p), t('deleted', { id: p.id, address: addressOf(p) }), t('questions')],
    undefined,
    language,
  );
}

/**
 * A visitor's request named an address that already has an account: nothing was created, and
 * only the address's owner learns it (the form answers the same either way, docs/decisions/0452).
 */
export function existingAccountProjectMail(language: Language, firstname: string, loginUrl: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('existingSubject'),
    [FRAME[language].hello(firstname.trim()), t('existingSent'), t('existingLogin'), t('existingNotYou')],
    { label: t('login'), url: loginUrl },
    language,
  );
}
