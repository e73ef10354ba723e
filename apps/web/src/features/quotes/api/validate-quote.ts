import { useMutation } from '@tanstack/react-query';
import { quoteRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { useInvalidateQuotes } from './keys';

/** `POST api/validate-devis-pro/{id}`: the architect turns an accepted (signed) quote into a contract. */
export function useValidateQuote() {
  const onSuccess = useInvalidateQuotes();
  return useMutation({ mutationFn: (id: number) => callEndpoint(quoteRoutes.validateQuote, { params: { id } }), onSuccess });
}
