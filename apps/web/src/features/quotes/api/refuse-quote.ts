import { useMutation } from '@tanstack/react-query';
import { quoteRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { useInvalidateQuotes } from './keys';

/** `POST api/refuser-devis-client/{id}` with the client's reason. */
export function useRefuseQuote() {
  const onSuccess = useInvalidateQuotes();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => callEndpoint(quoteRoutes.refuseQuote, { params: { id }, body: { reason } }),
    onSuccess,
  });
}
