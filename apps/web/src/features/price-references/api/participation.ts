import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { priceReferenceRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { priceReferenceKeys } from './quote-price-references';

/** `GET /api/prix-de-reference/participation`: whether the architect's sent quotes count in the references. */
export function useParticipation(enabled = true) {
  return useQuery({
    queryKey: priceReferenceKeys.participation,
    queryFn: ({ signal }) => callEndpoint(priceReferenceRoutes.participation, undefined, { signal }),
    enabled,
  });
}

/** `PUT /api/prix-de-reference/participation`: the editor's references follow (none while not contributing). */
export function useSetParticipation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contributes: boolean) => callEndpoint(priceReferenceRoutes.setParticipation, { body: { contributes } }),
    onSuccess: (participation) => {
      queryClient.setQueryData(priceReferenceKeys.participation, participation);
      void queryClient.invalidateQueries({ queryKey: [...priceReferenceKeys.all, 'quote'] });
    },
  });
}
