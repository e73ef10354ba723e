import {
  contractOf,
  invoicedSoFar,
  previousProgress,
  sumByRate,
  totalsOf,
  workToDate,
  type AmountTotals,
  type InvoicedContract,
  type PriorInvoice,
  type RateAmount,
} from './invoices';
import { formatEuros, quoteLineRefusal, TVA_RATES, type QuoteLineInput, type QuoteLotInput } from './money';
import { refusal, type Refusal } from './refusal';

/**
 * Avenants (change orders) on a validated quote (issue 38 §1, decision 1220). An avenant adds
 * lines to the contract's lots or new lots, and removes or reduces lines with a negative quantity.
 * Only a signed avenant changes the contract; the contract as amended is the quote's counted lots
 * with every signed avenant's lines added, in the order they were signed, and its amounts are
 * computed by the one rounding rule on the whole (never by adding rounded TVAs): an avenant's
 * change per rate is the amended contract less the contract before it, so the original plus every
 * change is the amended contract to the cent.
 */

export const AVENANT_STATUSES = ['Brouillon', 'Envoyé', 'Signé', 'Refusé', 'Rétracté'] as const;
export type AvenantStatus = (typeof AVENANT_STATUSES)[number];

export const isAvenantStatus = (value: unknown): value is AvenantStatus => typeof value === 'string' && (AVENANT_STATUSES as readonly string[]).includes(value);

/** A line of an avenant: a quote line whose quantity may be negative (a line removed or reduced), never zero. */
export type AvenantLineInput = QuoteLineInput;

/** A lot of an avenant: lines added to (or taken from) the contract's lot `lotIndex` (0-based), or a new lot when null. */
export interface AvenantLotInput {
  lotIndex: number | null;
  title: string;
  lines: AvenantLineInput[];
}

/** `D-2026-0005` and 1 → `D-2026-0005-A1`: avenants are numbered per quote, gapless, from 1. */
export function formatAvenantNumber(quoteNumber: string, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Numéro d’avenant invalide : ${sequence}`);
  return `${quoteNumber}-A${sequence}`;
}

/** The lots of `lots` with each avenant's lots applied, in order: lines appended to their lot, new lots last. */
export function amendLots(lots: readonly QuoteLotInput[], avenants: ReadonlyArray<readonly AvenantLotInput[]>): QuoteLotInput[] {
  const amended = lots.map((lot) => ({ title: lot.title, lines: [...lot.lines] }));
  for (const avenant of avenants) {
    const known = amended.length;
    for (const lot of avenant) {
      if (lot.lotIndex !== null && lot.lotIndex >= 0 && lot.lotIndex < known) amended[lot.lotIndex].lines.push(...lot.lines);
      else amended.push({ title: lot.title, lines: [...lot.lines] });
    }
  }
  return amended;
}

export interface AvenantAmounts {
  /** The contract before this avenant (the quote as amended by the avenants signed before it). */
  before: { byRate: RateAmount[]; totals: AmountTotals };
  /** What this avenant changes, per rate: `after − before`, so that before + change = after to the cent. */
  change: { byRate: RateAmount[]; totals: AmountTotals };
  /** The contract with this avenant. */
  after: { byRate: RateAmount[]; totals: AmountTotals };
  /** Each lot of the amended contract: its HT before (0 for a new lot), the change, and after. */
  lots: Array<{ title: string; beforeHtCents: number; changeHtCents: number; afterHtCents: number; added: boolean }>;
  /** The contracts before and after, for the invoicing checks. */
  contractBefore: InvoicedContract;
  contractAfter: InvoicedContract;
}

const totalsPair = (byRate: RateAmount[]) => ({ byRate, totals: totalsOf(byRate) });

/** An avenant's amounts against the contract before it (`lots` already amended by the earlier signed avenants). */
export function avenantAmounts(lots: readonly QuoteLotInput[], avenant: readonly AvenantLotInput[], retentionBp = 0): AvenantAmounts {
  const contractBefore = contractOf(lots, retentionBp);
  const contractAfter = contractOf(amendLots(lots, [avenant]), retentionBp);
  const change = sumByRate([contractAfter.byRate, sumByRate([contractBefore.byRate], -1)]);
  return {
    before: totalsPair(contractBefore.byRate),
    change: totalsPair(change),
    after: totalsPair(contractAfter.byRate),
    lots: contractAfter.lots.map((lot, i) => {
      const beforeHtCents = contractBefore.lots[i]?.totalHtCents ?? 0;
      return {
        title: lot.title,
        beforeHtCents,
        changeHtCents: lot.totalHtCents - beforeHtCents,
        afterHtCents: lot.totalHtCents,
        added: i >= contractBefore.lots.length,
      };
    }),
    contractBefore,
    contractAfter,
  };
}

/** A line of an avenant: a quote line's rules, except that the quantity is signed (never zero). */
export function avenantLineRefusal(line: AvenantLineInput): Refusal | null {
  if (line.quantityMilli === 0)
    return refusal(
      'AVENANT_LINE_QUANTITY_ZERO',
      'La quantité d’une ligne d’avenant ne peut pas être nulle : positive pour ajouter, négative pour retirer.',
      {},
      400,
    );
  if (line.optional) return refusal('AVENANT_LINE_OPTIONAL', 'Un avenant ne contient pas d’option : chaque ligne change le contrat.', {}, 400);
  return quoteLineRefusal({ ...line, quantityMilli: Number.isSafeInteger(line.quantityMilli) ? Math.abs(line.quantityMilli) : line.quantityMilli });
}

/**
 * Why an avenant cannot be sent or signed on `lots` (the contract before it), or null: no line,
 * a line its rule refuses, a lot index unknown, a new lot without title, a lot or a rate of a lot
 * taken below zero, or nothing changed.
 */
export function avenantRefusal(lots: readonly QuoteLotInput[], avenant: readonly AvenantLotInput[]): Refusal | null {
  if (!avenant.some((lot) => lot.lines.length > 0)) return refusal('AVENANT_EMPTY', 'L’avenant ne contient aucune ligne.', {}, 400);
  for (const lot of avenant) {
    if (lot.lotIndex !== null && (!Number.isSafeInteger(lot.lotIndex) || lot.lotIndex < 0 || lot.lotIndex >= lots.length)) {
      return refusal('AVENANT_LOT_UNKNOWN', `Le lot n° ${lot.lotIndex + 1} n’existe pas dans le contrat.`, { lot: lot.lotIndex + 1 }, 400);
    }
    if (lot.lotIndex === null && !lot.title.trim()) return refusal('AVENANT_LOT_TITLE_MISSING', 'Donnez un titre au nouveau lot de l’avenant.', {}, 400);
    for (const line of lot.lines) {
      const refused = avenantLineRefusal(line);
      if (refused) return refused;
    }
  }
  const amounts = avenantAmounts(lots, avenant);
  for (const lot of amounts.contractAfter.lots) {
    if (lot.byRate.some((r) => r.baseCents < 0)) {
      return refusal(
        'AVENANT_LOT_BELOW_ZERO',
        `L’avenant retire du lot « ${lot.title} » plus qu’il ne contient à un taux de TVA : une ligne retirée reste au taux de la ligne qu’elle réduit.`,
        { lot: lot.title },
        400,
      );
    }
  }
  if (amounts.after.totals.totalTtcCents <= 0) {
    return refusal('AVENANT_CONTRACT_NOT_POSITIVE', 'Le contrat modifié par l’avenant doit rester positif.', {}, 400);
  }
  if (amounts.change.byRate.length === 0 && amounts.lots.every((l) => l.changeHtCents === 0 && !l.added)) {
    return refusal('AVENANT_NO_CHANGE', 'L’avenant ne change aucun montant du contrat.', {}, 400);
  }
  return null;
}

/**
 * Why an avenant cannot take effect given what was already invoiced on the contract before it
 * (`prior` invoices, net of their credit notes), or null: a lot taken below what its situations
 * invoiced, or a rate of the contract below what was invoiced at it. The architect first issues
 * an avoir on the invoice that took too much (decision 1220); the avenant is refused until then.
 */
export function avenantInvoicedRefusal(amounts: AvenantAmounts, prior: readonly PriorInvoice[]): Refusal | null {
  return contractChangeInvoicedRefusal(amounts.contractBefore, amounts.contractAfter, prior);
}

/**
 * The same check for any change of the contract from `before` to `after` (an avenant signed, or
 * withdrawn by a consumer): a lot of `after` (by position; a lot gone counts as 0) below what the
 * situations invoiced on it, or a rate below what the invoices took at it.
 */
export function contractChangeInvoicedRefusal(before: InvoicedContract, after: InvoicedContract, prior: readonly PriorInvoice[]): Refusal | null {
  const progress = previousProgress(before, prior);
  const invoicedLots = workToDate(before, progress).lots;
  for (const [i, invoiced] of invoicedLots.entries()) {
    const left = after.lots[i]?.totalHtCents ?? 0;
    if (invoiced > left) {
      const lot = before.lots[i].title;
      return refusal(
        'AVENANT_BELOW_INVOICED',
        `Le contrat modifié ramènerait le lot « ${lot} » à ${formatEuros(left)} HT, moins que les ${formatEuros(invoiced)} HT déjà facturés : émettez d’abord un avoir sur la situation qui les facture.`,
        { lot, after: formatEuros(left), invoiced: formatEuros(invoiced), after_cents: left, invoiced_cents: invoiced },
        409,
      );
    }
  }
  const invoiced = invoicedSoFar(prior);
  for (const rateBp of TVA_RATES) {
    const took = invoiced.find((r) => r.rateBp === rateBp);
    if (!took) continue;
    const rest = after.byRate.find((r) => r.rateBp === rateBp);
    const leftTtc = rest ? rest.baseCents + rest.tvaCents : 0;
    if (took.baseCents + took.tvaCents > leftTtc) {
      const tookTtc = took.baseCents + took.tvaCents;
      return refusal(
        'AVENANT_RATE_BELOW_INVOICED',
        `À ${rateBp / 100} % de TVA, le contrat modifié serait ramené à ${formatEuros(leftTtc)} TTC, moins que les ${formatEuros(tookTtc)} TTC déjà facturés : émettez d’abord un avoir.`,
        { rate: rateBp / 100, after: formatEuros(leftTtc), invoiced: formatEuros(tookTtc), after_cents: leftTtc, invoiced_cents: tookTtc },
        409,
      );
    }
  }
  return null;
}
