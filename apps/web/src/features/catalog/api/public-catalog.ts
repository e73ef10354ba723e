import { useQuery } from '@tanstack/react-query';
import { catalogRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

/** `GET api/categoryprojects`: active categories for the journey. */
export function usePublicCategories() {
  return useQuery({ queryKey: ['catalog', 'public', 'categories'], queryFn: () => callEndpoint(catalogRoutes.publicCategories), staleTime: 5 * 60_000 });
}

/** `GET api/biens/category-bien/{id}`: active goods of a category. */
export function useBiensOfCategory(categoryId: number | null | undefined) {
  return useQuery({
    queryKey: ['catalog', 'public', 'biens', categoryId],
    queryFn: () => callEndpoint(catalogRoutes.biensOfCategory, { params: { id: categoryId! } }),
    enabled: !!categoryId,
    staleTime: 5 * 60_000,
  });
}
