import { useQueryClient } from '@tanstack/react-query';

/** Query keys of the reception feature: everything under `['reception']`. */
export const receptionKeys = {
  all: ['reception'] as const,
  ofQuote: (quoteId: number) => ['reception', 'quote', quoteId] as const,
};

/** After a change (recorded, photo, lifted, released, signed): the réception and the invoices' amounts may move. */
export function useInvalidateReception() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: receptionKeys.all });
    await queryClient.invalidateQueries({ queryKey: ['invoices'] });
  };
}
