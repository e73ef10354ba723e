import { quoteRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { quoteKeys } from './keys';

/** `GET api/devis/validation-architecte`: accepted or signed quotes waiting for the architect's validation. */
export function validationListQuery(filters: { page: number; per_page: number }) {
  return {
    queryKey: quoteKeys.validation(filters),
    queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint(quoteRoutes.validationList, { query: filters }, { signal }),
  };
}
