import { useMutation } from '@tanstack/react-query';
import { quoteRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { useInvalidateQuotes } from './keys';

/** `POST api/devis/{id}/nouvelle-version`: a draft copy of a sent quote, answered with the new version. */
export function useNewQuoteVersion() {
  const onSuccess = useInvalidateQuotes();
  return useMutation({ mutationFn: (id: number) => callEndpoint(quoteRoutes.newVersion, { params: { id } }), onSuccess });
}
