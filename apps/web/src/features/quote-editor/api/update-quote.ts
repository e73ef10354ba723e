import { quoteRoutes, type QuoteDetail, type UpdateQuoteBody } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

/** `PATCH api/update-devis/{id}`: the whole content with the revision it started from (409 when stale). */
export function updateQuote(id: number, body: UpdateQuoteBody): Promise<QuoteDetail> {
  return callEndpoint(quoteRoutes.updateQuote, { params: { id }, body });
}
