import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: string;
  created_at: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  per_page: number;
}

export function useOutbox(page: number, to: string) {
  return useQuery({
    queryKey: ['outbox', page, to],
    queryFn: () => api.get<Page<OutboxMail>>(`api/admin/outbox?page=${page}&per_page=20${to ? `&to=${encodeURIComponent(to)}` : ''}`),
  });
}
