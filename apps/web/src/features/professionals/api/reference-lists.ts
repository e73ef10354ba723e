import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface Profession {
  id: number;
  slug: string;
  name: string;
  user_type: 'professionnel' | 'dessinateur' | 'architecte';
}
export interface Service {
  id: number;
  slug: string;
  name: string;
  profession_id: number | null;
}

/** Trades offered at sign-up (`api/list-profession`, public). */
export function useProfessions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: ['professions'], queryFn: () => api.get<Profession[]>('api/list-profession', { anonymous: true }), staleTime: 3_600_000, enabled });
}

/** Every service (`api/list-service`, public); screens group them by trade. */
export function useServices({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: ['services'], queryFn: () => api.get<Service[]>('api/list-service', { anonymous: true }), staleTime: 3_600_000, enabled });
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
      const categories = await api.get<NamedItem[]>('api/categoryprojects', { anonymous: true });
      const lists = await Promise.all(categories.map((c) => api.get<NamedItem[]>(`api/biens/category-bien/${c.id}`, { anonymous: true })));
      const biens = new Map<number, NamedItem>();
      for (const list of lists) for (const b of list) biens.set(b.id, { id: b.id, name: b.name });
      return { categories: categories.map((c) => ({ id: c.id, name: c.name })), biens: [...biens.values()] };
    },
    staleTime: 600_000,
  });
}
