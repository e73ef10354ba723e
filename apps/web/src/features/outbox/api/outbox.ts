import { outboxRoutes, type ListPage as Page, type OutboxMail } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

export type { OutboxMail, Page };

/** `GET api/admin/outbox`: the mails, newest first, filtered by recipient. */
export function outboxQuery({ page, to }: { page: number; to?: string }) {
  return { queryKey: ['outbox', page, to ?? ''], queryFn: () => callEndpoint(outboxRoutes.listOutbox, { query: { page, per_page: 20, to: to || undefined } }) };
}
