import type { InvoiceDocument } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import { amountLeftToPay, refundOwedCents, type Language } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { composeMail, FRAME, translate, type MailContent, type Texts } from '../mail';
import { notify, settleNotifications } from '../notifications';
import type { CreditNoteRow, InvoiceRow } from './repository';

/** The kind of mail attachment a credit note's mail names: its Factur-X PDF (type 381), resolved when the mail goes out. */
export const CREDIT_NOTE_PDF_ATTACHMENT = 'credit-note-pdf';

const T = {
  subject: {
    fr: 'Avoir {{note}} sur la facture {{number}}',
    en: 'Credit note {{note}} on invoice {{number}}',
    ar: 'إشعار دائن {{note}} على الفاتورة {{number}}',
  },
  issued: {
    fr: 'Un avoir {{note}} de {{amount}} TTC est émis sur la facture {{number}} — {{title}}. Motif : {{reason}}',
    en: 'A credit note {{note}} of {{amount}} incl. VAT is issued on the invoice {{number}} — {{title}}. Reason: {{reason}}',
    ar: 'صدر إشعار دائن {{note}} بمبلغ {{amount}} شاملًا الضريبة على الفاتورة {{number}} — {{title}}. السبب: {{reason}}',
  },
  left: {
    fr: 'Il reste {{leftAmount}} à régler sur la facture {{number}}. Vous trouverez l’avoir en pièce jointe (PDF Factur-X).',
    en: '{{leftAmount}} is still to be paid on the invoice {{number}}. You will find the credit note attached (Factur-X PDF).',
    ar: 'لا يزال مبلغ {{leftAmount}} مستحقًا على الفاتورة {{number}}. تجد الإشعار الدائن مرفقًا (ملف PDF بصيغة Factur-X).',
  },
  refund: {
    fr: 'Vous aviez déjà réglé cette facture : {{refundAmount}} vous seront remboursés par votre professionnel. Vous trouverez l’avoir en pièce jointe (PDF Factur-X).',
    en: 'You had already paid this invoice: {{refundAmount}} will be refunded to you by your professional. You will find the credit note attached (Factur-X PDF).',
    ar: 'سبق أن دفعت هذه الفاتورة: سيعيد إليك المهني مبلغ {{refundAmount}}. تجد الإشعار الدائن مرفقًا (ملف PDF بصيغة Factur-X).',
  },
  nothing: {
    fr: 'Il n’y a plus rien à régler sur la facture {{number}}. Vous trouverez l’avoir en pièce jointe (PDF Factur-X).',
    en: 'Nothing is left to pay on the invoice {{number}}. You will find the credit note attached (Factur-X PDF).',
    ar: 'لم يعد هناك ما يُدفع على الفاتورة {{number}}. تجد الإشعار الدائن مرفقًا (ملف PDF بصيغة Factur-X).',
  },
  open: { fr: 'Voir la facture', en: 'View the invoice', ar: 'عرض الفاتورة' },
} satisfies Record<string, Texts>;

/** To the client when a credit note is issued on their invoice (decision 1061), in their language (decision 1031): the avoir, its amount, what the invoice asks now (still to pay, nothing, or a refund owed, decision 1062), the PDF attached. */
export function creditNoteIssuedMail(language: Language, invoice: InvoiceRow, note: CreditNoteRow, clientName: string, url: string): MailContent {
  const left = amountLeftToPay(invoice);
  const owed = refundOwedCents(invoice);
  const params = {
    note: note.number,
    number: invoice.number,
    title: invoice.title,
    amount: note.totalTtcCents,
    reason: note.reason,
    leftAmount: left,
    refundAmount: owed,
  };
  const t = (key: keyof typeof T) => translate(T[key], language, params);
  return composeMail(
    t('subject'),
    [FRAME[language].hello(clientName.trim()), t('issued'), t(left > 0 ? 'left' : owed > 0 ? 'refund' : 'nothing')],
    { label: t('open'), url },
    language,
  );
}

/**
 * Tell the client of a credit note (decision 1061), in the credit note's transaction: the
 * invoice's earlier « à régler » notifications (issued, due, overdue) are marked read — they no
 * longer say what is owed — and a `credit_note_issued` notification with its mail and the
 * avoir's PDF takes their place.
 */
export async function tellCreditNote(tx: Executor, deps: AppDeps, invoice: InvoiceRow, note: CreditNoteRow): Promise<void> {
  const link = `/facture/${invoice.id}`;
  const clientName = (invoice.document as unknown as InvoiceDocument).client?.name ?? '';
  await settleNotifications(tx, { userId: invoice.clientId, kinds: ['invoice_issued', 'invoice_due', 'invoice_overdue'], link, at: deps.clock.now() });
  await notify(tx, deps, {
    userId: invoice.clientId,
    kind: 'credit_note_issued',
    params: { number: note.number, invoice: invoice.number, amount: note.totalTtcCents },
    link,
    localizedMail: (language) => creditNoteIssuedMail(language, invoice, note, clientName, `${deps.config.publicUrl}${link}`),
    attachments: [{ kind: CREDIT_NOTE_PDF_ATTACHMENT, ref: String(note.id) }],
  });
}
