import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  userRoutes,
  type AccountListItem,
  type EndpointBody,
  type EndpointData,
  type EndpointQuery,
  type IdentityCheck,
  type RouteEndpoint,
} from '@ouvrage/contracts';
import { callEndpoint, serializeQuery } from '../../../lib/endpoint-client';

export type { AccountListItem, IdentityCheck };

export interface AccountFilters {
  group: 'client' | 'pro';
  q?: string;
  user_type?: string;
  is_validate?: string;
  profession_id?: string;
  departement?: string;
  sort?: 'recent' | 'name';
  page: number;
  per_page?: number;
}

import type { ListPage as Page } from '@ouvrage/contracts';
export type { Page };

/** `admin/account/lists` with search, filters and pagination. */
export function accountsQuery(filters: AccountFilters) {
  // The filters come from the address bar and the selects as text: the server checks them.
  const query = { per_page: 20, sort: 'recent', ...filters } as EndpointQuery<RouteEndpoint<typeof userRoutes.listUsers>>;
  return { queryKey: ['accounts', serializeQuery(query)], queryFn: () => callEndpoint(userRoutes.listUsers, { query }) };
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
    // The role and civility come from selects of the allowed values; the server checks them.
    mutationFn: (body: NewAccount) => callEndpoint(userRoutes.createUser, { body: body as EndpointBody<RouteEndpoint<typeof userRoutes.createUser>> }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['accounts'] }),
  });
}

export function useModifyUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; civility: string | null; firstname: string; lastname: string; email: string; phone: string | null }) =>
      callEndpoint(userRoutes.modifyUser, { body: body as EndpointBody<RouteEndpoint<typeof userRoutes.modifyUser>> }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['accounts'] });
      void client.invalidateQueries({ queryKey: ['pro-info'] });
    },
  });
}

export function useDeleteClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(userRoutes.deleteClient, { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['accounts'] }),
  });
}

export function useCheckUser() {
  return useMutation({ mutationFn: (id: number) => callEndpoint(userRoutes.checkProfessional, { body: { id } }) });
}

export function useSetValidation(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<RouteEndpoint<typeof userRoutes.validateProfessional>>) =>
      callEndpoint(userRoutes.validateProfessional, { params: { id: userId }, body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['accounts'] });
      void client.invalidateQueries({ queryKey: ['pro-info', userId] });
      void client.invalidateQueries({ queryKey: ['pro-status', userId] });
    },
  });
}

export type Lead = EndpointData<RouteEndpoint<typeof userRoutes.marketingLeads>>['items'][number];

/** `api/admin/marketing-leads`, ten a page. */
export function leadsQuery({ page }: { page: number }) {
  return { queryKey: ['leads', page], queryFn: () => callEndpoint(userRoutes.marketingLeads, { query: { page, per_page: 10 } }) };
}
