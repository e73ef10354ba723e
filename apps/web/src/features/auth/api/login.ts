import { useCallback, useState } from 'react';
import { login } from '../../../lib/auth';

interface Credentials {
  email: string;
  password: string;
}

/**
 * The login as a plain asynchronous action with its pending state and error, shaped like a
 * mutation (`mutate`, `isPending`, `error`): the login page, a first page, does without the query
 * library's mutation code (issue 13). Nothing is cached: the session goes to storage (`login`).
 */
export function useLogin() {
  const [state, setState] = useState<{ isPending: boolean; error: Error | null }>({ isPending: false, error: null });
  const mutate = useCallback((credentials: Credentials, options?: { onSuccess?: () => void }) => {
    setState({ isPending: true, error: null });
    login(credentials.email, credentials.password).then(
      () => {
        setState({ isPending: false, error: null });
        options?.onSuccess?.();
      },
      (error: unknown) => setState({ isPending: false, error: error instanceof Error ? error : new Error(String(error)) }),
    );
  }, []);
  return { ...state, mutate };
}
