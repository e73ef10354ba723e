import { z } from 'zod';
import { idParam, paginated, paginationQuery } from './common';
import { defineEndpoint } from './endpoint';
import { outboxLines as lines } from './routes/outbox';

export const outboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMail>;

/** `GET api/admin/outbox`: the mails, newest first, filtered by recipient. */
export const outboxListQuery = paginationQuery.extend({ to: z.string().max(254).optional() });

/** The admin's view of every mail the platform wrote (the outbox). */
export const outboxEndpoints = {
  listOutbox: defineEndpoint({ ...lines.listOutbox, query: outboxListQuery, response: paginated(outboxMail), errors: [401, 403] }),
  getOutboxMail: defineEndpoint({ ...lines.getOutboxMail, params: idParam, response: outboxMail, errors: [401, 403, 404] }),
};
