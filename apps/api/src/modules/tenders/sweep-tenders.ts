/** The periodic sweep: what time decided, persisted and announced. */
import * as repo from './repository';
import { type TendersContext, notify } from './tenders-context';

export async function sweepTenders(ctx: TendersContext) {
  const { expired, closed } = await repo.sweep(ctx.deps.db);
  if (expired.length)
    notify(
      ctx,
      { userIds: [...new Set(expired.map((e) => e.professionalId))], admins: true },
      'expired',
      expired.map((e) => e.id),
    );
  if (closed.length)
    notify(
      ctx,
      { userIds: [...new Set(closed.map((e) => e.professionalId))], admins: true },
      'closed',
      closed.map((e) => e.id),
    );
  return { expired: expired.length, closed: closed.length };
}
