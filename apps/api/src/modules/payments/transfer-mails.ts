import { formatCreditorReference, type CalendarDate, type Language } from '@ouvrage/domain';
import { composeMail, FRAME, translate, type MailContent, type MailParams, type Texts } from '../mail';

/** The mails of bank transfers (decision 0731), in the recipient's language (decision 1031). */

interface ConfirmedFacts {
  number: string;
  amountCents: number;
  receivedOn: CalendarDate;
  leftCents: number;
}

const T = {
  receivedSubject: { fr: 'Virement reçu — facture {{number}}', en: 'Transfer received — invoice {{number}}', ar: 'تم استلام التحويل — الفاتورة {{number}}' },
  receivedClient: {
    fr: 'Nous avons bien reçu votre virement de {{amount}} le {{receivedDate}} pour la facture {{number}}.',
    en: 'We received your transfer of {{amount}} on {{receivedDate}} for the invoice {{number}}.',
    ar: 'تلقينا تحويلك البالغ {{amount}} بتاريخ {{receivedDate}} عن الفاتورة {{number}}.',
  },
  paymentSubject: { fr: 'Paiement reçu — facture {{number}}', en: 'Payment received — invoice {{number}}', ar: 'تم استلام الدفعة — الفاتورة {{number}}' },
  receivedIssuer: {
    fr: 'Le virement de {{client}} de {{amount}} pour votre facture {{number}} a été reçu le {{receivedDate}}.',
    en: 'The transfer from {{client}} of {{amount}} for your invoice {{number}} was received on {{receivedDate}}.',
    ar: 'تم استلام تحويل {{client}} البالغ {{amount}} عن فاتورتك {{number}} بتاريخ {{receivedDate}}.',
  },
  left: {
    fr: 'Il reste {{leftAmount}} à régler sur cette facture.',
    en: '{{leftAmount}} is still to be paid on this invoice.',
    ar: 'لا يزال مبلغ {{leftAmount}} مستحقًا على هذه الفاتورة.',
  },
  paid: { fr: 'La facture est entièrement réglée.', en: 'The invoice is fully paid.', ar: 'تم تسديد الفاتورة بالكامل.' },
  openInvoice: { fr: 'Voir la facture', en: 'View the invoice', ar: 'عرض الفاتورة' },
  declaredSubject: { fr: 'Virement déclaré — facture {{number}}', en: 'Transfer declared — invoice {{number}}', ar: 'تحويل مُصرَّح به — الفاتورة {{number}}' },
  declared: {
    fr: '{{client}} déclare avoir effectué le {{declaredDate}} un virement de {{amount}} pour la facture {{number}} (référence {{reference}}).',
    en: '{{client}} declares having made a transfer of {{amount}} on {{declaredDate}} for the invoice {{number}} (reference {{reference}}).',
    ar: 'يصرّح {{client}} بأنه أجرى بتاريخ {{declaredDate}} تحويلًا بمبلغ {{amount}} عن الفاتورة {{number}} (المرجع {{reference}}).',
  },
  confirm: {
    fr: 'Confirmez sa réception une fois le virement arrivé sur le compte.',
    en: 'Confirm its receipt once the transfer has reached the account.',
    ar: 'أكّد استلامه بمجرد وصول التحويل إلى الحساب.',
  },
  toConfirm: { fr: 'Voir les virements à confirmer', en: 'View the transfers to confirm', ar: 'عرض التحويلات المطلوب تأكيدها' },
} satisfies Record<string, Texts>;

const texts =
  (language: Language) =>
  (key: keyof typeof T, params: MailParams = {}) =>
    translate(T[key], language, params);
const params = (f: ConfirmedFacts) => ({ number: f.number, amount: f.amountCents, receivedDate: f.receivedOn });
const leftSentence = (language: Language, f: ConfirmedFacts) =>
  f.leftCents > 0 ? texts(language)('left', { leftAmount: f.leftCents }) : texts(language)('paid');

export function transferConfirmedClientMail(language: Language, f: ConfirmedFacts, to: { name: string }, url: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('receivedSubject', params(f)),
    [FRAME[language].hello(to.name.trim()), t('receivedClient', params(f)), leftSentence(language, f)],
    { label: t('openInvoice'), url },
    language,
  );
}

export function transferConfirmedIssuerMail(language: Language, f: ConfirmedFacts, clientName: string, url: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('paymentSubject', params(f)),
    [FRAME[language].hello(''), t('receivedIssuer', { ...params(f), client: clientName }), leftSentence(language, f)],
    { label: t('openInvoice'), url },
    language,
  );
}

export function transferDeclaredAdminMail(
  language: Language,
  f: { number: string; amountCents: number; declaredOn: CalendarDate; reference: string },
  clientName: string,
  url: string,
): MailContent {
  const t = texts(language);
  return composeMail(
    t('declaredSubject', { number: f.number }),
    [
      FRAME[language].hello(''),
      t('declared', {
        client: clientName,
        declaredDate: f.declaredOn,
        amount: f.amountCents,
        number: f.number,
        reference: formatCreditorReference(f.reference),
      }),
      t('confirm'),
    ],
    { label: t('toConfirm'), url },
    language,
  );
}
