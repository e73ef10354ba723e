import { useQuery } from '@tanstack/react-query';
import type { PublicBien, PublicCategory } from '@ouvrage/contracts';
import { api } from '../../../lib/api-client';

/** `GET api/categoryprojects`: active categories for the journey. */
export function usePublicCategories() {
  return useQuery({ queryKey: ['catalog', 'public', 'categories'], queryFn: () => api.get<PublicCategory[]>('api/categoryprojects', { anonymous: true }), staleTime: 5 * 60_000 });
}

/** `GET api/biens/category-bien/{id}`: active goods of a category. */
export function useBiensOfCategory(categoryId: number | null | undefined) {
  return useQuery({
    queryKey: ['catalog', 'public', 'biens', categoryId],
    queryFn: () => api.get<PublicBien[]>(`api/biens/category-bien/${categoryId}`, { anonymous: true }),
    enabled: !!categoryId,
    staleTime: 5 * 60_000,
  });
}
