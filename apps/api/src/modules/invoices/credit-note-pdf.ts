import type { Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { renderCreditNotePdf } from '../pdf';
import { creditNoteItem } from './invoice-views';
import { getInvoice } from './list-invoices';
import * as repo from './repository';

export const creditNotePdfName = (number: string) => `avoir-${number}.pdf`;

/**
 * `GET /api/facture/avoir/{id}/pdf` (decision 0710): the credit note as a Factur-X PDF (type 381).
 * The permission row's owner `credit-note` is the cancelled invoice's issuer and client.
 */
export async function creditNotePdf(deps: AppDeps, id: number, caller: Caller): Promise<{ bytes: Buffer; name: string }> {
  const row = await repo.findCreditNote(deps.db, id);
  if (!row) throw notFound('Cet avoir est introuvable.');
  const invoice = await getInvoice(deps, caller, row.invoiceId);
  const bytes = await renderCreditNotePdf({ invoice, note: creditNoteItem(row), issuedAt: row.issuedAt, generatedAt: deps.clock.now() });
  return { bytes, name: creditNotePdfName(row.number) };
}
