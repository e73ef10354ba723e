import { useQuery } from '@tanstack/react-query';
import { quoteRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { quoteKeys } from './keys';

/** `GET api/devis/validation-architecte`: accepted or signed quotes waiting for the architect's validation. */
export function useValidationList(filters: { page: number; per_page: number }) {
  return useQuery({
    queryKey: quoteKeys.validation(filters),
    queryFn: () => callEndpoint(quoteRoutes.validationList, { query: filters }),
    placeholderData: (previous) => previous,
  });
}
