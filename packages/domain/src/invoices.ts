import { addDays, isOverdue, type CalendarDate } from './calendar';
import { allocate, computeTotals, formatEuros, FULL_PERCENT_BP, percentOf, tvaCents, TVA_RATES, type QuoteLotInput, type TvaRate } from './money';
import { refusal, type Refusal } from './refusal';

/**
 * Invoices (factures, issue 11, decision 0700): what a validated quote may be invoiced with —
 * deposits (acompte), progress statements (situation) and the balance (solde) — and credit notes
 * (avoir). Pure functions shared by the API (which records the result) and the web (which shows
 * the amounts live before the architect confirms).
 *
 * Amounts per TVA rate, one rounding rule (money.ts): an invoice is a set of HT bases per rate and
 * its TVA per rate is `tvaCents(base, rate)`, rounded once per rate. The invoice that exhausts a
 * rate (always the balance) takes the rest of the contract's base and TVA at that rate, so that
 * deposits + situations + balance add up to the quote's bases, TVA and TTC to the cent.
 */

export const INVOICE_KINDS = ['acompte', 'situation', 'solde'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_STATUSES = ['Émise', 'Partiellement payée', 'Payée', 'En retard', 'Annulée'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export function isInvoiceStatus(value: unknown): value is InvoiceStatus {
  return typeof value === 'string' && (INVOICE_STATUSES as readonly string[]).includes(value);
}

/** Payment within 30 days by default; never more than 60 days after issue (code de commerce L441-10). */
export const DEFAULT_PAYMENT_DELAY_DAYS = 30;
export const MAX_PAYMENT_DELAY_DAYS = 60;
/** Indemnité forfaitaire pour frais de recouvrement owed by a business client paying late (D441-5). */
export const RECOVERY_FEE_CENTS = 4000;

export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = { acompte: 'Facture d’acompte', situation: 'Situation de travaux', solde: 'Facture de solde' };

/** « Facture d’acompte — devis D-2026-0001 », « Situation de travaux n° 2 — devis … ». */
export function invoiceTitle(kind: InvoiceKind, quoteReference: string, situationIndex: number | null = null): string {
  const base = kind === 'situation' && situationIndex ? `${INVOICE_KIND_LABELS.situation} n° ${situationIndex}` : INVOICE_KIND_LABELS[kind];
  return `${base} — devis ${quoteReference}`;
}

// ---------------------------------------------------------------------------------------------
// Amounts per rate
// ---------------------------------------------------------------------------------------------

export interface RateAmount {
  rateBp: TvaRate;
  baseCents: number;
  tvaCents: number;
}

export interface AmountTotals {
  totalHtCents: number;
  totalTvaCents: number;
  totalTtcCents: number;
}

export function totalsOf(byRate: readonly RateAmount[]): AmountTotals {
  const totalHtCents = byRate.reduce((s, r) => s + r.baseCents, 0);
  const totalTvaCents = byRate.reduce((s, r) => s + r.tvaCents, 0);
  return { totalHtCents, totalTvaCents, totalTtcCents: totalHtCents + totalTvaCents };
}

const amountAt = (list: readonly RateAmount[], rate: TvaRate) => list.find((r) => r.rateBp === rate) ?? { rateBp: rate, baseCents: 0, tvaCents: 0 };

/** Per-rate sums of several lists, highest rate first, rates with nothing left out. */
export function sumByRate(lists: ReadonlyArray<readonly RateAmount[]>, sign: 1 | -1 = 1): RateAmount[] {
  return TVA_RATES.map((rateBp) => {
    let baseCents = 0;
    let tva = 0;
    for (const list of lists) {
      const a = amountAt(list, rateBp);
      baseCents += a.baseCents;
      tva += a.tvaCents;
    }
    return { rateBp, baseCents: sign * baseCents, tvaCents: sign * tva };
  }).filter((r) => r.baseCents !== 0 || r.tvaCents !== 0);
}

/** `a − b` per rate. */
function minus(a: readonly RateAmount[], b: readonly RateAmount[]): RateAmount[] {
  return TVA_RATES.map((rateBp) => ({
    rateBp,
    baseCents: amountAt(a, rateBp).baseCents - amountAt(b, rateBp).baseCents,
    tvaCents: amountAt(a, rateBp).tvaCents - amountAt(b, rateBp).tvaCents,
  })).filter((r) => r.baseCents !== 0 || r.tvaCents !== 0);
}

/**
 * The HT base whose TTC at `rateBp` is `ttcCents` by the one rounding rule, when one exists; else
 * the largest base whose TTC stays below it (at 20 % some TTC cents are reached by no base).
 */
export function baseForTtc(ttcCents: number, rateBp: TvaRate): number {
  if (ttcCents <= 0) return 0;
  const guess = Math.round((ttcCents * FULL_PERCENT_BP) / (FULL_PERCENT_BP + rateBp));
  for (const b of [guess, guess - 1, guess + 1]) if (b >= 0 && b + tvaCents(b, rateBp) === ttcCents) return b;
  let b = guess + 1;
  while (b > 0 && b + tvaCents(b, rateBp) > ttcCents) b -= 1;
  return b;
}

/**
 * Bases worth `ttcCents` spread over the rates of `room` in proportion to what is left at each
 * rate, never more than what is left: a deposit, a partial credit note.
 */
function spreadTtc(ttcCents: number, room: readonly RateAmount[]): RateAmount[] {
  const rates = room.filter((r) => r.baseCents + r.tvaCents > 0);
  if (!rates.length || ttcCents <= 0) return [];
  const parts = allocate(
    ttcCents,
    rates.map((r) => r.baseCents + r.tvaCents),
  );
  // A rate's whole rest only when its part covers it: a rest whose TVA was left a cent high by
  // earlier roundings would otherwise give more than asked.
  const full = rates.map((r, i) => parts[i] >= r.baseCents + r.tvaCents);
  const at = (i: number, baseCents: number): RateAmount => {
    const r = rates[i];
    if (full[i] && baseCents >= r.baseCents) return { ...r };
    const base = Math.min(baseCents, r.baseCents);
    return { rateBp: r.rateBp, baseCents: base, tvaCents: Math.min(tvaCents(base, r.rateBp), r.tvaCents) };
  };
  const bases = rates.map((r, i) => (full[i] ? r.baseCents : Math.min(baseForTtc(parts[i], r.rateBp), r.baseCents)));
  let best = rates.map((_, i) => at(i, bases[i]));
  // Each rate's TTC may fall a cent short of its part (no base reaches it): move a cent or two of
  // base between rates until the whole is exact, when some combination reaches it.
  const short = ttcCents - totalsOf(best).totalTtcCents;
  if (short > 0 && rates.length <= 4) {
    const steps = [0, 1, -1, 2, -2];
    const combos = (n: number): number[][] => (n === 0 ? [[]] : combos(n - 1).flatMap((c) => steps.map((s) => [...c, s])));
    for (const combo of combos(rates.length)) {
      if (combo.some((d, i) => bases[i] + d < 0 || bases[i] + d > rates[i].baseCents)) continue;
      const candidate = rates.map((_, i) => at(i, bases[i] + combo[i]));
      if (totalsOf(candidate).totalTtcCents === ttcCents) {
        best = candidate;
        break;
      }
    }
  }
  return best.filter((r) => r.baseCents !== 0 || r.tvaCents !== 0);
}

// ---------------------------------------------------------------------------------------------
// The contract: a validated quote
// ---------------------------------------------------------------------------------------------

export interface InvoicedContract {
  /** Each lot's title and its counted HT bases per rate (the percentages of a situation apply to them). */
  lots: Array<{ title: string; byRate: Array<{ rateBp: TvaRate; baseCents: number }>; totalHtCents: number }>;
  /** The quote's bases and TVA per rate, by the one rounding rule. */
  byRate: RateAmount[];
  totals: AmountTotals;
  /** Retenue de garantie in basis points of the TTC (≤ 5 %), 0 when none. */
  retentionBp: number;
}

/**
 * The contract of a validated quote: its lots' counted lines (options the client did not take
 * marked `optional`, as `totalsWithOptions` does), and its retenue de garantie.
 */
export function contractOf(lots: readonly QuoteLotInput[], retentionBp = 0): InvoicedContract {
  const totals = computeTotals(lots.flatMap((l) => l.lines));
  let index = 0;
  const lotRates = lots.map((lot) => {
    const bases = new Map<TvaRate, number>();
    for (const line of lot.lines) {
      const net = totals.lines[index++];
      if (net.counted) bases.set(line.tvaRateBp, (bases.get(line.tvaRateBp) ?? 0) + net.netCents);
    }
    const byRate = TVA_RATES.filter((r) => bases.has(r)).map((rateBp) => ({ rateBp, baseCents: bases.get(rateBp) as number }));
    return { title: lot.title, byRate, totalHtCents: byRate.reduce((s, r) => s + r.baseCents, 0) };
  });
  const byRate = totals.byRate.map((r) => ({ rateBp: r.rateBp, baseCents: r.baseCents, tvaCents: r.tvaCents }));
  return { lots: lotRates, byRate, totals: totalsOf(byRate), retentionBp };
}

// ---------------------------------------------------------------------------------------------
// Issuing an invoice
// ---------------------------------------------------------------------------------------------

/** An invoice already issued on the same quote, with what credit notes took back from it. */
export interface PriorInvoice {
  number: string;
  kind: InvoiceKind;
  issueDate: string;
  byRate: RateAmount[];
  /** Per-lot cumulative progress of a situation, in basis points; null for other kinds. */
  progressBp: number[] | null;
  /** Sum of its credit notes per rate (positive amounts). */
  credited: RateAmount[];
  /** The retenue de garantie it withheld (a balance), 0 or absent otherwise. */
  retentionCents?: number;
}

export type InvoiceRequest =
  { kind: 'acompte'; percentBp?: number | null; amountCents?: number | null } | { kind: 'situation'; progressBp: number[] } | { kind: 'solde' };

/** A line of the invoice as printed: a lot (situation, balance) or the deposit asked. */
export interface InvoiceLine {
  label: string;
  /** The lot's HT amount in the contract (or the deposit's base). */
  contractHtCents: number;
  /** Cumulative progress of a situation; 100 % on a balance; null on a deposit. */
  progressBp: number | null;
  previousProgressBp: number | null;
  /** The cumulative HT amount done at this progress (contract amount × progress). */
  cumulativeHtCents: number;
}

/** A previous invoice the new one deducts, printed with its number, date and amount. */
export interface InvoiceDeduction {
  number: string;
  kind: InvoiceKind;
  issueDate: string;
  totalHtCents: number;
  totalTtcCents: number;
}

export interface InvoiceDraft {
  kind: InvoiceKind;
  /** What this invoice invoices, per rate. */
  byRate: RateAmount[];
  totals: AmountTotals;
  /** Work done to date (situation: at the progress given; balance: the whole contract), before deductions. */
  work: AmountTotals | null;
  /** The same per rate, TVA by the rule on each cumulative base: what the décompte prints. */
  workByRate: RateAmount[] | null;
  /** Previous invoices deducted (situation and balance), net of their credit notes. */
  deductions: InvoiceDeduction[];
  /** Retenue de garantie withheld from the balance's payment. */
  retentionCents: number;
  /** What the client is asked to pay: TTC less the retenue de garantie. */
  amountDueCents: number;
  lines: InvoiceLine[];
  progressBp: number[] | null;
  /** A deposit's percentage of the contract's TTC (asked or derived from the amount), for the wording. */
  depositPercentBp: number | null;
}

const net = (p: PriorInvoice) => minus(p.byRate, p.credited);
const isCancelled = (p: PriorInvoice) => totalsOf(net(p)).totalTtcCents <= 0 && totalsOf(p.byRate).totalTtcCents > 0;

/** What the previous invoices of a quote took, net of credit notes. */
export function invoicedSoFar(prior: readonly PriorInvoice[]): RateAmount[] {
  return sumByRate(prior.map(net));
}

/** The latest situation's progress per lot (zeros when none), against which a new one is measured. */
export function previousProgress(contract: InvoicedContract, prior: readonly PriorInvoice[]): number[] {
  const situations = prior.filter((p) => p.kind === 'situation' && p.progressBp && !isCancelled(p));
  const last = situations[situations.length - 1];
  return contract.lots.map((_, i) => last?.progressBp?.[i] ?? 0);
}

function invalid(code: string, message: string, params: Record<string, string | number> = {}): { ok: false; refusal: Refusal } {
  return { ok: false, refusal: refusal(code, message, params, 400) };
}
function conflict(code: string, message: string, params: Record<string, string | number> = {}): { ok: false; refusal: Refusal } {
  return { ok: false, refusal: refusal(code, message, params, 409) };
}

function deductionsOf(prior: readonly PriorInvoice[]): InvoiceDeduction[] {
  return prior
    .filter((p) => !isCancelled(p))
    .map((p) => {
      const t = totalsOf(net(p));
      return { number: p.number, kind: p.kind, issueDate: p.issueDate, totalHtCents: t.totalHtCents, totalTtcCents: t.totalTtcCents };
    });
}

/**
 * Work done to date at `progress` (basis points per lot): each lot's HT at its progress, rounded
 * once (the amount its line prints), spread over the lot's rates by the largest remainder; the TVA
 * of each rate by the one rule on its cumulative base. At 100 % everywhere it is the contract.
 */
export function workToDate(contract: InvoicedContract, progress: readonly number[]): { lots: number[]; byRate: RateAmount[] } {
  const bases = new Map<TvaRate, number>();
  const lots = contract.lots.map((lot, i) => {
    const cumulative = percentOf(lot.totalHtCents, progress[i] ?? 0);
    const weights = lot.byRate.map((r) => r.baseCents);
    // A lot whose rates do not all have a positive base (older quotes): each rate rounded alone.
    const parts =
      weights.length && weights.every((w) => w >= 0) && lot.totalHtCents > 0
        ? allocate(cumulative, weights)
        : lot.byRate.map((r) => percentOf(r.baseCents, progress[i] ?? 0));
    lot.byRate.forEach((r, k) => bases.set(r.rateBp, (bases.get(r.rateBp) ?? 0) + parts[k]));
    return parts.reduce((s, p) => s + p, 0);
  });
  const byRate = TVA_RATES.filter((rateBp) => bases.has(rateBp))
    .map((rateBp) => {
      const baseCents = bases.get(rateBp) as number;
      return { rateBp, baseCents, tvaCents: tvaCents(baseCents, rateBp) };
    })
    .filter((r) => r.baseCents !== 0 || r.tvaCents !== 0);
  return { lots, byRate };
}

/**
 * The invoice `request` would issue on `contract` after the `prior` invoices, or the refusal:
 * the quote fully invoiced (a balance stands), a deposit above what is left (over-invoicing), a
 * situation going backwards or above 100 %, nothing left to invoice.
 */
export function draftInvoice(
  contract: InvoicedContract,
  prior: readonly PriorInvoice[],
  request: InvoiceRequest,
): { ok: true; draft: InvoiceDraft } | { ok: false; refusal: Refusal } {
  // A balance closes the contract only while nothing of it was taken back by credit notes: what an
  // avoir credited may be invoiced again, even after the balance (decision 1062).
  if (prior.some((p) => p.kind === 'solde' && !isCancelled(p)) && totalsOf(minus(contract.byRate, invoicedSoFar(prior))).totalTtcCents <= 0) {
    return conflict('INVOICE_QUOTE_FULLY_INVOICED', 'Ce devis a déjà sa facture de solde : il ne peut plus être facturé.');
  }
  const invoiced = invoicedSoFar(prior);
  const room = minus(contract.byRate, invoiced);
  const roomTtc = totalsOf(room).totalTtcCents;
  const contractTtc = contract.totals.totalTtcCents;

  if (request.kind === 'acompte') {
    const hasPercent = request.percentBp !== undefined && request.percentBp !== null;
    const hasAmount = request.amountCents !== undefined && request.amountCents !== null;
    if (hasPercent === hasAmount) return invalid('INVOICE_DEPOSIT_AMOUNT_REQUIRED', 'Indiquez l’acompte en pourcentage ou en montant, l’un des deux.');
    if (hasPercent && (!Number.isSafeInteger(request.percentBp) || request.percentBp! <= 0 || request.percentBp! > FULL_PERCENT_BP)) {
      return invalid('INVOICE_DEPOSIT_PERCENT_INVALID', 'Le pourcentage d’acompte doit être compris entre 0 et 100 %.');
    }
    if (hasAmount && (!Number.isSafeInteger(request.amountCents) || request.amountCents! <= 0)) {
      return invalid('INVOICE_DEPOSIT_AMOUNT_INVALID', 'Le montant de l’acompte doit être positif.');
    }
    const asked = hasPercent ? percentOf(contractTtc, request.percentBp!) : request.amountCents!;
    if (asked > roomTtc) {
      return conflict('INVOICE_OVER_QUOTE', `Cet acompte dépasse ce qui reste à facturer sur le devis (${formatEuros(roomTtc)} TTC).`, {
        asked_cents: asked,
        left_cents: roomTtc,
        left: formatEuros(roomTtc),
      });
    }
    const byRate = spreadTtc(asked, room);
    const totals = totalsOf(byRate);
    if (totals.totalTtcCents <= 0) return invalid('INVOICE_DEPOSIT_AMOUNT_INVALID', 'Le montant de l’acompte doit être positif.');
    const percent = hasPercent ? request.percentBp! : contractTtc > 0 ? Math.round((totals.totalTtcCents * FULL_PERCENT_BP) / contractTtc) : 0;
    return {
      ok: true,
      draft: {
        kind: 'acompte',
        byRate,
        totals,
        work: null,
        workByRate: null,
        deductions: [],
        retentionCents: 0,
        amountDueCents: totals.totalTtcCents,
        lines: byRate.map((r) => ({
          label: 'Acompte',
          contractHtCents: r.baseCents,
          progressBp: null,
          previousProgressBp: null,
          cumulativeHtCents: r.baseCents,
        })),
        progressBp: null,
        depositPercentBp: percent,
      },
    };
  }

  if (request.kind === 'situation') {
    const progress = request.progressBp;
    if (progress.length !== contract.lots.length) {
      return invalid('INVOICE_PROGRESS_LOTS', `Indiquez l’avancement de chacun des ${contract.lots.length} lots du devis.`, { lots: contract.lots.length });
    }
    if (progress.some((p) => !Number.isSafeInteger(p) || p < 0 || p > FULL_PERCENT_BP)) {
      return invalid('INVOICE_PROGRESS_INVALID', 'L’avancement de chaque lot est compris entre 0 et 100 %.');
    }
    const before = previousProgress(contract, prior);
    const back = progress.findIndex((p, i) => p < before[i]);
    if (back >= 0) {
      return conflict('INVOICE_PROGRESS_DECREASING', `L’avancement du lot « ${contract.lots[back].title} » ne peut pas baisser d’une situation à l’autre.`, {
        lot: contract.lots[back].title,
      });
    }
    // Work done to date (each lot rounded once, TVA by the rule on the cumulative base), less
    // everything invoiced before, per rate: a rate whose deposit exceeds its work gives back the
    // excess against the others (decision 1000).
    const work = workToDate(contract, progress);
    const byRate = minus(work.byRate, invoiced);
    const totals = totalsOf(byRate);
    if (totals.totalTtcCents <= 0) {
      return conflict(
        'INVOICE_NOTHING_TO_INVOICE',
        'À cet avancement, tout a déjà été facturé (acomptes et situations précédentes) : il n’y a rien à facturer.',
      );
    }
    return {
      ok: true,
      draft: {
        kind: 'situation',
        byRate,
        totals,
        work: totalsOf(work.byRate),
        workByRate: work.byRate,
        deductions: deductionsOf(prior),
        retentionCents: 0,
        amountDueCents: totals.totalTtcCents,
        lines: contract.lots.map((lot, i) => ({
          label: lot.title,
          contractHtCents: lot.totalHtCents,
          progressBp: progress[i],
          previousProgressBp: before[i],
          cumulativeHtCents: work.lots[i],
        })),
        progressBp: [...progress],
        depositPercentBp: null,
      },
    };
  }

  // Balance: the whole contract less everything invoiced before, retenue de garantie withheld.
  const byRate = room.filter((r) => r.baseCents !== 0 || r.tvaCents !== 0);
  const totals = totalsOf(byRate);
  if (totals.totalTtcCents <= 0) return conflict('INVOICE_NOTHING_TO_INVOICE', 'Tout le devis a déjà été facturé : il n’y a rien à facturer en solde.');
  // A second balance (re-invoicing what a credit note took back) withholds only what the standing
  // balances have not already withheld: the retenue is the contract's, once.
  const withheld = prior.filter((p) => p.kind === 'solde' && !isCancelled(p)).reduce((s, p) => s + (p.retentionCents ?? 0), 0);
  const retentionCents = Math.max(0, Math.min(percentOf(contractTtc, contract.retentionBp) - withheld, totals.totalTtcCents));
  return {
    ok: true,
    draft: {
      kind: 'solde',
      byRate,
      totals,
      work: contract.totals,
      workByRate: contract.byRate,
      deductions: deductionsOf(prior),
      retentionCents,
      amountDueCents: totals.totalTtcCents - retentionCents,
      lines: contract.lots.map((lot) => ({
        label: lot.title,
        contractHtCents: lot.totalHtCents,
        progressBp: FULL_PERCENT_BP,
        previousProgressBp: null,
        cumulativeHtCents: lot.totalHtCents,
      })),
      progressBp: null,
      depositPercentBp: null,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Credit notes (avoirs)
// ---------------------------------------------------------------------------------------------

/**
 * The credit note taking back `amountCents` TTC of an invoice (all that is left when null), spread
 * over its rates like the invoice; taking back the rest is the exact rest per rate, so a full
 * credit note is the exact opposite of its invoice.
 */
export function draftCreditNote(
  invoice: { byRate: readonly RateAmount[]; credited: readonly RateAmount[] },
  amountCents: number | null,
): { ok: true; byRate: RateAmount[]; totals: AmountTotals } | { ok: false; refusal: Refusal } {
  const left = minus(invoice.byRate, invoice.credited);
  const leftTtc = totalsOf(left).totalTtcCents;
  if (leftTtc <= 0) return conflict('INVOICE_ALREADY_CANCELLED', 'Cette facture est déjà entièrement annulée par des avoirs.');
  if (amountCents !== null && (!Number.isSafeInteger(amountCents) || amountCents <= 0))
    return invalid('INVOICE_CREDIT_AMOUNT_INVALID', 'Le montant de l’avoir doit être positif.');
  if (amountCents !== null && amountCents > leftTtc) {
    return conflict('INVOICE_CREDIT_OVER', `L’avoir dépasse ce qui reste de la facture (${formatEuros(leftTtc)} TTC).`, {
      asked_cents: amountCents,
      left_cents: leftTtc,
      left: formatEuros(leftTtc),
    });
  }
  const byRate = amountCents === null || amountCents === leftTtc ? left : spreadTtc(amountCents, left);
  return { ok: true, byRate, totals: totalsOf(byRate) };
}

/**
 * A situation is cumulative: the next one deducts it. Once a later situation or the balance stands,
 * cancelling the earlier one alone would leave the later one resting on an invoice that no longer
 * counts (per rate, what was invoiced could then exceed the contract). So only the latest standing
 * situation can be credited; an earlier one is corrected through the later ones (decision 1225).
 * Deposits can be credited at any time: they only ever lower what the later invoices deducted.
 */
export function creditNoteOrderRefusal(target: Pick<PriorInvoice, 'number' | 'kind'>, prior: readonly PriorInvoice[]): Refusal | null {
  if (target.kind !== 'situation') return null;
  const at = prior.findIndex((p) => p.number === target.number);
  const later = prior.slice(at + 1).find((p) => (p.kind === 'situation' || p.kind === 'solde') && !isCancelled(p));
  if (at < 0 || !later) return null;
  return refusal(
    'INVOICE_CREDIT_LATER_SITUATION',
    `La facture ${later.number}, émise après cette situation, la reprend : annulez d’abord la plus récente, ou corrigez l’avancement sur la prochaine situation.`,
    { later: later.number },
    409,
  );
}

// ---------------------------------------------------------------------------------------------
// Status
// ---------------------------------------------------------------------------------------------

export interface InvoiceBalance {
  totalTtcCents: number;
  retentionCents: number;
  creditedCents: number;
  paidCents: number;
  dueDate: CalendarDate;
  /** The day the retenue was released (decision 0721): from then on it is due too. */
  retentionReleasedOn?: string | null;
}

/** The retenue still withheld: none once released (decision 0721). */
export const retentionWithheld = (i: Pick<InvoiceBalance, 'retentionCents' | 'retentionReleasedOn'>): number => (i.retentionReleasedOn ? 0 : i.retentionCents);

/** What is still to be paid: TTC less credit notes, the retenue de garantie still withheld and payments, never below 0. */
export function amountLeftToPay(i: Omit<InvoiceBalance, 'dueDate'>): number {
  return Math.max(0, i.totalTtcCents - i.creditedCents - retentionWithheld(i) - i.paidCents);
}

/** A released retenue is payable within this many days of its release (decision 0721). */
export const RETENTION_PAYMENT_DAYS = DEFAULT_PAYMENT_DELAY_DAYS;

/** The day a released retenue is due, or null while it is withheld. */
export const retentionDueDate = (i: Pick<InvoiceBalance, 'retentionReleasedOn'>): CalendarDate | null =>
  i.retentionReleasedOn ? addDays(i.retentionReleasedOn as CalendarDate, RETENTION_PAYMENT_DAYS) : null;

/**
 * Overdue: what was asked at issue (TTC − credit notes − retenue) is unpaid past the due date, or a
 * released retenue is unpaid past its own due date (decision 0721).
 */
export function isInvoiceOverdue(i: InvoiceBalance, today: CalendarDate): boolean {
  const askedLeft = i.totalTtcCents - i.creditedCents - i.retentionCents - i.paidCents;
  if (askedLeft > 0 && isOverdue(i.dueDate, today)) return true;
  const retentionDue = retentionDueDate(i);
  return retentionDue !== null && amountLeftToPay(i) > 0 && isOverdue(retentionDue, today);
}

/**
 * The status an invoice shows today (Paris calendar): `Annulée` once credit notes took it all back,
 * `Payée` once nothing is left to pay, `En retard` past its due date, `Partiellement payée` after a
 * first payment, `Émise` otherwise. Computed on every read, never stored.
 */
export function invoiceStatus(i: InvoiceBalance, today: CalendarDate): InvoiceStatus {
  if (i.creditedCents >= i.totalTtcCents) return 'Annulée';
  if (amountLeftToPay(i) === 0) return 'Payée';
  if (isInvoiceOverdue(i, today)) return 'En retard';
  if (i.paidCents > 0) return 'Partiellement payée';
  return 'Émise';
}

/** Whether a payment-delay in days is allowed (0 = on receipt). */
export function paymentDelayRefusal(days: number): Refusal | null {
  if (!Number.isSafeInteger(days) || days < 0 || days > MAX_PAYMENT_DELAY_DAYS) {
    return refusal(
      'INVOICE_PAYMENT_DELAY_INVALID',
      `Le délai de paiement est compris entre 0 et ${MAX_PAYMENT_DELAY_DAYS} jours.`,
      { max: MAX_PAYMENT_DELAY_DAYS },
      400,
    );
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Bank details printed on the invoice
// ---------------------------------------------------------------------------------------------

/** An IBAN's ISO 13616 check (mod 97 = 1), spaces ignored. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

export function isValidBic(value: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value.replace(/\s+/g, '').toUpperCase());
}

/** IBAN in groups of four, as printed. */
export function formatIban(value: string): string {
  return value
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})/g, '$1 ')
    .trim();
}
