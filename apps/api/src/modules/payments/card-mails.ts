import type { Language } from '@ouvrage/domain';
import { composeMail, FRAME, translate, type MailContent, type MailParams, type Texts } from '../mail';

/** The mails of card payments (decision 0730), in the recipient's language (decision 1031): confirmed (client and issuer), failed (client). */

interface Facts {
  number: string;
  title: string;
  amountCents: number;
  leftCents: number;
}

const T = {
  receivedSubject: { fr: 'Paiement reçu — facture {{number}}', en: 'Payment received — invoice {{number}}', ar: 'تم استلام الدفعة — الفاتورة {{number}}' },
  receivedClient: {
    fr: 'Nous avons bien reçu votre paiement par carte de {{amount}} pour la facture {{number}} « {{title}} ».',
    en: 'We have received your card payment of {{amount}} for the invoice {{number}} “{{title}}”.',
    ar: 'تلقينا دفعتك بالبطاقة البالغة {{amount}} عن الفاتورة {{number}} «{{title}}».',
  },
  receivedIssuer: {
    fr: '{{client}} a payé {{amount}} par carte sur votre facture {{number}} « {{title}} ».',
    en: '{{client}} has paid {{amount}} by card on your invoice {{number}} “{{title}}”.',
    ar: 'دفع {{client}} مبلغ {{amount}} بالبطاقة عن فاتورتك {{number}} «{{title}}».',
  },
  left: {
    fr: 'Il reste {{leftAmount}} à payer sur cette facture.',
    en: '{{leftAmount}} is still to be paid on this invoice.',
    ar: 'لا يزال مبلغ {{leftAmount}} مستحقًا على هذه الفاتورة.',
  },
  paid: { fr: 'La facture est entièrement payée.', en: 'The invoice is fully paid.', ar: 'تم دفع الفاتورة بالكامل.' },
  myPayments: { fr: 'Voir mes paiements', en: 'View my payments', ar: 'عرض مدفوعاتي' },
  openInvoice: { fr: 'Voir la facture', en: 'View the invoice', ar: 'عرض الفاتورة' },
  declined: { fr: 'la carte a été refusée', en: 'the card was declined', ar: 'تم رفض البطاقة' },
  bankFailed: { fr: 'la banque n’a pas confirmé le paiement', en: 'the bank did not confirm the payment', ar: 'لم يؤكد البنك الدفع' },
  refused: { fr: 'il a été refusé', en: 'it was refused', ar: 'تم رفضه' },
  failedSubject: {
    fr: 'Paiement non abouti — facture {{number}}',
    en: 'Payment not completed — invoice {{number}}',
    ar: 'لم تكتمل الدفعة — الفاتورة {{number}}',
  },
  failed: {
    fr: 'Votre paiement par carte de {{amount}} pour la facture {{number}} « {{title}} » n’a pas abouti : {{reason}}. Aucun montant n’a été prélevé.',
    en: 'Your card payment of {{amount}} for the invoice {{number}} “{{title}}” did not go through: {{reason}}. Nothing was taken.',
    ar: 'لم تكتمل دفعتك بالبطاقة البالغة {{amount}} عن الفاتورة {{number}} «{{title}}»: {{reason}}. لم يُقتطع أي مبلغ.',
  },
  retry: {
    fr: 'Vous pouvez réessayer avec la même carte ou une autre.',
    en: 'You can try again with the same card or another one.',
    ar: 'يمكنك إعادة المحاولة بالبطاقة نفسها أو بأخرى.',
  },
  pay: { fr: 'Payer la facture', en: 'Pay the invoice', ar: 'دفع الفاتورة' },
  notAppliedSubject: {
    fr: 'Paiement à rembourser — facture {{number}}',
    en: 'Payment to be refunded — invoice {{number}}',
    ar: 'دفعة مستحقة الاسترداد — الفاتورة {{number}}',
  },
  cancelled: { fr: 'la facture a été annulée', en: 'the invoice has been cancelled', ar: 'أُلغيت الفاتورة' },
  overpaid: {
    fr: 'il dépasse ce qui restait à payer (un autre paiement est arrivé entre-temps)',
    en: 'it exceeds what was left to pay (another payment arrived meanwhile)',
    ar: 'يتجاوز ما تبقى للدفع (وصلت دفعة أخرى في الأثناء)',
  },
  notApplied: {
    fr: 'Votre paiement par carte de {{amount}} pour la facture {{number}} « {{title}} » n’a pas pu lui être affecté : {{reason}}.',
    en: 'Your card payment of {{amount}} for the invoice {{number}} “{{title}}” could not be applied to it: {{reason}}.',
    ar: 'تعذّر تخصيص دفعتك بالبطاقة البالغة {{amount}} للفاتورة {{number}} «{{title}}»: {{reason}}.',
  },
  refund: {
    fr: 'Il vous sera remboursé sur la carte utilisée ; l’équipe Ouvrage revient vers vous si besoin.',
    en: 'It will be refunded to the card used; the Ouvrage team will get back to you if needed.',
    ar: 'سيُعاد المبلغ إلى البطاقة المستخدمة، وسيتواصل معك فريق Ouvrage عند الحاجة.',
  },
} satisfies Record<string, Texts>;

const texts =
  (language: Language) =>
  (key: keyof typeof T, params: MailParams = {}) =>
    translate(T[key], language, params);
const params = (f: Facts) => ({ number: f.number, title: f.title, amount: f.amountCents });
const left = (language: Language, f: Facts) => (f.leftCents > 0 ? texts(language)('left', { leftAmount: f.leftCents }) : texts(language)('paid'));

export function paymentReceivedClientMail(language: Language, f: Facts, clientName: string, url: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('receivedSubject', params(f)),
    [FRAME[language].hello(clientName.trim()), t('receivedClient', params(f)), left(language, f)],
    { label: t('myPayments'), url },
    language,
  );
}

export function paymentReceivedIssuerMail(language: Language, f: Facts, issuerName: string, clientName: string, url: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('receivedSubject', params(f)),
    [FRAME[language].hello(issuerName.trim()), t('receivedIssuer', { ...params(f), client: clientName }), left(language, f)],
    { label: t('openInvoice'), url },
    language,
  );
}

const REASONS: Record<string, keyof typeof T> = { card_declined: 'declined', async_failed: 'bankFailed' };

/** The card was declined or the bank said no: nothing was taken, the client may try again. */
export function paymentFailedMail(language: Language, f: Facts, clientName: string, reason: string, payUrl: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('failedSubject', params(f)),
    [FRAME[language].hello(clientName.trim()), t('failed', { ...params(f), reason: t(REASONS[reason] ?? 'refused') }), t('retry')],
    { label: t('pay'), url: payUrl },
    language,
  );
}

/** Money received for an invoice that no longer expected it (paid meanwhile, or cancelled): to be refunded. */
export function paymentNotAppliedMail(language: Language, f: Facts, clientName: string, cancelled: boolean, url: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('notAppliedSubject', params(f)),
    [FRAME[language].hello(clientName.trim()), t('notApplied', { ...params(f), reason: t(cancelled ? 'cancelled' : 'overpaid') }), t('refund')],
    { label: t('myPayments'), url },
    language,
  );
}
