import { useCallback, useState } from 'react';
import { projectRoutes, type CreateProjectResult, type ProjectRequestBody } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { loadedQueryClient } from '../../../app/query-client-gate';

interface Options {
  onSuccess?: (data: CreateProjectResult) => void;
  onError?: (error: Error) => void;
}

/**
 * `POST api/projects`: anonymous for a visitor (creates the account), authorised for a client.
 * A plain asynchronous action shaped like a mutation (`mutate`, `isPending`, `error`), as the
 * login's: the journey, a first page, does without the query library (decision 0949). The
 * projects' queries, if any were read, are invalidated as before.
 */
export function useCreateProject(loggedIn: boolean) {
  const [state, setState] = useState<{ isPending: boolean; error: Error | null }>({ isPending: false, error: null });
  const mutate = useCallback(
    (body: ProjectRequestBody, options?: Options) => {
      setState({ isPending: true, error: null });
      callEndpoint(projectRoutes.createProject, { body }, { anonymous: !loggedIn }).then(
        async (data) => {
          await loadedQueryClient()?.invalidateQueries({ queryKey: ['projects'] });
          setState({ isPending: false, error: null });
          options?.onSuccess?.(data);
        },
        (caught: unknown) => {
          const error = caught instanceof Error ? caught : new Error(String(caught));
          setState({ isPending: false, error });
          options?.onError?.(error);
        },
      );
    },
    [loggedIn],
  );
  return { ...state, mutate };
}
