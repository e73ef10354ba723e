import { useMutation } from '@tanstack/react-query';
import { quoteRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { useInvalidateQuotes } from './keys';

/** `POST api/cancel-devis-pro/{id}` with the reason, before the quote is validated. */
export function useCancelQuote() {
  const onSuccess = useInvalidateQuotes();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => callEndpoint(quoteRoutes.cancelQuote, { params: { id }, body: { reason } }),
    onSuccess,
  });
}
