import { useMutation } from '@tanstack/react-query';
import { quoteRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { useInvalidateQuotes } from './keys';

/** `POST api/send-devis-email/{id}`: numbers the quote and mails the client (409 QUOTE_MENTIONS_MISSING while a mention lacks). */
export function useSendQuote() {
  const onSuccess = useInvalidateQuotes();
  return useMutation({ mutationFn: (id: number) => callEndpoint(quoteRoutes.sendQuote, { params: { id } }), onSuccess });
}
