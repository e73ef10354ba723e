import type { InvoiceDocument } from '@ouvrage/contracts';
import type { Language } from '@ouvrage/domain';
import { composeMail, FRAME, translate, type MailContent, type MailParams, type Texts } from '../mail';

const T = {
  issuedSubject: { fr: 'Facture {{number}} de {{issuer}}', en: 'Invoice {{number}} from {{issuer}}', ar: 'الفاتورة {{number}} من {{issuer}}' },
  issued: {
    fr: '{{issuer}} vous adresse la facture {{number}} — {{title}} — d’un montant de {{amount}} TTC.',
    en: '{{issuer}} sends you the invoice {{number}} — {{title}} — for {{amount}} incl. VAT.',
    ar: 'يرسل إليك {{issuer}} الفاتورة {{number}} — {{title}} — بمبلغ {{amount}} شاملًا الضريبة.',
  },
  issuedWithheld: {
    fr: '{{issuer}} vous adresse la facture {{number}} — {{title}} — d’un montant de {{amount}} TTC ({{dueAmount}} à régler, retenue de garantie déduite).',
    en: '{{issuer}} sends you the invoice {{number}} — {{title}} — for {{amount}} incl. VAT ({{dueAmount}} to pay, retention deducted).',
    ar: 'يرسل إليك {{issuer}} الفاتورة {{number}} — {{title}} — بمبلغ {{amount}} شاملًا الضريبة ({{dueAmount}} للدفع، بعد خصم ضمان الاحتجاز).',
  },
  issuedDue: {
    fr: 'Elle est à régler au plus tard le {{dueDate}}, par carte ou par virement depuis votre espace. Vous la trouverez en pièce jointe (PDF Factur-X).',
    en: 'It is to be paid by {{dueDate}} at the latest, by card or bank transfer from your area. You will find it attached (Factur-X PDF).',
    ar: 'يجب دفعها في موعد أقصاه {{dueDate}}، بالبطاقة أو بالتحويل البنكي من فضائك. تجدها مرفقة (ملف PDF بصيغة Factur-X).',
  },
  issuedAction: { fr: 'Voir et payer la facture', en: 'View and pay the invoice', ar: 'عرض الفاتورة ودفعها' },
} satisfies Record<string, Texts>;

const texts =
  (language: Language) =>
  (key: keyof typeof T, params: MailParams = {}) =>
    translate(T[key], language, params);

/** The kind of mail attachment an issued invoice's mail names: its Factur-X PDF, rendered when the mail goes out. */
export const INVOICE_PDF_ATTACHMENT = 'invoice-pdf';

/** To the client when an invoice is issued: what it is, how much, by when, with the PDF attached (decision 0706), in their language (decision 1031). */
export function invoiceIssuedMail(
  language: Language,
  invoice: { number: string; title: string; totalTtcCents: number; amountDueCents: number; dueDate: string },
  document: Pick<InvoiceDocument, 'client' | 'issuer'>,
  url: string,
): MailContent {
  const t = texts(language);
  const issuer = document.issuer.trade_name || document.issuer.name;
  const facts = { issuer, number: invoice.number, title: invoice.title, amount: invoice.totalTtcCents, dueAmount: invoice.amountDueCents };
  return composeMail(
    t('issuedSubject', facts),
    [
      FRAME[language].hello(document.client.name.trim()),
      t(invoice.amountDueCents < invoice.totalTtcCents ? 'issuedWithheld' : 'issued', facts),
      t('issuedDue', { dueDate: invoice.dueDate }),
    ],
    { label: t('issuedAction'), url },
    language,
  );
}
