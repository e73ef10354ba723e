import type { AvenantBody, AvenantView } from '@ouvrage/contracts';
import { todayInParis, type AvenantLotInput, type Caller, type QuoteUnit, type TvaRate } from '@ouvrage/domain';
import type { z } from 'zod';
import type { avenantBody } from '@ouvrage/contracts';
import type { AppDeps } from '../../lib/deps';
import { forbidden, refuse } from '../../lib/errors';
import { avenantNotFound, avenantView, contextOf, isIssuerSide, type AvenantContext } from './avenant-views';
import * as repo from './repository';

/**
 * Drafting an avenant (decision 1220): the quote's issuer (or an admin) drafts it on a validated
 * quote and edits it while it is a draft, saved as typed like a quote's draft (decision 1203): the
 * rules of its lines and amounts are checked when it is sent.
 */

type ParsedBody = z.output<typeof avenantBody>;

export const notValidated = (status: string) =>
  refuse('AVENANT_QUOTE_NOT_VALIDATED', `Un avenant se fait sur un devis validé en contrat (statut : ${status}).`, { status });
export const notDraft = (status: string) => refuse('AVENANT_NOT_DRAFT', `Cet avenant n’est plus un brouillon (statut : ${status}).`, { status });
const notIssuer = () => forbidden('Seul l’émetteur du devis fait ses avenants.');

export function lotsOf(body: ParsedBody): AvenantLotInput[] {
  return body.lots.map((lot) => ({
    lotIndex: lot.lot_index,
    title: lot.title,
    lines: lot.lines.map((l) => ({
      designation: l.designation,
      quantityMilli: l.quantity_milli,
      unit: l.unit as QuoteUnit,
      unitPriceCents: l.unit_price_cents,
      tvaRateBp: l.tva_rate_bp as TvaRate,
      discountBp: l.discount_bp,
    })),
  }));
}

function checkIssuer(ctx: AvenantContext, caller: Caller): void {
  if (!isIssuerSide(caller, ctx.quote)) throw notIssuer();
  if (ctx.quote.status !== 'Validé') throw notValidated(ctx.quote.status);
}

export async function createAvenant(deps: AppDeps, caller: Caller, quoteId: number, body: AvenantBody): Promise<AvenantView> {
  const parsed = body as ParsedBody;
  return deps.db.transaction(async (tx) => {
    const ctx = await contextOf(deps, tx, quoteId, { lock: true });
    checkIssuer(ctx, caller);
    const now = deps.clock.now();
    const row = await repo.insertAvenant(tx, {
      quoteId,
      projectId: ctx.quote.projectId,
      issuerId: ctx.quote.issuerId,
      clientId: ctx.quote.clientId,
      title: parsed.title,
      reason: parsed.reason,
      delayDays: parsed.delay_days,
      lots: lotsOf(parsed),
      createdAt: now,
      updatedAt: now,
    });
    return avenantView({ ...ctx, avenants: [...ctx.avenants, row] }, row, caller, todayInParis(deps.clock));
  });
}

export async function updateAvenant(deps: AppDeps, caller: Caller, id: number, body: AvenantBody): Promise<AvenantView> {
  const parsed = body as ParsedBody;
  return deps.db.transaction(async (tx) => {
    const found = await repo.findAvenant(tx, id);
    if (!found) throw avenantNotFound();
    const ctx = await contextOf(deps, tx, found.quoteId, { lock: true });
    const row = await repo.lockAvenant(tx, id);
    if (!row) throw avenantNotFound();
    checkIssuer(ctx, caller);
    if (row.status !== 'Brouillon') throw notDraft(row.status);
    const saved = await repo.updateAvenant(tx, id, {
      title: parsed.title,
      reason: parsed.reason,
      delayDays: parsed.delay_days,
      lots: lotsOf(parsed),
      updatedAt: deps.clock.now(),
    });
    return avenantView({ ...ctx, avenants: ctx.avenants.map((a) => (a.id === id ? saved : a)) }, saved, caller, todayInParis(deps.clock));
  });
}

export async function deleteAvenant(deps: AppDeps, caller: Caller, id: number): Promise<{ id: number }> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockAvenant(tx, id);
    if (!row) throw avenantNotFound();
    if (caller.user_type !== 'admin' && caller.id !== row.issuerId) throw notIssuer();
    if (row.status !== 'Brouillon') throw notDraft(row.status);
    await repo.deleteAvenant(tx, id);
    return { id };
  });
}
