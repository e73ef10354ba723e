import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReferenceView } from '@ouvrage/contracts';
import { api, fetchFileUrl, uploadWithProgress } from '../../../lib/api-client';

export type { ReferenceView };
export interface ReferenceBody {
  title: string;
  description: string;
  city: string | null;
  year: number | null;
  amount_cents: number | null;
}

export function useReferences(userId: number | undefined) {
  return useQuery({ queryKey: ['pro-references', userId], queryFn: () => api.get<ReferenceView[]>(`api/professionnel/references/${userId}`), enabled: !!userId });
}

function useRefMutation<T>(userId: number, fn: (arg: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['pro-references', userId] });
      void client.invalidateQueries({ queryKey: ['pro-status', userId] });
    },
  });
}

export const useCreateReference = (userId: number) =>
  useRefMutation(userId, (body: ReferenceBody) => api.post<ReferenceView>(`api/professionnel/references/${userId}`, body));
export const useUpdateReference = (userId: number) =>
  useRefMutation(userId, ({ id, body }: { id: number; body: ReferenceBody & { remove_photo_ids?: number[] } }) =>
    api.patch<ReferenceView>(`api/professionnel/update-reference/${id}`, body),
  );
export const useDeleteReference = (userId: number) => useRefMutation(userId, (id: number) => api.delete(`api/professionnel/delete-reference/${id}`));
export const useAddPhotos = (userId: number) =>
  useRefMutation(userId, ({ id, files }: { id: number; files: File[] }) => {
    const form = new FormData();
    for (const f of files) form.append('photos', f);
    return uploadWithProgress<ReferenceView>(`api/professionnel/reference-photo/${id}`, form);
  });

export function usePhotoUrl(photoId: number) {
  return useQuery({ queryKey: ['reference-photo', photoId], queryFn: () => fetchFileUrl(`api/professionnel/reference-photo/${photoId}`), staleTime: Infinity });
}
