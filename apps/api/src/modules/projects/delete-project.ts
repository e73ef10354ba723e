/** The admin deletes a project. */
import type { AppDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { recipientLanguage } from '../mail';
import { projectDeletedMail } from './mails';
import * as repo from './repository';

/** Delete a project, its details, history, tenders and files (bytes removed after commit). */
export async function deleteProject(deps: AppDeps, id: number) {
  const keys = await deps.db.transaction(async (tx) => {
    const current = await repo.lockProject(tx, id);
    if (!current) throw notFound('Projet introuvable.');
    const fileKeys = await repo.fileKeysOfProject(tx, id);
    await repo.deleteProject(tx, id);
    await deps.mailer.queue(tx, { to: current.email, ...projectDeletedMail(await recipientLanguage(tx, { userId: current.clientId }), current) });
    return fileKeys;
  });
  void deps.mailer.dispatch();
  await Promise.all(keys.map((k) => deps.storage.remove(k).catch(() => undefined)));
}
