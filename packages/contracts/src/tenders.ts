import { z } from 'zod';

/** A tender as the bell and tender lists see it (spec §3 "Tender"). */
export const tenderSummary = z.object({
  id: z.number().int(),
  status: z.string(),
  validation: z.string(),
  project_id: z.number().int().nullable(),
  professional_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type TenderSummary = z.infer<typeof tenderSummary>;

export { isAvailableTender } from '@ouvrage/domain';
