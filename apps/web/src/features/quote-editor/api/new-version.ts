import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

/** `POST api/devis/{id}/nouvelle-version`: a draft copy of a sent quote. */
export function useNewVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(quoteRoutes.newVersion, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['quotes'] }),
  });
}
