import { useMutation } from '@tanstack/react-query';
import { quoteRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { useInvalidateQuotes } from './keys';

/** `DELETE api/delete-devis/{id}`: drafts only. */
export function useDeleteQuote() {
  const onSuccess = useInvalidateQuotes();
  return useMutation({ mutationFn: (id: number) => callEndpoint(quoteRoutes.deleteQuote, { params: { id } }), onSuccess });
}
