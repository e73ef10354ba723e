import { quoteVersionLabel, type CalendarDate, type Language } from '@ouvrage/domain';
import { composeMail, FRAME, translate, type MailContent, type MailParams, type Texts } from '../mail';
import type { QuoteRow } from './repository';

/** The mails of the quotes, in the recipient's language (decision 1031): to the client when sent or cancelled, to the architect when answered. */

const T = {
  sentSubject: {
    fr: 'Devis {{label}} de {{issuer}} : {{title}}',
    en: 'Quote {{label}} from {{issuer}}: {{title}}',
    ar: 'عرض السعر {{label}} من {{issuer}}: {{title}}',
  },
  sent: {
    fr: '{{issuer}} vous adresse le devis {{label}} « {{title}} » d’un montant de {{amount}} TTC.',
    en: '{{issuer}} sends you the quote {{label}} “{{title}}” for {{amount}} incl. VAT.',
    ar: 'يرسل إليك {{issuer}} عرض السعر {{label}} «{{title}}» بمبلغ {{amount}} شاملًا الضريبة.',
  },
  sentValidity: {
    fr: 'Il est valable jusqu’au {{untilDate}}. Vous le trouverez en pièce jointe et en ligne, où vous pouvez l’accepter, avec les options de votre choix, ou le refuser.',
    en: 'It is valid until {{untilDate}}. You will find it attached and online, where you can accept it, with the options of your choice, or decline it.',
    ar: 'وهو صالح حتى {{untilDate}}. تجده مرفقًا وعلى الإنترنت، حيث يمكنك قبوله مع الخيارات التي تختارها، أو رفضه.',
  },
  open: { fr: 'Voir le devis', en: 'View the quote', ar: 'عرض عرض السعر' },
  acceptedSubject: { fr: 'Devis {{label}} accepté', en: 'Quote {{label}} accepted', ar: 'تم قبول عرض السعر {{label}}' },
  accepted: {
    fr: '{{client}} a accepté votre devis {{label}} « {{title}} » pour {{amount}} TTC (options choisies comprises).',
    en: '{{client}} has accepted your quote {{label}} “{{title}}” for {{amount}} incl. VAT (chosen options included).',
    ar: 'قبل {{client}} عرض سعرك {{label}} «{{title}}» بمبلغ {{amount}} شاملًا الضريبة (مع الخيارات المختارة).',
  },
  acceptedNext: {
    fr: 'Vous pouvez le valider en contrat depuis la liste des devis à valider.',
    en: 'You can validate it as a contract from the list of quotes to validate.',
    ar: 'يمكنك اعتماده كعقد من قائمة عروض الأسعار المطلوب اعتمادها.',
  },
  refusedSubject: { fr: 'Devis {{label}} refusé', en: 'Quote {{label}} declined', ar: 'تم رفض عرض السعر {{label}}' },
  refused: {
    fr: '{{client}} a refusé votre devis {{label}} « {{title}} ».',
    en: '{{client}} has declined your quote {{label}} “{{title}}”.',
    ar: 'رفض {{client}} عرض سعرك {{label}} «{{title}}».',
  },
  reason: { fr: 'Raison indiquée : {{reason}}', en: 'Reason given: {{reason}}', ar: 'السبب المذكور: {{reason}}' },
  refusedNext: { fr: 'Vous pouvez en proposer une nouvelle version.', en: 'You can offer a new version of it.', ar: 'يمكنك اقتراح نسخة جديدة منه.' },
  cancelledSubject: { fr: 'Devis {{label}} annulé', en: 'Quote {{label}} cancelled', ar: 'تم إلغاء عرض السعر {{label}}' },
  cancelled: {
    fr: '{{issuer}} a annulé le devis {{label}} « {{title}} ».',
    en: '{{issuer}} has cancelled the quote {{label}} “{{title}}”.',
    ar: 'ألغى {{issuer}} عرض السعر {{label}} «{{title}}».',
  },
  signedSubject: { fr: 'Devis {{label}} signé', en: 'Quote {{label}} signed', ar: 'تم توقيع عرض السعر {{label}}' },
  signed: {
    fr: '{{client}} a signé électroniquement votre devis {{label}} « {{title}} ».',
    en: '{{client}} has signed your quote {{label}} “{{title}}” electronically.',
    ar: 'وقّع {{client}} إلكترونيًا على عرض سعرك {{label}} «{{title}}».',
  },
  signedNext: {
    fr: 'Le devis signé, avec son certificat de signature, est joint à cet e-mail et reste disponible dans vos documents. Vous pouvez maintenant le valider en contrat.',
    en: 'The signed quote, with its signature certificate, is attached to this e-mail and stays in your documents. You can now validate it as a contract.',
    ar: 'عرض السعر الموقّع، مع شهادة توقيعه، مرفق بهذه الرسالة ويبقى متاحًا في مستنداتك. يمكنك الآن اعتماده كعقد.',
  },
} satisfies Record<string, Texts>;

const texts =
  (language: Language) =>
  (key: keyof typeof T, params: MailParams = {}) =>
    translate(T[key], language, params);
const quoteFacts = (q: QuoteRow) => ({ label: quoteVersionLabel(q.number, q.version), title: q.title });
/** The validity date as stored, shown in the language's format (« — » when none). */
const until = (q: QuoteRow) => (q.validUntil ? (q.validUntil as CalendarDate) : '—');

export function quoteSentMail(language: Language, q: QuoteRow, to: { name: string }, issuerName: string, url: string): MailContent {
  const t = texts(language);
  const facts = { ...quoteFacts(q), issuer: issuerName };
  return composeMail(
    t('sentSubject', facts),
    [FRAME[language].hello(to.name.trim()), t('sent', { ...facts, amount: q.totalTtcCents }), t('sentValidity', { untilDate: until(q) })],
    { label: t('open'), url },
    language,
  );
}

export function quoteAcceptedMail(language: Language, q: QuoteRow, clientName: string, url: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('acceptedSubject', quoteFacts(q)),
    [FRAME[language].hello(''), t('accepted', { ...quoteFacts(q), client: clientName, amount: q.acceptedTotalTtcCents ?? q.totalTtcCents }), t('acceptedNext')],
    { label: t('open'), url },
    language,
  );
}

export function quoteRefusedMail(language: Language, q: QuoteRow, clientName: string, reason: string, url: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('refusedSubject', quoteFacts(q)),
    [FRAME[language].hello(''), t('refused', { ...quoteFacts(q), client: clientName }), t('reason', { reason }), t('refusedNext')],
    { label: t('open'), url },
    language,
  );
}

export function quoteCancelledMail(language: Language, q: QuoteRow, to: { name: string }, issuerName: string, reason: string, url: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('cancelledSubject', quoteFacts(q)),
    [FRAME[language].hello(to.name.trim()), t('cancelled', { ...quoteFacts(q), issuer: issuerName }), t('reason', { reason })],
    { label: t('open'), url },
    language,
  );
}

export function quoteSignedMail(language: Language, q: QuoteRow, clientName: string, url: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('signedSubject', quoteFacts(q)),
    [FRAME[language].hello(''), t('signed', { ...quoteFacts(q), client: clientName }), t('signedNext')],
    { label: t('open'), url },
    language,
  );
}
