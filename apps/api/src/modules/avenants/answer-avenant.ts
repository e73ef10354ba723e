import type { AvenantRefusalBody, AvenantView } from '@ouvrage/contracts';
import { amendLots, contractChangeInvoicedRefusal, contractOf, quoteWithdrawalRefusal, todayInParis, type Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden, refuse, refused } from '../../lib/errors';
import { priorInvoices } from '../invoices';
import { notify } from '../notifications';
import { avenantNotFound, avenantView, avenantWithdrawalFacts, contextOf } from './avenant-views';
import * as repo from './repository';

/** The client's answers other than signing (decision 1220): a refusal with its reason, a consumer's withdrawal. */

const notClient = () => forbidden('Seul le client du devis répond à ses avenants.');

export async function refuseAvenant(deps: AppDeps, caller: Caller, id: number, body: AvenantRefusalBody): Promise<AvenantView> {
  const view = await deps.db.transaction(async (tx) => {
    const found = await repo.findAvenant(tx, id);
    if (!found) throw avenantNotFound();
    const ctx = await contextOf(deps, tx, found.quoteId, { lock: true });
    const row = await repo.lockAvenant(tx, id);
    if (!row) throw avenantNotFound();
    if (caller.id !== row.clientId) throw notClient();
    if (row.status !== 'Envoyé') throw refuse('AVENANT_NOT_OPEN', `Cet avenant n’attend pas de réponse (statut : ${row.status}).`, { status: row.status });
    const now = deps.clock.now();
    const saved = await repo.updateAvenant(tx, id, { status: 'Refusé', refusedAt: now, refusalReason: body.reason.trim(), updatedAt: now });
    await notify(tx, deps, {
      userId: row.issuerId,
      kind: 'avenant_refused',
      params: { number: row.number ?? '', name: ctx.quote.client.name, reason: body.reason.trim() },
      link: `/devis/${row.quoteId}`,
    });
    return avenantView({ ...ctx, avenants: ctx.avenants.map((a) => (a.id === id ? saved : a)) }, saved, caller, todayInParis(deps.clock));
  });
  void deps.mailer.dispatch();
  return view;
}

/**
 * A consumer withdraws from an avenant they signed, within the period of a quote (C. conso.
 * L221-18, decision 1053 applied to the avenant's own signature day): the avenant stops amending
 * the contract. Refused while invoices issued on it would exceed the contract without it: the
 * architect first issues an avoir.
 */
export async function withdrawAvenant(deps: AppDeps, caller: Caller, id: number): Promise<AvenantView> {
  return deps.db.transaction(async (tx) => {
    const found = await repo.findAvenant(tx, id);
    if (!found) throw avenantNotFound();
    const ctx = await contextOf(deps, tx, found.quoteId, { lock: true });
    const row = await repo.lockAvenant(tx, id);
    if (!row) throw avenantNotFound();
    if (caller.id !== row.clientId) throw notClient();
    const rule = quoteWithdrawalRefusal(avenantWithdrawalFacts(ctx, row), todayInParis(deps.clock));
    if (rule) throw refused(rule);
    const others = ctx.avenants.filter((a) => a.status === 'Signé' && a.id !== id).sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0));
    const without = contractOf(
      amendLots(
        ctx.quote.originalLots,
        others.map((a) => a.lots),
      ),
      ctx.quote.retentionBp,
    );
    const invoiced = contractChangeInvoicedRefusal(contractOf(ctx.quote.lots, ctx.quote.retentionBp), without, await priorInvoices(tx, ctx.quote.id));
    if (invoiced) throw refused(invoiced);
    const now = deps.clock.now();
    const saved = await repo.updateAvenant(tx, id, { status: 'Rétracté', withdrawnAt: now, updatedAt: now });
    return avenantView({ ...ctx, avenants: ctx.avenants.map((a) => (a.id === id ? saved : a)) }, saved, caller, todayInParis(deps.clock));
  });
}
