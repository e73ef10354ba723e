import type { AvenantView, QuoteAvenants } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import {
  amendLots,
  avenantAmounts,
  calendarDateAt,
  contractOf,
  lineNetCents,
  quoteWithdrawalRefusal,
  todayInParis,
  withdrawalDeadline,
  type AvenantAmounts,
  type Caller,
  type CalendarDate,
  type QuoteLotInput,
  type RateAmount,
  type WithdrawalFacts,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden, notFound } from '../../lib/errors';
import { quoteInvoicingFacts, type QuoteInvoicingFacts } from '../quotes';
import * as repo from './repository';

/** What the views and the rules read of an avenant's quote: its facts and its avenants. */
export interface AvenantContext {
  quote: QuoteInvoicingFacts;
  avenants: repo.AvenantRow[];
}

export const avenantNotFound = () => notFound('Cet avenant est introuvable.');
export const quoteNotFound = () => notFound('Ce devis est introuvable.');

export async function contextOf(deps: AppDeps, db: Executor, quoteId: number, options: { lock: boolean }): Promise<AvenantContext> {
  const quote = await quoteInvoicingFacts(deps, db, quoteId, options);
  if (!quote) throw quoteNotFound();
  return { quote, avenants: await repo.avenantsOfQuote(db, quoteId) };
}

/**
 * The contract an avenant is measured against: the quote amended by the avenants signed before it
 * (by number) when it is signed or withdrawn, by every signed avenant otherwise (what it would change now).
 */
export function lotsBefore(ctx: AvenantContext, row: repo.AvenantRow): QuoteLotInput[] {
  const settled = row.status === 'Signé' || row.status === 'Rétracté';
  const earlier = ctx.avenants.filter((a) => a.status === 'Signé' && a.id !== row.id && (!settled || (a.sequence ?? 0) < (row.sequence ?? 0)));
  return amendLots(
    ctx.quote.originalLots,
    earlier.sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0)).map((a) => a.lots),
  );
}

export const amountsOf = (ctx: AvenantContext, row: repo.AvenantRow): AvenantAmounts => avenantAmounts(lotsBefore(ctx, row), row.lots, ctx.quote.retentionBp);

/** The withdrawal rule of a quote (C. conso. L221-18, decision 1053), read for an avenant: signed on its own day. */
export function avenantWithdrawalFacts(ctx: AvenantContext, row: repo.AvenantRow): WithdrawalFacts {
  return {
    status: row.status === 'Signé' ? 'Signé' : row.status === 'Rétracté' ? 'Rétracté' : 'Envoyé',
    consumer: ctx.quote.project.typeClient !== 'entreprise',
    urgentRepair: ctx.quote.urgentRepair,
    signedOn: row.signedAt ? calendarDateAt(row.signedAt) : null,
  };
}

const byRateView = (list: readonly RateAmount[]) => list.map((r) => ({ rate_bp: r.rateBp, base_cents: r.baseCents, tva_cents: r.tvaCents }));
const part = (p: AvenantAmounts['before']) => ({
  by_rate: byRateView(p.byRate),
  totals: { total_ht_cents: p.totals.totalHtCents, total_tva_cents: p.totals.totalTvaCents, total_ttc_cents: p.totals.totalTtcCents },
});

export const isIssuerSide = (caller: Caller, quote: QuoteInvoicingFacts) => caller.user_type === 'admin' || caller.id === quote.issuerId;

export function avenantView(ctx: AvenantContext, row: repo.AvenantRow, caller: Caller, today: CalendarDate): AvenantView {
  const amounts = amountsOf(ctx, row);
  const facts = avenantWithdrawalFacts(ctx, row);
  const withdrawal =
    facts.consumer && !facts.urgentRepair && facts.signedOn
      ? { deadline: withdrawalDeadline(facts.signedOn), open: quoteWithdrawalRefusal(facts, today) === null }
      : null;
  const isClient = caller.id === row.clientId;
  return {
    id: row.id,
    quote_id: row.quoteId,
    quote_label: ctx.quote.label,
    number: row.number,
    status: row.status,
    title: row.title,
    reason: row.reason,
    delay_days: row.delayDays,
    lots: row.lots.map((lot) => ({
      lot_index: lot.lotIndex,
      title: lot.lotIndex === null ? lot.title : (ctx.quote.lots[lot.lotIndex]?.title ?? lot.title),
      lines: lot.lines.map((l) => ({
        designation: l.designation,
        quantity_milli: l.quantityMilli,
        unit: l.unit,
        unit_price_cents: l.unitPriceCents,
        tva_rate_bp: l.tvaRateBp,
        discount_bp: l.discountBp,
        net_cents: safeNet(l),
      })),
    })),
    amounts: {
      before: part(amounts.before),
      change: part(amounts.change),
      after: part(amounts.after),
      lots: amounts.lots.map((l) => ({
        title: l.title,
        before_ht_cents: l.beforeHtCents,
        change_ht_cents: l.changeHtCents,
        after_ht_cents: l.afterHtCents,
        added: l.added,
      })),
    },
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    signed_at: row.signedAt?.toISOString() ?? null,
    refused_at: row.refusedAt?.toISOString() ?? null,
    refusal_reason: row.refusalReason,
    withdrawn_at: row.withdrawnAt?.toISOString() ?? null,
    withdrawal,
    can_edit: row.status === 'Brouillon' && isIssuerSide(caller, ctx.quote),
    can_sign: row.status === 'Envoyé' && isClient,
    can_withdraw: isClient && withdrawal?.open === true,
    pdf_url: `/api/avenants/${row.id}/pdf`,
  };
}

/** A draft's line may still be incomplete (decision 1203): its amount is 0 until its numbers are usable. */
function safeNet(l: QuoteLotInput['lines'][number]): number {
  try {
    return lineNetCents(l);
  } catch {
    return 0;
  }
}

/** `GET /api/devis/{id}/avenants`: the contract as amended and the quote's avenants (drafts for the issuer's side only). */
export async function quoteAvenants(deps: AppDeps, caller: Caller, quoteId: number): Promise<QuoteAvenants> {
  const ctx = await contextOf(deps, deps.db, quoteId, { lock: false });
  const today = todayInParis(deps.clock);
  const issuerSide = isIssuerSide(caller, ctx.quote);
  if (!issuerSide && caller.id !== ctx.quote.clientId) throw forbidden('Ce devis ne vous concerne pas.');
  const contract = contractOf(ctx.quote.lots, ctx.quote.retentionBp);
  return {
    quote_id: quoteId,
    quote_label: ctx.quote.label,
    lots: contract.lots.map((l, index) => ({ index, title: l.title, total_ht_cents: l.totalHtCents })),
    contract: part({ byRate: contract.byRate, totals: contract.totals }),
    can_create: issuerSide && ctx.quote.status === 'Validé',
    avenants: ctx.avenants.filter((a) => issuerSide || a.status !== 'Brouillon').map((a) => avenantView(ctx, a, caller, today)),
  };
}

/** `GET /api/avenants/{id}`. A client does not see a draft. */
export async function getAvenant(deps: AppDeps, caller: Caller, id: number): Promise<AvenantView> {
  const row = await repo.findAvenant(deps.db, id);
  if (!row) throw avenantNotFound();
  const ctx = await contextOf(deps, deps.db, row.quoteId, { lock: false });
  if (row.status === 'Brouillon' && !isIssuerSide(caller, ctx.quote)) throw avenantNotFound();
  return avenantView(ctx, row, caller, todayInParis(deps.clock));
}
