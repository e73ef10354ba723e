import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogRoutes, type SaveBienBody, type SaveCategoryBody } from '@ouvrage/contracts';
import { callEndpoint, uploadToEndpoint } from '../../../lib/endpoint-client';

/** `GET api/admin/list-category`. */
export function useAdminCategories() {
  return useQuery({ queryKey: ['catalog', 'admin', 'categories'], queryFn: () => callEndpoint(catalogRoutes.listCategories, { query: { per_page: 100 } }) });
}

/** `GET api/admin/list-bien` (optionally one category's). */
export function useAdminBiens(categoryId?: number | null) {
  return useQuery({
    queryKey: ['catalog', 'admin', 'biens', categoryId ?? null],
    queryFn: () => callEndpoint(catalogRoutes.listBiens, { query: { per_page: 100, category_id: categoryId ?? undefined } }),
  });
}

/** `GET api/admin/edit-bien/{id}`. */
export function useAdminBien(id: number | undefined) {
  return useQuery({
    queryKey: ['catalog', 'admin', 'bien', id],
    queryFn: () => callEndpoint(catalogRoutes.getBien, { params: { id: id! } }),
    enabled: !!id,
  });
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
      id ? callEndpoint(catalogRoutes.updateCategory, { body: { id, ...body } }) : callEndpoint(catalogRoutes.saveCategory, { body }),
    onSuccess,
  });
}

/** `POST api/admin/save-bien` or `PATCH api/admin/update-bien`. */
export function useSaveBien() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: SaveBienBody & { id?: number }) =>
      id ? callEndpoint(catalogRoutes.updateBien, { body: { id, ...body } }) : callEndpoint(catalogRoutes.saveBien, { body }),
    onSuccess,
  });
}

/** `DELETE api/admin/delete-category/{id}` and `delete-bien/{id}` (409 when projects use it). */
export function useDeleteCatalogItem(kind: 'category' | 'bien') {
  const onSuccess = useInvalidate();
  const endpoint = kind === 'category' ? catalogRoutes.deleteCategory : catalogRoutes.deleteBien;
  return useMutation({ mutationFn: (id: number) => callEndpoint(endpoint, { params: { id } }), onSuccess });
}

/** `POST api/admin/category-image/{id}` (multipart, field `image`). */
export function useCategoryImage() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('image', file, file.name);
      return uploadToEndpoint(catalogRoutes.categoryImage, { id }, form);
    },
    onSuccess,
  });
}
