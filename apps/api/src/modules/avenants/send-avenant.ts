import type { AvenantView } from '@ouvrage/contracts';
import { formatAvenantNumber, todayInParis, type Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden } from '../../lib/errors';
import { notify } from '../notifications';
import { checkAvenantApplies } from './avenant-rules';
import { avenantNotFound, avenantView, contextOf, isIssuerSide } from './avenant-views';
import { notDraft, notValidated } from './edit-avenant';
import * as repo from './repository';

/**
 * Send an avenant to the client (decision 1220), in one transaction: the quote locked (sends,
 * signatures and invoices of one quote go one after the other), the rules checked inside the lock,
 * the number `D-2026-0005-A1` taken last — per quote, gapless, from the quote's avenants already
 * numbered — and the status « Envoyé ». The client then signs it or refuses it.
 */
export async function sendAvenant(deps: AppDeps, caller: Caller, id: number): Promise<AvenantView> {
  const view = await deps.db.transaction(async (tx) => {
    const found = await repo.findAvenant(tx, id);
    if (!found) throw avenantNotFound();
    const ctx = await contextOf(deps, tx, found.quoteId, { lock: true });
    const row = await repo.lockAvenant(tx, id);
    if (!row) throw avenantNotFound();
    if (!isIssuerSide(caller, ctx.quote)) throw forbidden('Seul l’émetteur du devis envoie ses avenants.');
    if (row.status !== 'Brouillon') throw notDraft(row.status);
    if (ctx.quote.status !== 'Validé') throw notValidated(ctx.quote.status);
    await checkAvenantApplies(tx, ctx, row);
    const sequence = await repo.nextSequence(tx, row.quoteId);
    const now = deps.clock.now();
    const sent = await repo.updateAvenant(tx, id, {
      status: 'Envoyé',
      sequence,
      number: formatAvenantNumber(ctx.quote.number ?? ctx.quote.label, sequence),
      sentAt: now,
      updatedAt: now,
    });
    await notify(tx, deps, {
      userId: row.clientId,
      kind: 'avenant_sent',
      params: { number: sent.number ?? '', name: ctx.quote.issuer.name, title: ctx.quote.title },
      link: `/devis/${row.quoteId}`,
    });
    return avenantView({ ...ctx, avenants: ctx.avenants.map((a) => (a.id === id ? sent : a)) }, sent, caller, todayInParis(deps.clock));
  });
  void deps.mailer.dispatch();
  return view;
}
