import { formatParisDateTime, type Language } from '@ouvrage/domain';
import { budgetLabel } from '../projects';
import { composeMail, FRAME, LOCALES, translate, type MailContent, type MailParams, type Texts } from '../mail';
import type { ProjectForTender } from './repository';

/** The mails of the tenders, in the recipient's language (decision 1031). A project's reference data stays as stored. */

const T = {
  newSubject: {
    fr: "Nouvel appel d'offre : {{category}} — {{property}} à {{city}} ({{departement}})",
    en: 'New tender: {{category}} — {{property}} in {{city}} ({{departement}})',
    ar: 'طلب عرض جديد: {{category}} — {{property}} في {{city}} ({{departement}})',
  },
  newOffer: {
    fr: "L'équipe Ouvrage vous propose le projet n° {{id}} : {{category}} d'un bien de type « {{property}} » à {{city}} ({{postcode}}).",
    en: 'The Ouvrage team offers you project no. {{id}}: {{category}} of a property of type “{{property}}” in {{city}} ({{postcode}}).',
    ar: 'يقترح عليك فريق Ouvrage المشروع رقم {{id}}: {{category}} لعقار من نوع «{{property}}» في {{city}} ({{postcode}}).',
  },
  newFacts: {
    fr: 'Accompagnement souhaité : {{support}}. Budget : {{budget}}. Début des travaux : {{start}}.',
    en: 'Support wanted: {{support}}. Budget: {{budget}}. Start of the works: {{start}}.',
    ar: 'المرافقة المطلوبة: {{support}}. الميزانية: {{budget}}. بداية الأشغال: {{start}}.',
  },
  teamMessage: { fr: "Message de l'équipe Ouvrage : {{message}}", en: 'Message from the Ouvrage team: {{message}}', ar: 'رسالة من فريق Ouvrage: {{message}}' },
  newDeadline: {
    fr: 'Répondez avant le {{deadline}} : acceptez pour recevoir les coordonnées du client, ou refusez en indiquant la raison.',
    en: 'Answer before {{deadline}}: accept to receive the client’s contact details, or decline and give the reason.',
    ar: 'يرجى الرد قبل {{deadline}}: اقبل لتتلقى بيانات الاتصال بالعميل، أو ارفض مع ذكر السبب.',
  },
  newAction: { fr: "Voir l'appel d'offre", en: 'View the tender', ar: 'عرض طلب العرض' },
  withdrawnSubject: { fr: "Appel d'offre retiré : projet n° {{id}}", en: 'Tender withdrawn: project no. {{id}}', ar: 'تم سحب طلب العرض: المشروع رقم {{id}}' },
  withdrawn: {
    fr: "L'appel d'offre pour le projet n° {{id}} ({{category}} — {{property}} à {{city}}) a été retiré par l'équipe Ouvrage. Vous n'avez plus à y répondre.",
    en: 'The tender for project no. {{id}} ({{category}} — {{property}} in {{city}}) has been withdrawn by the Ouvrage team. You no longer need to answer it.',
    ar: 'سحب فريق Ouvrage طلب العرض الخاص بالمشروع رقم {{id}} ({{category}} — {{property}} في {{city}}). لم يعد عليك الرد عليه.',
  },
  withdrawnOthers: {
    fr: "Vos autres appels d'offre restent consultables : {{url}}",
    en: 'Your other tenders can still be viewed: {{url}}',
    ar: 'لا تزال طلبات العروض الأخرى متاحة للاطلاع: {{url}}',
  },
  anotherSubject: {
    fr: 'Un professionnel de plus a accepté votre projet n° {{id}}',
    en: 'One more professional has accepted your project no. {{id}}',
    ar: 'قبل مهني آخر مشروعك رقم {{id}}',
  },
  anotherAccepted: {
    fr: '{{company}} a accepté votre projet n° {{id}} et va prendre contact avec vous.',
    en: '{{company}} has accepted your project no. {{id}} and will get in touch with you.',
    ar: 'قبل {{company}} مشروعك رقم {{id}} وسيتواصل معك.',
  },
  anotherProfile: {
    fr: 'Retrouvez son profil et ses coordonnées sur la page de votre projet.',
    en: 'Find their profile and contact details on your project’s page.',
    ar: 'تجد ملفه وبيانات الاتصال به في صفحة مشروعك.',
  },
  openProject: { fr: 'Voir mon projet', en: 'View my project', ar: 'عرض مشروعي' },
  firstNote: {
    fr: '{{company}} a accepté votre projet et va prendre contact avec vous. Retrouvez son profil sur la page du projet.',
    en: '{{company}} has accepted your project and will get in touch with you. Find their profile on the project’s page.',
    ar: 'قبل {{company}} مشروعك وسيتواصل معك. تجد ملفه في صفحة المشروع.',
  },
  adminSubject: {
    fr: "Appel d'offre accepté : projet n° {{id}} par {{company}}",
    en: 'Tender accepted: project no. {{id}} by {{company}}',
    ar: 'تم قبول طلب العرض: المشروع رقم {{id}} من طرف {{company}}',
  },
  adminAccepted: {
    fr: "{{company}} a accepté l'appel d'offre du projet n° {{id}} ({{category}} — {{property}} à {{city}}).",
    en: '{{company}} has accepted the tender of project no. {{id}} ({{category}} — {{property}} in {{city}}).',
    ar: 'قبل {{company}} طلب العرض الخاص بالمشروع رقم {{id}} ({{category}} — {{property}} في {{city}}).',
  },
  adminFull: {
    fr: "{{accepted}} professionnels sur {{max}} ont accepté : les autres appels d'offre de ce projet sont clôturés.",
    en: '{{accepted}} professionals out of {{max}} have accepted: the other tenders of this project are closed.',
    ar: 'قبل {{accepted}} مهنيين من أصل {{max}}: أُغلقت طلبات العروض الأخرى لهذا المشروع.',
  },
  adminSome: {
    fr: '{{accepted}} professionnel(s) sur {{max}} au plus ont accepté ce projet.',
    en: '{{accepted}} professional(s) out of {{max}} at most have accepted this project.',
    ar: 'قبل هذا المشروع {{accepted}} من أصل {{max}} مهنيين كحد أقصى.',
  },
  adminAction: { fr: 'Voir le projet', en: 'View the project', ar: 'عرض المشروع' },
} satisfies Record<string, Texts>;

const texts =
  (language: Language) =>
  (key: keyof typeof T, params: MailParams = {}) =>
    translate(T[key], language, params);

const facts = (p: ProjectForTender) => ({ id: p.project.id, category: p.categoryName, property: p.bienName, city: p.project.city });

/** An instant in Paris time, in the language's long style (the French one is the domain's). */
function parisDateTime(language: Language, instant: Date): string {
  return formatParisDateTime(instant, 'long', LOCALES[language]);
}

/** To each professional a tender is sent to. No client contact details: they come with acceptance. */
export function newTenderMail(
  language: Language,
  p: ProjectForTender,
  to: { firstname: string },
  deadline: Date,
  message: string | null,
  url: string,
): MailContent {
  const t = texts(language);
  const { project } = p;
  return composeMail(
    t('newSubject', { ...facts(p), departement: project.departement }),
    [
      FRAME[language].hello(to.firstname.trim()),
      t('newOffer', { ...facts(p), postcode: project.postcode }),
      t('newFacts', { support: project.support, budget: budgetLabel(project.budget, language), start: project.times }),
      ...(message ? [t('teamMessage', { message })] : []),
      t('newDeadline', { deadline: parisDateTime(language, deadline) }),
    ],
    { label: t('newAction'), url },
    language,
  );
}

export function tenderWithdrawnMail(language: Language, p: ProjectForTender, to: { firstname: string }, url: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('withdrawnSubject', facts(p)),
    [FRAME[language].hello(to.firstname.trim()), t('withdrawn', facts(p)), t('withdrawnOthers', { url })],
    undefined,
    language,
  );
}

/** To the client, for acceptances after the first (the first one comes with the « Attribué » mail). */
export function anotherAcceptanceMail(language: Language, p: ProjectForTender, company: string, url: string): MailContent {
  const t = texts(language);
  const name = language === 'fr' ? `${p.project.civility} ${p.project.lastname}` : `${p.project.firstname} ${p.project.lastname}`.trim();
  return composeMail(
    t('anotherSubject', facts(p)),
    [FRAME[language].hello(name), t('anotherAccepted', { company, id: p.project.id }), t('anotherProfile')],
    { label: t('openProject'), url },
    language,
  );
}

/** The « Attribué » mail's note to the client on the first acceptance (the history stays without it). */
export function firstAcceptanceNote(language: Language, company: string): string {
  return texts(language)('firstNote', { company });
}

/** To the admin who sent the tender (every admin when unknown). */
export function acceptedForAdminMail(language: Language, p: ProjectForTender, company: string, accepted: number, max: number, url: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('adminSubject', { ...facts(p), company }),
    [FRAME[language].hello(''), t('adminAccepted', { ...facts(p), company }), t(accepted >= max ? 'adminFull' : 'adminSome', { accepted, max })],
    { label: t('adminAction'), url },
    language,
  );
}
