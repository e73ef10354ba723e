import type { InvoiceDocument } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import { amountLeftToPay, formatEuros, refundOwedCents } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { composeMail, type MailContent } from '../mail';
import { notify, settleNotifications } from '../notifications';
import type { CreditNoteRow, InvoiceRow } from './repository';

/** The kind of mail attachment a credit note's mail names: its Factur-X PDF (type 381), resolved when the mail goes out. */
export const CREDIT_NOTE_PDF_ATTACHMENT = 'credit-note-pdf';

/** What the invoice asks after the credit note: still to pay, nothing, or a refund owed (decision 1062). */
function afterCredit(invoice: InvoiceRow): string {
  const left = amountLeftToPay(invoice);
  if (left > 0) return `Il reste ${formatEuros(left)} à régler sur la facture ${invoice.number}.`;
  const owed = refundOwedCents(invoice);
  if (owed > 0) return `Vous aviez déjà réglé cette facture : ${formatEuros(owed)} vous seront remboursés par votre professionnel.`;
  return `Il n’y a plus rien à régler sur la facture ${invoice.number}.`;
}

/** To the client when a credit note is issued on their invoice (decision 1061): the avoir, its amount, what the invoice asks now, the PDF attached. */
export function creditNoteIssuedMail(invoice: InvoiceRow, note: CreditNoteRow, clientName: string, url: string): MailContent {
  const name = clientName.trim();
  return composeMail(
    `Avoir ${note.number} sur la facture ${invoice.number}`,
    [
      name ? `Bonjour ${name},` : 'Bonjour,',
      `Un avoir ${note.number} de ${formatEuros(note.totalTtcCents)} TTC est émis sur la facture ${invoice.number} — ${invoice.title}. Motif : ${note.reason}`,
      `${afterCredit(invoice)} Vous trouverez l’avoir en pièce jointe (PDF Factur-X).`,
    ],
    { label: 'Voir la facture', url },
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
    frenchMail: creditNoteIssuedMail(invoice, note, clientName, `${deps.config.publicUrl}${link}`),
    attachments: [{ kind: CREDIT_NOTE_PDF_ATTACHMENT, ref: String(note.id) }],
  });
}
