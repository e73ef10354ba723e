import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { geoRoutes, professionalRoutes, type EndpointBody, type RouteEndpoint, type ZoneView } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

export type { ZoneView };
export type ZoneBody = EndpointBody<RouteEndpoint<typeof professionalRoutes.createZone>>;

export function useZones(userId: number | undefined) {
  return useQuery({
    queryKey: ['pro-zones', userId],
    queryFn: () => callEndpoint(professionalRoutes.listZones, { params: { id: userId! } }),
    enabled: !!userId,
  });
}

function useZoneMutation<T>(userId: number, fn: (arg: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['pro-zones', userId] });
      void client.invalidateQueries({ queryKey: ['pro-status', userId] });
    },
  });
}

export const useStoreZone = (userId: number) =>
  useZoneMutation(userId, (body: ZoneBody) => callEndpoint(professionalRoutes.createZone, { params: { id: userId }, body }));
export const useUpdateZone = (userId: number) =>
  useZoneMutation(userId, ({ id, body }: { id: number; body: ZoneBody }) => callEndpoint(professionalRoutes.updateZone, { params: { id }, body }));
export const useDeleteZone = (userId: number) => useZoneMutation(userId, (id: number) => callEndpoint(professionalRoutes.deleteZone, { params: { id } }));

/** Offline communes dataset (`api/geo/communes`, `api/geo/departements`). */
export function useDepartements() {
  return useQuery({ queryKey: ['departements'], queryFn: () => callEndpoint(geoRoutes.departements), staleTime: Infinity });
}

export function useCommuneSearch(q: string) {
  return useQuery({
    queryKey: ['communes', q],
    queryFn: () => callEndpoint(geoRoutes.communes, { query: { q, limit: 10 } }),
    enabled: q.trim().length >= 2,
    staleTime: 600_000,
  });
}
