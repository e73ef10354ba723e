import type { DgdView, DisputeDgdBody } from '@ouvrage/contracts';
import { DGD_ERRORS, type Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden, refuse } from '../../lib/errors';
import { notify } from '../notifications';
import { dgdNotFound, dgdView, quoteContext } from './dgd-views';
import * as repo from './repository';

export const notOpen = (status: string) =>
  refuse(DGD_ERRORS.notOpen, `Ce décompte général définitif n’attend pas de réponse (statut : ${status}).`, { status });

/**
 * The client disputes an issued DGD with a reason (decision 1222): the quote locked, then the DGD,
 * one conditional update — two answers at once give one. A disputed DGD closes nothing: the issuer
 * corrects the account (an invoice, an avoir) and establishes a new one.
 */
export async function disputeDgd(deps: AppDeps, caller: Caller, id: number, body: DisputeDgdBody): Promise<DgdView> {
  const view = await deps.db.transaction(async (tx) => {
    const found = await repo.findDgd(tx, id);
    if (!found) throw dgdNotFound();
    const { quote } = await quoteContext(deps, tx, found.quoteId, { lock: true });
    const row = await repo.lockDgd(tx, id);
    if (!row) throw dgdNotFound();
    if (caller.id !== row.clientId) throw forbidden('Seul le client du devis répond à son décompte général définitif.');
    if (row.status !== 'Émis') throw notOpen(row.status);
    const saved = await repo.markDisputed(tx, id, deps.clock.now(), body.reason.trim());
    if (!saved) throw notOpen(row.status);
    await notify(tx, deps, {
      userId: saved.issuerId,
      kind: 'dgd_disputed',
      params: { number: saved.number, name: quote.client.name, reason: body.reason.trim() },
      link: `/devis/${saved.quoteId}`,
    });
    return dgdView(saved, caller);
  });
  void deps.mailer.dispatch();
  return view;
}
