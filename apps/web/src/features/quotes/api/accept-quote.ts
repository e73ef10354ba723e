import { useMutation } from '@tanstack/react-query';
import { quoteRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { useInvalidateQuotes } from './keys';

/** `POST api/validate-devis-client/{id}` with the optional lines the client takes. */
export function useAcceptQuote() {
  const onSuccess = useInvalidateQuotes();
  return useMutation({
    mutationFn: ({ id, chosenOptionIds }: { id: number; chosenOptionIds: number[] }) =>
      callEndpoint(quoteRoutes.acceptQuote, { params: { id }, body: { chosen_option_ids: chosenOptionIds } }),
    onSuccess,
  });
}
