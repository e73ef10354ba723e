import type { ConsumerMediator, ConsumerMediatorBody, ConsumerMediatorSetting } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import type { AppDeps } from '../../lib/deps';
import { findMediator, saveMediatorRow } from './mediator-repository';

/**
 * The consumer mediator (C. conso. L616-1, decision 1044): one platform setting the admin keeps
 * (`/admin/mediateur`), printed on every consumer quote. Read live: a sent quote's PDF is frozen by
 * its archived original, not by this row.
 */
export async function currentMediator(db: Executor): Promise<ConsumerMediator | null> {
  const row = await findMediator(db);
  return row ? { name: row.name, website: row.website, address: row.address } : null;
}

async function setting(db: Executor): Promise<ConsumerMediatorSetting> {
  const row = await findMediator(db);
  return { mediator: row ? { name: row.name, website: row.website, address: row.address } : null, updated_at: row ? row.updatedAt.toISOString() : null };
}

export const getMediator = (deps: AppDeps) => setting(deps.db);

export async function saveMediator(deps: AppDeps, body: ConsumerMediatorBody & { address: string }): Promise<ConsumerMediatorSetting> {
  const values = { name: body.name, website: body.website, address: body.address.trim() || null, updatedAt: deps.clock.now() };
  await saveMediatorRow(deps.db, values);
  return setting(deps.db);
}
