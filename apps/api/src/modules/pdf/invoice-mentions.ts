import type { InvoiceDocument } from '@ouvrage/contracts';
import { mentionMarker, RECOVERY_FEE_CENTS, servicePeriodSentence } from '@ouvrage/domain';
import { day, euros, percent } from './french';

/**
 * The invoice's legal sentences (decision 0703), written once: the PDF prints them and the
 * Factur-X XML carries them as notes (decision 0710).
 */

/** The nature of the operation (reform of electronic invoicing, CGI art. 242 nonies A, I-18°): building works are services. */
export const OPERATION_NATURE = 'Nature de l’opération : prestation de services (travaux de bâtiment)';
export const TVA_ON_DEBITS_MENTION = 'Option pour le paiement de la taxe d’après les débits';
export const RECOVERY_FEE_MENTION = `${mentionMarker('facture.recovery_fee')} en cas de retard de paiement : ${euros(RECOVERY_FEE_CENTS)} (art. L441-10 et D441-5 du code de commerce).`;
export const NO_DISCOUNT_MENTION = 'Escompte pour paiement anticipé : néant.';
export const VAT_FRANCHISE_MENTION = 'TVA non applicable, art. 293 B du CGI';

/**
 * The late-payment sentence (decision 1051). A business client's says where its rate comes from
 * (C. com. L441-10): the ECB rate of the half-year + 10 points, or an agreed rate of at least
 * 3 × the legal interest rate. Invoices issued before carry no basis: the plain sentence.
 */
export function latePenaltyMention(bp: number, basis?: InvoiceDocument['late_penalty_basis']): string {
  const label = mentionMarker('facture.late_penalties');
  const law = mentionMarker('facture.late_rate_business');
  if (basis?.basis === 'ecb') {
    return `${label} : taux annuel de ${percent(bp)} (taux de refinancement de la BCE de ${percent(basis.ecb_rate_bp)} au ${day(basis.half_year_start)}, majoré de 10 points, ${law}), exigible dès le lendemain de l’échéance sans rappel.`;
  }
  if (basis?.basis === 'agreed') {
    return `${label} : taux annuel de ${percent(bp)} (au moins trois fois le taux de l’intérêt légal, ${law}), exigible dès le lendemain de l’échéance sans rappel.`;
  }
  return `${label} : taux annuel de ${percent(bp)} appliqué aux sommes non réglées à l’échéance.`;
}

/** « Date ou période de la prestation : du … au … » (decision 1050); a deposit without one: works to come. */
export const servicePeriodMention = (period: InvoiceDocument['service_period']) => servicePeriodSentence(period);

export const retentionMention = (bp: number) =>
  `Retenue de garantie de ${percent(bp)} (loi n° 71-584 du 16 juillet 1971), libérée un an après la réception des travaux sauf réserves non levées.`;

/**
 * « Justificatifs : journal de chantier, entrées n° 3 du 12/11/2026, n° 5 du 14/11/2026 » (decision
 * 1232): the entries the invoice cites, frozen in its document; null when it cites none.
 */
export function justificationMention(entries: InvoiceDocument['justifications']): string | null {
  if (!entries?.length) return null;
  const list = entries.map((e) => `n° ${e.number} du ${day(e.work_date)}`).join(', ');
  return `Justificatifs : journal de chantier, ${entries.length > 1 ? 'entrées' : 'entrée'} ${list}.`;
}
