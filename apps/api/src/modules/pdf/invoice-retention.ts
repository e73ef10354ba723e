import type { InvoiceDetail } from '@ouvrage/contracts';
import { day, euros, percent } from './french';

/**
 * What an invoice with a retenue de garantie says, in the PDF and in the Factur-X XML alike
 * (decision 1012). The retenue is part of the TTC the client owes: it is not a payment and not a
 * cut in the TVA base, so the amount due (BT-115, the PDF's « Net à payer ») stays TTC − payments
 * received (BR-CO-16), and the sentence says how much of it is withheld until the release and
 * how much is payable at the due date. Every figure is one the invoice stores; none is computed here
 * but the amount due, which is the XML's own rule.
 */

type RetentionFacts = Pick<InvoiceDetail, 'totals' | 'paid_cents' | 'retention_bp' | 'retention_cents' | 'left_to_pay_cents' | 'due_date'>;

/** BT-115 and the PDF's « Net à payer »: the TTC less the payments received (BR-CO-16). */
export const netPayableCents = (invoice: Pick<InvoiceDetail, 'totals' | 'paid_cents'>): number => invoice.totals.total_ttc_cents - invoice.paid_cents;

/** « dont retenue de garantie de 5 % (loi n° 71-584 du 16 juillet 1971) » */
export const retentionLabel = (bp: number) => `dont retenue de garantie de ${percent(bp)} (loi n° 71-584 du 16 juillet 1971)`;

/** « Montant payable à l’échéance du 23/12/2026 » */
export const payableAtDueDateLabel = (dueDate: string) => `Montant payable à l’échéance du ${day(dueDate)}`;

/** The payment terms' and the note's sentence, or null when nothing is withheld. */
export function retentionTerms(invoice: RetentionFacts): string | null {
  if (invoice.retention_cents <= 0) return null;
  return (
    `Net à payer : ${euros(netPayableCents(invoice))}, ${retentionLabel(invoice.retention_bp)} : ${euros(invoice.retention_cents)}, ` +
    `payable à sa libération, un an après la réception des travaux sauf réserves non levées ; ` +
    `${payableAtDueDateLabel(invoice.due_date).replace(/^M/, 'm')} : ${euros(invoice.left_to_pay_cents)}.`
  );
}
