import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

export function requestPasswordReset(email: string) {
  return callEndpoint(authRoutes.forgotPassword, { body: { email } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
