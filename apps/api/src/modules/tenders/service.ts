import type { AppDeps } from '../../lib/deps';
import { readFile } from '../projects';
import type { Retention } from '../users';
import * as repo from './repository';

// The module's use cases, one file each (docs/decisions/0450); routes read them from here.
export * from './answer-tender';
export * from './send-tenders';
export * from './sweep-tenders';
export * from './tender-views';
export type { TendersContext } from './tenders-context';

export async function getSettings(deps: AppDeps) {
  const s = await repo.getSettings(deps.db);
  return { max_acceptances: s.maxAcceptances, default_reply_days: s.defaultReplyDays };
}

export async function updateSettings(deps: AppDeps, body: { max_acceptances?: number; default_reply_days?: number }) {
  const s = await repo.updateSettings(deps.db, { maxAcceptances: body.max_acceptances, defaultReplyDays: body.default_reply_days });
  return { max_acceptances: s.maxAcceptances, default_reply_days: s.defaultReplyDays };
}

/** A project file seen through a tender. `{id}` is a project file; the permission row (owner `tender-file`) decided who may read it. */
export async function tenderFile(deps: AppDeps, fileId: number) {
  return readFile(deps, fileId);
}

/** A professional's tenders keep their account (decision 0441). */
export const tenderRetention: Retention = { name: 'tenders', retains: repo.professionalHasTenders };
