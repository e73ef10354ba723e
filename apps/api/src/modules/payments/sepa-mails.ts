import type { Language } from '@ouvrage/domain';
import { composeMail, FRAME, translate, type MailContent, type MailParams, type Texts } from '../mail';

/**
 * The mails of SEPA direct debit (decision 1223), in the recipient's language: the pre-notification
 * the rulebook requires before each debit (amount, date, mandate reference, creditor), a debit
 * received, a debit rejected (both sides: the invoice is due again), a mandate revoked.
 */

export interface DebitFacts {
  number: string;
  title: string;
  amountCents: number;
}

export interface MandateFacts {
  reference: string;
  ibanLast4: string;
  creditorName: string;
  creditorId: string;
}

const T = {
  announcedSubject: {
    fr: 'Prélèvement SEPA le {{date}} — facture {{number}}',
    en: 'SEPA direct debit on {{date}} — invoice {{number}}',
    ar: 'اقتطاع SEPA بتاريخ {{date}} — الفاتورة {{number}}',
  },
  announced: {
    fr: 'Au titre du mandat de prélèvement SEPA {{reference}} que vous avez accepté, la facture {{number}} « {{title}} » sera prélevée de {{amount}} le {{date}} sur votre compte se terminant par {{last4}}.',
    en: 'Under the SEPA direct debit mandate {{reference}} you accepted, the invoice {{number}} “{{title}}” will be debited {{amount}} on {{date}} from your account ending in {{last4}}.',
    ar: 'بموجب تفويض الاقتطاع SEPA رقم {{reference}} الذي قبلته، سيُقتطع مبلغ {{amount}} للفاتورة {{number}} «{{title}}» بتاريخ {{date}} من حسابك المنتهي بـ {{last4}}.',
  },
  creditor: {
    fr: 'Créancier : {{creditor}}, identifiant créancier SEPA {{creditorId}}.',
    en: 'Creditor: {{creditor}}, SEPA creditor identifier {{creditorId}}.',
    ar: 'الدائن: {{creditor}}، معرّف الدائن SEPA ‏{{creditorId}}.',
  },
  announcedChoice: {
    fr: 'Vous pouvez encore payer cette facture autrement avant cette date : le prélèvement n’aura alors pas lieu. Après un prélèvement, votre banque vous permet d’en demander le remboursement pendant huit semaines.',
    en: 'You may still pay this invoice another way before that date: the debit will then not take place. After a debit, your bank lets you ask for a refund for eight weeks.',
    ar: 'لا يزال بإمكانك دفع هذه الفاتورة بطريقة أخرى قبل هذا التاريخ، وعندها لن يتم الاقتطاع. بعد الاقتطاع، يتيح لك بنكك طلب استرداده خلال ثمانية أسابيع.',
  },
  openInvoice: { fr: 'Voir la facture', en: 'View the invoice', ar: 'عرض الفاتورة' },
  receivedSubject: {
    fr: 'Prélèvement reçu — facture {{number}}',
    en: 'Direct debit received — invoice {{number}}',
    ar: 'تم استلام الاقتطاع — الفاتورة {{number}}',
  },
  receivedClient: {
    fr: 'Le prélèvement SEPA de {{amount}} pour la facture {{number}} « {{title}} » est bien arrivé.',
    en: 'The SEPA direct debit of {{amount}} for the invoice {{number}} “{{title}}” has been received.',
    ar: 'وصل اقتطاع SEPA البالغ {{amount}} عن الفاتورة {{number}} «{{title}}».',
  },
  receivedIssuer: {
    fr: 'Le prélèvement SEPA de {{amount}} de {{client}} sur votre facture {{number}} « {{title}} » est arrivé.',
    en: 'The SEPA direct debit of {{amount}} from {{client}} on your invoice {{number}} “{{title}}” has been received.',
    ar: 'وصل اقتطاع SEPA البالغ {{amount}} من {{client}} عن فاتورتك {{number}} «{{title}}».',
  },
  rejectedSubject: {
    fr: 'Prélèvement rejeté — facture {{number}}',
    en: 'Direct debit rejected — invoice {{number}}',
    ar: 'رُفض الاقتطاع — الفاتورة {{number}}',
  },
  rejectedClient: {
    fr: 'Le prélèvement SEPA de {{amount}} pour la facture {{number}} « {{title}} » a été rejeté par votre banque : {{reason}}. La facture est de nouveau à payer.',
    en: 'The SEPA direct debit of {{amount}} for the invoice {{number}} “{{title}}” was rejected by your bank: {{reason}}. The invoice is due again.',
    ar: 'رفض بنكك اقتطاع SEPA البالغ {{amount}} عن الفاتورة {{number}} «{{title}}»: {{reason}}. أصبحت الفاتورة مستحقة الدفع من جديد.',
  },
  rejectedIssuer: {
    fr: 'Le prélèvement SEPA de {{amount}} de {{client}} sur votre facture {{number}} « {{title}} » a été rejeté : {{reason}}. La facture est de nouveau à payer ; votre client en est informé.',
    en: 'The SEPA direct debit of {{amount}} from {{client}} on your invoice {{number}} “{{title}}” was rejected: {{reason}}. The invoice is due again; your client has been told.',
    ar: 'رُفض اقتطاع SEPA البالغ {{amount}} من {{client}} عن فاتورتك {{number}} «{{title}}»: {{reason}}. أصبحت الفاتورة مستحقة الدفع من جديد، وقد أُبلغ عميلك بذلك.',
  },
  insufficient_funds: { fr: 'provision insuffisante', en: 'insufficient funds', ar: 'رصيد غير كافٍ' },
  mandate_revoked: { fr: 'le mandat a été révoqué', en: 'the mandate was revoked', ar: 'أُلغي التفويض' },
  debit_failed: { fr: 'la banque a refusé le prélèvement', en: 'the bank refused the debit', ar: 'رفض البنك الاقتطاع' },
  pay: { fr: 'Payer la facture', en: 'Pay the invoice', ar: 'دفع الفاتورة' },
  revokedSubject: {
    fr: 'Mandat de prélèvement révoqué — {{reference}}',
    en: 'Direct debit mandate revoked — {{reference}}',
    ar: 'أُلغي تفويض الاقتطاع — {{reference}}',
  },
  revoked: {
    fr: 'Le mandat de prélèvement SEPA {{reference}} (compte se terminant par {{last4}}) est révoqué : les prochaines factures de ce contrat ne seront pas prélevées, elles se paient par carte ou par virement.',
    en: 'The SEPA direct debit mandate {{reference}} (account ending in {{last4}}) is revoked: this contract’s next invoices will not be debited; they are paid by card or by transfer.',
    ar: 'أُلغي تفويض الاقتطاع SEPA رقم {{reference}} (الحساب المنتهي بـ {{last4}}): لن تُقتطع فواتير هذا العقد التالية، بل تُدفع بالبطاقة أو بالتحويل.',
  },
} satisfies Record<string, Texts>;

const texts =
  (language: Language) =>
  (key: keyof typeof T, params: MailParams = {}) =>
    translate(T[key], language, params);
const params = (f: DebitFacts) => ({ number: f.number, title: f.title, amount: f.amountCents });

/** The pre-notification: what will be debited, when, under which mandate, by which creditor. */
export function debitAnnouncedMail(language: Language, f: DebitFacts, m: MandateFacts, debitDate: string, clientName: string, url: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('announcedSubject', { ...params(f), date: debitDate }),
    [
      FRAME[language].hello(clientName.trim()),
      t('announced', { ...params(f), date: debitDate, reference: m.reference, last4: m.ibanLast4 }),
      t('creditor', { creditor: m.creditorName, creditorId: m.creditorId }),
      t('announcedChoice'),
    ],
    { label: t('openInvoice'), url },
    language,
  );
}

export function debitReceivedClientMail(language: Language, f: DebitFacts, clientName: string, url: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('receivedSubject', params(f)),
    [FRAME[language].hello(clientName.trim()), t('receivedClient', params(f))],
    { label: t('openInvoice'), url },
    language,
  );
}

export function debitReceivedIssuerMail(language: Language, f: DebitFacts, issuerName: string, clientName: string, url: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('receivedSubject', params(f)),
    [FRAME[language].hello(issuerName.trim()), t('receivedIssuer', { ...params(f), client: clientName })],
    { label: t('openInvoice'), url },
    language,
  );
}

type Reason = 'insufficient_funds' | 'mandate_revoked' | 'debit_failed';

export function debitRejectedClientMail(language: Language, f: DebitFacts, reason: Reason, clientName: string, payUrl: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('rejectedSubject', params(f)),
    [FRAME[language].hello(clientName.trim()), t('rejectedClient', { ...params(f), reason: t(reason) })],
    { label: t('pay'), url: payUrl },
    language,
  );
}

export function debitRejectedIssuerMail(language: Language, f: DebitFacts, reason: Reason, issuerName: string, clientName: string, url: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('rejectedSubject', params(f)),
    [FRAME[language].hello(issuerName.trim()), t('rejectedIssuer', { ...params(f), reason: t(reason), client: clientName })],
    { label: t('openInvoice'), url },
    language,
  );
}

export function mandateRevokedMail(language: Language, m: Pick<MandateFacts, 'reference' | 'ibanLast4'>, name: string, url: string): MailContent {
  const t = texts(language);
  return composeMail(
    t('revokedSubject', { reference: m.reference }),
    [FRAME[language].hello(name.trim()), t('revoked', { reference: m.reference, last4: m.ibanLast4 })],
    { label: t('openInvoice'), url },
    language,
  );
}
