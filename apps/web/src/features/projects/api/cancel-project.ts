import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectRoutes, type CancelProjectBody } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

/** `POST api/project/annuler/{id}`: the client cancels their project, with a reason. */
export function useCancelProject(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelProjectBody) => callEndpoint(projectRoutes.cancelProject, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}
