import { quoteRoutes, type CreateQuoteBody, type QuoteDetail } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

/** `POST api/devis`: the first save of a new quote creates it (a draft, without a number). */
export function createQuote(body: CreateQuoteBody): Promise<QuoteDetail> {
  return callEndpoint(quoteRoutes.createQuote, { body });
}
