import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { productLines, productRoutes, type SaveProductBody } from '@ouvrage/contracts';
import { calendarDateAt, type ProductLot } from '@ouvrage/domain';
import type { FileRequest } from '../../../lib/download';
import { callEndpoint, endpointUrl, uploadToEndpoint } from '../../../lib/endpoint-client';

export interface ProductFilters {
  page: number;
  per_page: number;
  search?: string;
  lot?: ProductLot;
  archived?: 'true' | 'false';
}

/** `GET api/produit`: the caller's products and the platform's (all for an admin). */
export function productsQuery(filters: ProductFilters) {
  return {
    queryKey: ['products', 'list', filters],
    queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint(productRoutes.listProducts, { query: filters }, { signal }),
  };
}

export function useProducts(filters: ProductFilters) {
  return useQuery({ ...productsQuery(filters), placeholderData: (previous) => previous });
}

/** `GET api/produit/find/{id}`. */
export function useProduct(id: number | undefined) {
  return useQuery({
    queryKey: ['products', 'one', id],
    queryFn: () => callEndpoint(productRoutes.getProduct, { params: { id: id! } }),
    enabled: !!id,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['products'] });
}

/** `POST api/produit` or `PATCH api/produit/update/{id}`. */
export function useSaveProduct() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: SaveProductBody & { id?: number }) =>
      id ? callEndpoint(productRoutes.updateProduct, { params: { id }, body }) : callEndpoint(productRoutes.createProduct, { body }),
    onSuccess,
  });
}

/** `PATCH api/produit/update/{id}` with `archived` only: archive or restore. */
export function useArchiveProduct() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, archived }: { id: number; archived: boolean }) => callEndpoint(productRoutes.updateProduct, { params: { id }, body: { archived } }),
    onSuccess,
  });
}

/** `DELETE api/produit/delete/{id}`: archived instead when a quote uses it. */
export function useDeleteProduct() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: (id: number) => callEndpoint(productRoutes.deleteProduct, { params: { id } }), onSuccess });
}

/** `POST api/produit/import` (multipart, field `file`): all rows or none. */
export function useImportProducts() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return uploadToEndpoint(productRoutes.importProducts, undefined, form);
    },
    onSuccess,
  });
}

/** `GET api/produit/export`: the CSV of the filtered list, saved under the day's date in Paris (the API's name too). */
export function productsCsvFile(filters: Omit<ProductFilters, 'page' | 'per_page'>): FileRequest {
  return { path: endpointUrl(productLines.exportProducts, { query: filters }), name: `produits-${calendarDateAt(new Date())}.csv` };
}
