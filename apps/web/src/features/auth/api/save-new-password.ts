import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface NewPassword {
  token: string;
  password: string;
  password_confirmation: string;
}

export function saveNewPassword(body: NewPassword) {
  return api.post<{ message: string }>('api/save-new-password', body, { anonymous: true });
}

export function useSaveNewPassword() {
  return useMutation({ mutationFn: saveNewPassword });
}
