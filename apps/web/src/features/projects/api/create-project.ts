import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateProjectResult, ProjectRequestBody } from '@ouvrage/contracts';
import { api } from '../../../lib/api-client';

/** `POST api/projects`: anonymous for a visitor (creates the account), authorised for a client. */
export function useCreateProject(loggedIn: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectRequestBody) => api.post<CreateProjectResult>('api/projects', body, { anonymous: !loggedIn }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}
