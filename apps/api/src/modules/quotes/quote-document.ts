import type { FastifyInstance } from 'fastify';
import { decideRoleAccess } from '@ouvrage/domain';
import { quoteLines } from '@ouvrage/contracts';
import { forbidden, notFound } from '../../lib/errors';
import type { DocumentKindResolver } from '../document-links';
import { getQuote } from './list-quotes';
import { quotePdf } from './quote-pdf';
import * as repo from './repository';

/**
 * The quote's PDF as a document the viewer opens through a signed link (decision 0610): a link
 * goes to whoever may read the PDF route itself (its row, its owners: issuer, client, admin; never
 * a client's draft); opening it renders the PDF as its issuer sees it, as the mail attachment does.
 */
export function quotePdfDocument(app: FastifyInstance): DocumentKindResolver {
  const { deps } = app;
  return {
    async authorize(caller, id) {
      if (decideRoleAccess(quoteLines.quotePdf.access, caller) !== 'allow') throw forbidden();
      await app.assertOwns('quote', id, caller);
      await getQuote(deps, caller, id);
    },
    async render(id) {
      const row = await repo.findQuote(deps.db, id);
      if (!row) throw notFound('Ce devis est introuvable.');
      return quotePdf(deps, id, { id: row.issuerId, user_type: 'architecte', is_validate: 'Validé' });
    },
  };
}
