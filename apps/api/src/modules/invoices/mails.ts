import type { InvoiceDocument } from '@ouvrage/contracts';
import { formatCalendarDate, formatEuros, type CalendarDate } from '@ouvrage/domain';
import { composeMail, type MailContent } from '../mail';

/** The kind of mail attachment an issued invoice's mail names: its Factur-X PDF, rendered when the mail goes out. */
export const INVOICE_PDF_ATTACHMENT = 'invoice-pdf';

/** To the client when an invoice is issued: what it is, how much, by when, with the PDF attached (decision 0706). */
export function invoiceIssuedMail(
  invoice: { number: string; title: string; totalTtcCents: number; amountDueCents: number; dueDate: string },
  document: Pick<InvoiceDocument, 'client' | 'issuer'>,
  url: string,
): MailContent {
  const issuerName = document.issuer.trade_name || document.issuer.name;
  const name = document.client.name.trim();
  const withheld = invoice.amountDueCents < invoice.totalTtcCents ? ` (${formatEuros(invoice.amountDueCents)} à régler, retenue de garantie déduite)` : '';
  return composeMail(
    `Facture ${invoice.number} de ${issuerName}`,
    [
      name ? `Bonjour ${name},` : 'Bonjour,',
      `${issuerName} vous adresse la facture ${invoice.number} — ${invoice.title} — d’un montant de ${formatEuros(invoice.totalTtcCents)} TTC${withheld}.`,
      `Elle est à régler au plus tard le ${formatCalendarDate(invoice.dueDate as CalendarDate)}, par carte ou par virement depuis votre espace. Vous la trouverez en pièce jointe (PDF Factur-X).`,
    ],
    { label: 'Voir et payer la facture', url },
  );
}
