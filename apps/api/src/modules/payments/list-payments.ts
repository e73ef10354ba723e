import type { z } from 'zod';
import type { paymentListQuery } from '@ouvrage/contracts';
import type { AppDeps } from '../../lib/deps';
import { listPaymentsOfUser } from './list-repository';
import { paymentItems } from './payment-views';

/** `GET api/paiement/lists/{id}`: the payments naming a user — a client's made, an issuer's received (ownership: self, or admin). */
export async function listPayments(deps: AppDeps, userId: number, query: z.output<typeof paymentListQuery>) {
  const { rows, total, total_capped } = await listPaymentsOfUser(deps.db, userId, {
    status: query.status,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { items: await paymentItems(deps.db, rows), total, total_capped, page: query.page, per_page: query.per_page };
}
