import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BienItem, CategoryItem, SaveBienBody, SaveCategoryBody } from '@ouvrage/contracts';
import { api, uploadWithProgress } from '../../../lib/api-client';

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  per_page: number;
}

/** `GET api/admin/list-category`. */
export function useAdminCategories() {
  return useQuery({ queryKey: ['catalog', 'admin', 'categories'], queryFn: () => api.get<Page<CategoryItem>>('api/admin/list-category?per_page=100') });
}

/** `GET api/admin/list-bien` (optionally one category's). */
export function useAdminBiens(categoryId?: number | null) {
  return useQuery({
    queryKey: ['catalog', 'admin', 'biens', categoryId ?? null],
    queryFn: () => api.get<Page<BienItem>>(`api/admin/list-bien?per_page=100${categoryId ? `&category_id=${categoryId}` : ''}`),
  });
}

/** `GET api/admin/edit-bien/{id}`. */
export function useAdminBien(id: number | undefined) {
  return useQuery({ queryKey: ['catalog', 'admin', 'bien', id], queryFn: () => api.get<BienItem>(`api/admin/edit-bien/${id}`), enabled: !!id });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['catalog'] });
}

/** `POST api/admin/save-category` or `PATCH api/admin/update-category`. */
export function useSaveCategory() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: SaveCategoryBody & { id?: number }) =>
      id ? api.patch<CategoryItem>('api/admin/update-category', { id, ...body }) : api.post<CategoryItem>('api/admin/save-category', body),
    onSuccess,
  });
}

/** `POST api/admin/save-bien` or `PATCH api/admin/update-bien`. */
export function useSaveBien() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: SaveBienBody & { id?: number }) =>
      id ? api.patch<BienItem>('api/admin/update-bien', { id, ...body }) : api.post<BienItem>('api/admin/save-bien', body),
    onSuccess,
  });
}

/** `DELETE api/admin/delete-category/{id}` and `delete-bien/{id}` (409 when projects use it). */
export function useDeleteCatalogItem(kind: 'category' | 'bien') {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: (id: number) => api.delete<{ message: string }>(`api/admin/delete-${kind}/${id}`), onSuccess });
}

/** `POST api/admin/category-image/{id}` (multipart, field `image`). */
export function useCategoryImage() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('image', file, file.name);
      return uploadWithProgress<CategoryItem>(`api/admin/category-image/${id}`, form);
    },
    onSuccess,
  });
}
