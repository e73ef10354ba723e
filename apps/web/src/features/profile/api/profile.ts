import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userRoutes, type EndpointBody, type ProfileView, type RouteEndpoint } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

export type { ProfileView };
type ProfileBody = EndpointBody<RouteEndpoint<typeof userRoutes.updateProfile>>;

export function useProfile(userId: number | undefined) {
  return useQuery({ queryKey: ['profile', userId], queryFn: () => callEndpoint(userRoutes.getProfile, { params: { id: userId! } }), enabled: !!userId });
}

export function useUpdateProfile(userId: number) {
  const client = useQueryClient();
  return useMutation({
    // The civility comes from a select of « M. » and « Mme » (or the stored one); the server checks it.
    mutationFn: (body: Omit<ProfileBody, 'civility'> & { civility: string | null }) =>
      callEndpoint(userRoutes.updateProfile, { params: { id: userId }, body: body as ProfileBody }),
    onSuccess: (data) => client.setQueryData(['profile', userId], data),
  });
}

export function useChangeEmail(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<RouteEndpoint<typeof userRoutes.changeEmail>>) => callEndpoint(userRoutes.changeEmail, { params: { id: userId }, body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['profile', userId] }),
  });
}

export function useChangePassword(userId: number) {
  return useMutation({
    mutationFn: (body: EndpointBody<RouteEndpoint<typeof userRoutes.changePassword>>) =>
      callEndpoint(userRoutes.changePassword, { params: { id: userId }, body }),
  });
}
