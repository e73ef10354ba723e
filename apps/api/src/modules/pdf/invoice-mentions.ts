import { RECOVERY_FEE_CENTS } from '@ouvrage/domain';
import { euros, percent } from './french';

/**
 * The invoice's legal sentences (decision 0703), written once: the PDF prints them and the
 * Factur-X XML carries them as notes (decision 0710).
 */

/** The nature of the operation (reform of electronic invoicing, CGI art. 242 nonies A, I-18°): building works are services. */
export const OPERATION_NATURE = 'Nature de l’opération : prestation de services (travaux de bâtiment)';
export const TVA_ON_DEBITS_MENTION = 'Option pour le paiement de la taxe d’après les débits';
export const RECOVERY_FEE_MENTION = `Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : ${euros(RECOVERY_FEE_CENTS)} (art. L441-10 et D441-5 du code de commerce).`;
export const NO_DISCOUNT_MENTION = 'Escompte pour paiement anticipé : néant.';
export const VAT_FRANCHISE_MENTION = 'TVA non applicable, art. 293 B du CGI';

export const latePenaltyMention = (bp: number) => `Pénalités de retard : taux annuel de ${percent(bp)} appliqué aux sommes non réglées à l’échéance.`;

export const retentionMention = (bp: number) =>
  `Retenue de garantie de ${percent(bp)} (loi n° 71-584 du 16 juillet 1971), libérée un an après la réception des travaux sauf réserves non levées.`;
