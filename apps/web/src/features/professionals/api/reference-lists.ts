import { useQuery } from '@tanstack/react-query';
import { catalogRoutes, professionalRoutes, type EndpointData, type RouteEndpoint } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

export type Profession = EndpointData<RouteEndpoint<typeof professionalRoutes.listProfessions>>[number];
export type Service = EndpointData<RouteEndpoint<typeof professionalRoutes.listServices>>[number];

/** Trades offered at sign-up (`api/list-profession`, public). */
export function useProfessions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: ['professions'], queryFn: () => callEndpoint(professionalRoutes.listProfessions), staleTime: 3_600_000, enabled });
}

/** Every service (`api/list-service`, public); screens group them by trade. */
export function useServices({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: ['services'], queryFn: () => callEndpoint(professionalRoutes.listServices), staleTime: 3_600_000, enabled });
}

export interface NamedItem {
  id: number;
  name: string;
}

/** Project categories and goods for the preferences page (public catalogue). */
export function useCatalogChoices() {
  return useQuery({
    queryKey: ['catalog-choices'],
    queryFn: async () => {
      const categories = await callEndpoint(catalogRoutes.publicCategories);
      const lists = await Promise.all(categories.map((c) => callEndpoint(catalogRoutes.biensOfCategory, { params: { id: c.id } })));
      const biens = new Map<number, NamedItem>();
      for (const list of lists) for (const b of list) biens.set(b.id, { id: b.id, name: b.name });
      return { categories: categories.map((c) => ({ id: c.id, name: c.name })), biens: [...biens.values()] };
    },
    staleTime: 600_000,
  });
}
