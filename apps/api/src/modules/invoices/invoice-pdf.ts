import type { FastifyInstance } from 'fastify';
import { decideRoleAccess, routePermissions, type Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden, notFound } from '../../lib/errors';
import type { DocumentKindResolver } from '../document-links';
import { renderInvoicePdf } from '../pdf';
import { getInvoice } from './list-invoices';
import * as repo from './repository';

export const invoicePdfName = (number: string) => `facture-${number}.pdf`;

/** The invoice as its issuer sees it, as a PDF (the same bytes whoever asks: nothing on it depends on the reader). */
export async function invoicePdf(deps: AppDeps, id: number, caller: Caller): Promise<{ bytes: Buffer; name: string }> {
  const invoice = await getInvoice(deps, caller, id);
  return { bytes: await renderInvoicePdf({ invoice, generatedAt: deps.clock.now() }), name: invoicePdfName(invoice.number) };
}

/** The invoice's PDF in the viewer through a signed link (decision 0610): for whoever may read the PDF route. */
export function invoicePdfDocument(app: FastifyInstance): DocumentKindResolver {
  const { deps } = app;
  return {
    async authorize(caller, id) {
      if (decideRoleAccess(routePermissions['GET /api/facture/{id}/pdf'], caller) !== 'allow') throw forbidden();
      await app.assertOwns('invoice', id, caller);
    },
    async render(id) {
      const row = await repo.findInvoice(deps.db, id);
      if (!row) throw notFound('Cette facture est introuvable.');
      return invoicePdf(deps, id, { id: row.issuerId, user_type: 'architecte', is_validate: 'Validé' });
    },
  };
}
