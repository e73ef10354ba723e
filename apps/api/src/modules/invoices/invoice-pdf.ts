import type { FastifyInstance } from 'fastify';
import { decideRoleAccess, type Caller } from '@ouvrage/domain';
import { invoiceLines } from '@ouvrage/contracts';
import type { AppDeps } from '../../lib/deps';
import { forbidden, notFound } from '../../lib/errors';
import type { DocumentKindResolver } from '../document-links';
import { originalPdf } from '../originals';
import { renderInvoicePdf } from '../pdf';
import { invoiceDetail } from './invoice-views';
import * as repo from './repository';

export const invoicePdfName = (number: string) => `facture-${number}.pdf`;

/**
 * The invoice as issued (decision 1021): its frozen document, nothing paid nor credited yet (payments
 * and avoirs come after the issue, and an avoir is its own document), dated when it was issued.
 * Rendered once, into the stored original; never at a download.
 */
export async function renderIssuedInvoice(deps: AppDeps, id: number): Promise<Buffer> {
  const row = await repo.findInvoice(deps.db, id);
  if (!row) throw notFound('Cette facture est introuvable.');
  const asIssued = { ...row, paidCents: 0, creditedCents: 0, retentionReleasedOn: null };
  const invoice = invoiceDetail(deps, asIssued, [], { id: row.issuerId, user_type: 'architecte', is_validate: 'Validé' });
  return renderInvoicePdf({ invoice, generatedAt: row.issuedAt });
}

/** The invoice's stored original (the same bytes whoever asks and whenever: decision 1020). */
export async function invoicePdf(deps: AppDeps, id: number, _caller: Caller): Promise<{ bytes: Buffer; name: string; number: string }> {
  const row = await repo.findInvoice(deps.db, id);
  if (!row) throw notFound('Cette facture est introuvable.');
  return { bytes: await originalPdf(deps, 'invoice', id), name: invoicePdfName(row.number), number: row.number };
}

/** The invoice's PDF in the viewer through a signed link (decision 0610): for whoever may read the PDF route. */
export function invoicePdfDocument(app: FastifyInstance): DocumentKindResolver {
  const { deps } = app;
  return {
    async authorize(caller, id) {
      if (decideRoleAccess(invoiceLines.invoicePdf.access, caller) !== 'allow') throw forbidden();
      await app.assertOwns('invoice', id, caller);
    },
    async render(id) {
      const row = await repo.findInvoice(deps.db, id);
      if (!row) throw notFound('Cette facture est introuvable.');
      return invoicePdf(deps, id, { id: row.issuerId, user_type: 'architecte', is_validate: 'Validé' });
    },
  };
}
