import type { Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { originalPdf } from '../originals';
import { renderCreditNotePdf } from '../pdf';
import { creditNoteItem, invoiceDetail } from './invoice-views';
import * as repo from './repository';

export const creditNotePdfName = (number: string) => `avoir-${number}.pdf`;

const creditNoteNotFound = () => notFound('Cet avoir est introuvable.');

/**
 * The credit note as issued (decision 1021): the cancelled invoice's frozen facts as that invoice
 * was issued (what was paid or credited since is not the avoir's content), dated when it was issued.
 * Rendered once, into the stored original.
 */
export async function renderIssuedCreditNote(deps: AppDeps, id: number): Promise<Buffer> {
  const row = await repo.findCreditNote(deps.db, id);
  if (!row) throw creditNoteNotFound();
  const invoiceRow = await repo.findInvoice(deps.db, row.invoiceId);
  if (!invoiceRow) throw notFound('Cette facture est introuvable.');
  const asIssued = { ...invoiceRow, paidCents: 0, creditedCents: 0, retentionReleasedOn: null };
  const invoice = invoiceDetail(deps, asIssued, [], { id: invoiceRow.issuerId, user_type: 'architecte', is_validate: 'Validé' });
  return renderCreditNotePdf({ invoice, note: creditNoteItem(row), issuedAt: row.issuedAt, generatedAt: row.issuedAt });
}

/**
 * `GET /api/facture/avoir/{id}/pdf` (decision 0710): the credit note's stored original, a Factur-X
 * PDF (type 381). The permission row's owner `credit-note` is the cancelled invoice's issuer and client.
 */
export async function creditNotePdf(deps: AppDeps, id: number, _caller: Caller): Promise<{ bytes: Buffer; name: string }> {
  const row = await repo.findCreditNote(deps.db, id);
  if (!row) throw creditNoteNotFound();
  return { bytes: await originalPdf(deps, 'credit-note', id), name: creditNotePdfName(row.number) };
}
