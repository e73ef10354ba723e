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

import type { ListPage as Page } from '@ouvrage/contracts';
export type { Page };

/** `GET api/admin/outbox`: the mails, newest first, filtered by recipient. */
export function outboxQuery({ page, to }: { page: number; to?: string }) {
  return { queryKey: ['outbox', page, to ?? ''], queryFn: () => api.get<Page<OutboxMail>>(`api/admin/outbox?page=${page}&per_page=20${to ? `&to=${encodeURIComponent(to)}` : ''}`) };
}
