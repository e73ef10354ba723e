import type { Executor } from '@ouvrage/db';
import { DGD_ERRORS, refusal, type Refusal } from '@ouvrage/domain';
import * as repo from './repository';

/**
 * What a DGD closes (decision 1222), registered with the invoices and avenants modules: while one
 * is issued and awaits the client's answer, and once accepted, nothing is invoiced nor credited on
 * its quote and no avenant is sent or signed — the retenue's release is not an invoice and stays
 * possible. Read inside the caller's transaction, under the lock it holds (the quote's row for an
 * invoice or an avenant; the invoice's for an avoir, which the establishment also locks).
 */
export async function dgdInvoicingClosure(tx: Executor, quoteId: number): Promise<Refusal | null> {
  const open = await repo.openDgdOfQuote(tx, quoteId);
  if (!open) return null;
  if (open.status === 'Accepté') {
    return refusal(
      DGD_ERRORS.invoicingClosed,
      `Le décompte général définitif ${open.number} est accepté : le compte du marché est clos, plus aucune facture, aucun avoir ni aucun avenant sur ce devis (hors la libération de la retenue de garantie).`,
      { number: open.number },
    );
  }
  return refusal(
    DGD_ERRORS.awaitingAnswer,
    `Le décompte général définitif ${open.number} attend la réponse du client : ni facture, ni avoir, ni avenant sur ce devis d’ici là.`,
    { number: open.number },
  );
}
