import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

/** `POST api/send-devis-email/{id}`: numbers the quote, mails the client; status `Envoyé`. */
export function useSendQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(quoteRoutes.sendQuote, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['quotes'] }),
  });
}
