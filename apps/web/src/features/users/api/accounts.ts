import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountListItem, IdentityCheck } from '@ouvrage/contracts';
import { api } from '../../../lib/api-client';

export type { AccountListItem, IdentityCheck };

export interface AccountFilters {
  group: 'client' | 'pro';
  q?: string;
  user_type?: string | null;
  is_validate?: string | null;
  profession_id?: string | null;
  departement?: string | null;
  sort?: 'recent' | 'name';
  page: number;
  per_page?: number;
}

import type { ListPage as Page } from '@ouvrage/contracts';
export type { Page };

/** `admin/account/lists` with search, filters and pagination. */
export function useAccounts(filters: AccountFilters) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ per_page: 20, sort: 'recent', ...filters })) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return useQuery({
    queryKey: ['accounts', params.toString()],
    queryFn: () => api.get<Page<AccountListItem>>(`admin/account/lists?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export interface NewAccount {
  user_type: string;
  civility: 'M.' | 'Mme' | null;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  raison_sociale: string | null;
}

export function useCreateAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewAccount) => api.post<{ id: number; email: string; message: string }>('admin/account/create-new', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['accounts'] }),
  });
}

export function useModifyUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; civility: string | null; firstname: string; lastname: string; email: string; phone: string | null }) =>
      api.patch<{ message: string }>('api/admin/modify-user', body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['accounts'] });
      void client.invalidateQueries({ queryKey: ['pro-info'] });
    },
  });
}

export function useDeleteClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ mode: string; message: string }>(`api/delete-client/${id}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['accounts'] }),
  });
}

export function useCheckUser() {
  return useMutation({ mutationFn: (id: number) => api.post<IdentityCheck>('api/admin/check-user', { id }) });
}

export function useSetValidation(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { is_validate: 'Validé' | 'Refusé'; reason: string | null }) =>
      api.post<{ is_validate: string; message: string }>(`api/admin/validation-user/${userId}`, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['accounts'] });
      void client.invalidateQueries({ queryKey: ['pro-info', userId] });
      void client.invalidateQueries({ queryKey: ['pro-status', userId] });
    },
  });
}

export interface Lead {
  id: number;
  form: string;
  email: string;
  fields: Array<{ name: string; value: string }>;
  status: 'kept' | 'sent' | 'failed';
  created_at: string;
}

export function useLeads(page: number) {
  return useQuery({ queryKey: ['leads', page], queryFn: () => api.get<Page<Lead>>(`api/admin/marketing-leads?page=${page}&per_page=10`) });
}
