import { useMutation } from '@tanstack/react-query';
import { authRoutes, type EndpointBody, type RouteEndpoint } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

export type NewPassword = EndpointBody<RouteEndpoint<typeof authRoutes.saveNewPassword>>;

export function saveNewPassword(body: NewPassword) {
  return callEndpoint(authRoutes.saveNewPassword, { body });
}

export function useSaveNewPassword() {
  return useMutation({ mutationFn: saveNewPassword });
}
