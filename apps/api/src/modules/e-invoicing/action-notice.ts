import type { Executor } from '@ouvrage/db';
import type { AppDeps } from '../../lib/deps';
import { notify } from '../notifications';
import type { EInvoiceSubmissionRow } from './repository';

/** The reform's names of the statuses that stop an invoice (shown as the notification's status). */
const STATUS_NAMES: Record<number, string> = { 207: 'En litige', 210: 'Refusée', 213: 'Rejetée', 221: 'Erreur de routage' };

/** Lifecycle codes that put the invoice in « à traiter »: disputed, refused, rejected, routing error. */
export const ACTION_CODES = new Set([207, 210, 213, 221]);

/**
 * The issuer is told, in the transaction that records it, that an e-invoice awaits them: a refused
 * invoice is never edited, it is corrected by an avoir and a new invoice (decision 1212).
 */
export async function actionNeeded(tx: Executor, deps: AppDeps, sub: EInvoiceSubmissionRow, code?: number): Promise<void> {
  const status = code !== undefined ? `${code} ${STATUS_NAMES[code] ?? ''}`.trim() : 'envoi en échec';
  await notify(tx, deps, {
    userId: sub.issuerId,
    kind: 'e_invoice_action_needed',
    params: { number: sub.documentNumber, status },
    link: sub.invoiceId !== null ? `/facture/${sub.invoiceId}` : '/facturation-electronique/a-traiter',
  });
}
