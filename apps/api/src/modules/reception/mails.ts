import type { Language } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { composeMail, FRAME, translate, type MailContent, type MailParams, type Texts } from '../mail';

/** The mails of the réception (decisions 0720–0721), in the recipient's language (decision 1031). */

const T = {
  works: {
    fr: 'les travaux du devis {{label}} « {{title}} »',
    en: 'the works of the quote {{label}} “{{title}}”',
    ar: 'أشغال عرض السعر {{label}} «{{title}}»',
  },
  noReservation: { fr: 'sans réserve', en: 'without reservations', ar: 'دون تحفظات' },
  oneReservation: { fr: 'avec une réserve', en: 'with one reservation', ar: 'مع تحفظ واحد' },
  reservations: { fr: 'avec {{count}} réserves', en: 'with {{count}} reservations', ar: 'مع {{count}} تحفظات' },
  recordedSubject: {
    fr: 'Réception des travaux à signer — devis {{label}}',
    en: 'Handover of the works to sign — quote {{label}}',
    ar: 'محضر استلام الأشغال للتوقيع — عرض السعر {{label}}',
  },
  recorded: {
    fr: '{{issuer}} a enregistré la réception de {{works}} au {{receptionDate}}, {{reservations}}.',
    en: '{{issuer}} has recorded the handover of {{works}} on {{receptionDate}}, {{reservations}}.',
    ar: 'سجّل {{issuer}} استلام {{works}} بتاريخ {{receptionDate}}، {{reservations}}.',
  },
  recordedSign: {
    fr: 'Relisez le procès-verbal de réception puis signez-le en ligne : un code de vérification vous sera envoyé par e-mail.',
    en: 'Read the handover report, then sign it online: a verification code will be e-mailed to you.',
    ar: 'راجع محضر الاستلام ثم وقّعه عبر الإنترنت: سيُرسل إليك رمز تحقق عبر البريد الإلكتروني.',
  },
  signAction: { fr: 'Signer le procès-verbal', en: 'Sign the report', ar: 'توقيع المحضر' },
  signedSubject: {
    fr: 'Procès-verbal de réception signé — devis {{label}}',
    en: 'Handover report signed — quote {{label}}',
    ar: 'تم توقيع محضر الاستلام — عرض السعر {{label}}',
  },
  signed: {
    fr: '{{client}} a signé le procès-verbal de réception de {{works}} (réception du {{receptionDate}}).',
    en: '{{client}} has signed the handover report of {{works}} (handover of {{receptionDate}}).',
    ar: 'وقّع {{client}} محضر استلام {{works}} (استلام بتاريخ {{receptionDate}}).',
  },
  signedAttached: {
    fr: 'Le procès-verbal signé, avec son certificat de signature, est joint à cet e-mail.',
    en: 'The signed report, with its signature certificate, is attached to this e-mail.',
    ar: 'المحضر الموقّع، مع شهادة توقيعه، مرفق بهذه الرسالة.',
  },
  signedStage: { fr: 'Le projet passe à l’étape « Réception ».', en: 'The project moves to the “Handover” stage.', ar: 'ينتقل المشروع إلى مرحلة «الاستلام».' },
  open: { fr: 'Voir la réception', en: 'View the handover', ar: 'عرض الاستلام' },
  reminderSubject: {
    fr: 'Retenue de garantie libérable le {{releaseDate}} — devis {{label}}',
    en: 'Retention releasable on {{releaseDate}} — quote {{label}}',
    ar: 'ضمان الاحتجاز قابل للتحرير في {{releaseDate}} — عرض السعر {{label}}',
  },
  reminder: {
    fr: 'La retenue de garantie de {{amount}} retenue sur {{works}} pourra être libérée à partir du {{releaseDate}}, un an après la réception du {{receptionDate}}.',
    en: 'The retention of {{amount}} withheld on {{works}} can be released from {{releaseDate}}, one year after the handover of {{receptionDate}}.',
    ar: 'يمكن تحرير ضمان الاحتجاز البالغ {{amount}} المحتجز على {{works}} ابتداءً من {{releaseDate}}، بعد سنة من الاستلام بتاريخ {{receptionDate}}.',
  },
  reminderOpen: {
    fr: 'Attention : {{count}} réserve(s) restent à lever ; la retenue ne peut pas être libérée tant qu’elles ne le sont pas.',
    en: 'Note: {{count}} reservation(s) are still to be lifted; the retention cannot be released until they are.',
    ar: 'تنبيه: لا يزال {{count}} تحفظ(ات) بحاجة إلى الرفع؛ لا يمكن تحرير الضمان قبل رفعها.',
  },
  reminderLifted: { fr: 'Toutes les réserves sont levées.', en: 'All reservations are lifted.', ar: 'تم رفع جميع التحفظات.' },
  releasedSubject: {
    fr: 'Retenue de garantie libérée — devis {{label}}',
    en: 'Retention released — quote {{label}}',
    ar: 'تم تحرير ضمان الاحتجاز — عرض السعر {{label}}',
  },
  released: {
    fr: '{{issuer}} a libéré la retenue de garantie de {{amount}} sur {{works}}.',
    en: '{{issuer}} has released the retention of {{amount}} on {{works}}.',
    ar: 'حرّر {{issuer}} ضمان الاحتجاز البالغ {{amount}} على {{works}}.',
  },
  releasedDue: {
    fr: 'Ce montant est désormais à régler sur la facture de solde, dans un délai de 30 jours.',
    en: 'This amount is now to be paid on the balance invoice, within 30 days.',
    ar: 'أصبح هذا المبلغ مستحق الدفع ضمن فاتورة الرصيد، في أجل 30 يومًا.',
  },
} satisfies Record<string, Texts>;

const texts =
  (language: Language) =>
  (key: keyof typeof T, params: MailParams = {}) =>
    translate(T[key], language, params);

/** The screen where the réception is shown and its PV signed: the quote's page. */
export const receptionUrl = (deps: AppDeps, quoteId: number) => `${deps.config.publicUrl}/devis/${quoteId}/reception`;

export interface ReceptionMailFacts {
  quoteLabel: string;
  quoteTitle: string;
  receptionDate: string;
  reservations: number;
}

const works = (language: Language, f: ReceptionMailFacts) => texts(language)('works', { label: f.quoteLabel, title: f.quoteTitle });

export function receptionRecordedMail(language: Language, f: ReceptionMailFacts, clientName: string, issuerName: string, url: string): MailContent {
  const t = texts(language);
  const reserves = f.reservations === 0 ? t('noReservation') : f.reservations === 1 ? t('oneReservation') : t('reservations', { count: f.reservations });
  return composeMail(
    t('recordedSubject', { label: f.quoteLabel }),
    [
      FRAME[language].hello(clientName.trim()),
      t('recorded', { issuer: issuerName, works: works(language, f), receptionDate: f.receptionDate, reservations: reserves }),
      t('recordedSign'),
    ],
    { label: t('signAction'), url },
    language,
  );
}

export function receptionSignedMail(language: Language, f: ReceptionMailFacts, clientName: string, url: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('signedSubject', { label: f.quoteLabel }),
    [
      FRAME[language].hello(''),
      t('signed', { client: clientName, works: works(language, f), receptionDate: f.receptionDate }),
      t('signedAttached'),
      t('signedStage'),
    ],
    { label: t('open'), url },
    language,
  );
}

export function retentionReminderMail(
  language: Language,
  f: ReceptionMailFacts,
  name: string,
  releaseDate: string,
  retentionCents: number,
  openReservations: number,
  url: string,
): MailContent {
  const t = texts(language);
  return composeMail(
    t('reminderSubject', { label: f.quoteLabel, releaseDate }),
    [
      FRAME[language].hello(name.trim()),
      t('reminder', { amount: retentionCents, works: works(language, f), releaseDate, receptionDate: f.receptionDate }),
      openReservations > 0 ? t('reminderOpen', { count: openReservations }) : t('reminderLifted'),
    ],
    { label: t('open'), url },
    language,
  );
}

export function retentionReleasedMail(
  language: Language,
  f: ReceptionMailFacts,
  clientName: string,
  issuerName: string,
  retentionCents: number,
  url: string,
): MailContent {
  const t = texts(language);
  return composeMail(
    t('releasedSubject', { label: f.quoteLabel }),
    [FRAME[language].hello(clientName.trim()), t('released', { issuer: issuerName, amount: retentionCents, works: works(language, f) }), t('releasedDue')],
    { label: t('open'), url },
    language,
  );
}
