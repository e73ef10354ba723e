import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileView } from '@ouvrage/contracts';
import { api } from '../../../lib/api-client';

export type { ProfileView };

export function useProfile(userId: number | undefined) {
  return useQuery({ queryKey: ['profile', userId], queryFn: () => api.get<ProfileView>(`api/profil/${userId}`), enabled: !!userId });
}

export function useUpdateProfile(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { civility: string | null; firstname: string; lastname: string; phone: string | null; country: string | null }) =>
      api.patch<ProfileView>(`api/profil/${userId}`, body),
    onSuccess: (data) => client.setQueryData(['profile', userId], data),
  });
}

export function useChangeEmail(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { new_email: string; current_password: string }) => api.post<{ message: string }>(`api/profil/change-email/${userId}`, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['profile', userId] }),
  });
}

export function useChangePassword(userId: number) {
  return useMutation({
    mutationFn: (body: { current_password: string; password: string; password_confirmation: string }) =>
      api.post<{ message: string }>(`api/profil/change-password/${userId}`, body),
  });
}
