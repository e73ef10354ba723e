import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { professionalLines, professionalRoutes, type EndpointBody, type ReferenceView, type RouteEndpoint } from '@ouvrage/contracts';
import { fetchFileUrl } from '../../../lib/api-client';
import { callEndpoint, endpointUrl, uploadToEndpoint } from '../../../lib/endpoint-client';

export type { ReferenceView };
export type ReferenceBody = EndpointBody<RouteEndpoint<typeof professionalRoutes.createReference>>;
type UpdateReferenceBody = EndpointBody<RouteEndpoint<typeof professionalRoutes.updateReference>>;

export function useReferences(userId: number | undefined) {
  return useQuery({
    queryKey: ['pro-references', userId],
    queryFn: () => callEndpoint(professionalRoutes.listReferences, { params: { id: userId! } }),
    enabled: !!userId,
  });
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
  useRefMutation(userId, (body: ReferenceBody) => callEndpoint(professionalRoutes.createReference, { params: { id: userId }, body }));
export const useUpdateReference = (userId: number) =>
  useRefMutation(userId, ({ id, body }: { id: number; body: UpdateReferenceBody }) =>
    callEndpoint(professionalRoutes.updateReference, { params: { id }, body }),
  );
export const useDeleteReference = (userId: number) =>
  useRefMutation(userId, (id: number) => callEndpoint(professionalRoutes.deleteReference, { params: { id } }));
export const useAddPhotos = (userId: number) =>
  useRefMutation(userId, ({ id, files }: { id: number; files: File[] }) => {
    const form = new FormData();
    for (const f of files) form.append('photos', f);
    return uploadToEndpoint(professionalRoutes.uploadReferencePhoto, { id }, form);
  });

export function usePhotoUrl(photoId: number) {
  return useQuery({
    queryKey: ['reference-photo', photoId],
    queryFn: () => fetchFileUrl(endpointUrl(professionalLines.referencePhotoFile, { params: { id: photoId } })),
    staleTime: Infinity,
  });
}
