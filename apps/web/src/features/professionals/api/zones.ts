import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZoneView } from '@ouvrage/contracts';
import { api } from '../../../lib/api-client';

export type { ZoneView };
export type ZoneBody = { kind: 'departement'; departement_code: string } | { kind: 'commune'; commune_insee: string; radius_km: number };

export interface Commune {
  code: string;
  nom: string;
  departement: string;
  codesPostaux: string[];
}

export function useZones(userId: number | undefined) {
  return useQuery({ queryKey: ['pro-zones', userId], queryFn: () => api.get<ZoneView[]>(`api/professionnel/zone-intervention/${userId}`), enabled: !!userId });
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

export const useStoreZone = (userId: number) => useZoneMutation(userId, (body: ZoneBody) => api.post<ZoneView>(`api/professionnel/store-intervention/${userId}`, body));
export const useUpdateZone = (userId: number) =>
  useZoneMutation(userId, ({ id, body }: { id: number; body: ZoneBody }) => api.patch<ZoneView>(`api/professionnel/update-intervention/${id}`, body));
export const useDeleteZone = (userId: number) => useZoneMutation(userId, (id: number) => api.delete(`api/professionnel/delete-intervention/${id}`));

/** Offline communes dataset (`api/geo/communes`, `api/geo/departements`). */
export function useDepartements() {
  return useQuery({ queryKey: ['departements'], queryFn: () => api.get<Array<{ code: string; nom: string }>>('api/geo/departements', { anonymous: true }), staleTime: Infinity });
}

export function useCommuneSearch(q: string) {
  return useQuery({
    queryKey: ['communes', q],
    queryFn: () => api.get<Commune[]>(`api/geo/communes?q=${encodeURIComponent(q)}&limit=10`, { anonymous: true }),
    enabled: q.trim().length >= 2,
    staleTime: 600_000,
  });
}
