import { z } from 'zod';

export const outboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
});
