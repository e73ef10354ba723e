import type { AppDeps } from '../../lib/deps';
import { forbidden, notFound } from '../../lib/errors';
import { readFile } from '../projects';
import * as repo from './repository';
import type { Caller } from './tenders-context';

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

/** A project file seen through a tender: the admin, or a professional the project was sent to. */
export async function tenderFile(deps: AppDeps, caller: Caller, fileId: number) {
  const file = await repo.findProjectFile(deps.db, fileId);
  if (!file) throw notFound('Document introuvable.');
  if (caller.user_type !== 'admin' && !(await repo.hasTenderOn(deps.db, caller.id, file.projectId))) throw forbidden();
  return readFile(deps, fileId);
}

