import { amendLots, type AvenantLotInput } from './avenants';
import type { CalendarDate } from './calendar';
import { contractOf, type AmountTotals, type InvoiceKind, type RateAmount } from './invoices';
import { formatEuros, MAX_AMOUNT_CENTS, type QuoteLotInput } from './money';
import { retentionReleaseDate } from './reception';
import { refusal, type Refusal } from './refusal';

/**
 * The final account of a contract — décompte général définitif, DGD (issue 38 §4, decision 1222).
 * Established by the quote's issuer once the works are received, it states the contract as amended
 * by the signed avenants, every invoice, avoir and payment, the retenue de garantie and its release
 * day, the penalties the issuer concedes, and the balance either way. Integer cents throughout; the
 * contract's amounts are `contractOf` of the amended lots — the one rounding rule (decision 0400) —
 * and everything else is a sum of amounts already rounded when their documents were issued, so the
 * account balances to the cent.
 */

export const DGD_STATUSES = ['Émis', 'Accepté', 'Contesté'] as const;
export type DgdStatus = (typeof DGD_STATUSES)[number];

/** The refusals of a DGD and of what it closes; the web words each code in the reader's language. */
export const DGD_ERRORS = {
  quoteNotValidated: 'DGD_QUOTE_NOT_VALIDATED',
  receptionMissing: 'DGD_RECEPTION_MISSING',
  avenantPending: 'DGD_AVENANT_PENDING',
  alreadyOpen: 'DGD_ALREADY_OPEN',
  notFullyInvoiced: 'DGD_NOT_FULLY_INVOICED',
  penaltiesAboveContract: 'DGD_PENALTIES_ABOVE_CONTRACT',
  penaltyInvalid: 'DGD_PENALTY_INVALID',
  notOpen: 'DGD_NOT_OPEN',
  invoicingClosed: 'DGD_INVOICING_CLOSED',
  awaitingAnswer: 'DGD_AWAITING_ANSWER',
} as const;

export const MAX_DGD_PENALTIES = 20;
export const DGD_PENALTY_LABEL_MAX = 200;
export const DGD_NOTE_MAX = 2000;

/** `D-2026-0005` and 1 → `D-2026-0005-DGD`; a DGD established again after a dispute → `-DGD2`, `-DGD3`… */
export function formatDgdNumber(quoteNumber: string, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Numéro de DGD invalide : ${sequence}`);
  return sequence === 1 ? `${quoteNumber}-DGD` : `${quoteNumber}-DGD${sequence}`;
}

/** An invoice of the contract as the account reads it. */
export interface DgdInvoiceFacts {
  number: string;
  kind: InvoiceKind;
  issueDate: string;
  totalTtcCents: number;
  /** TTC its avoirs took back. */
  creditedCents: number;
  /** The retenue de garantie it withheld (a balance), 0 otherwise. */
  retentionCents: number;
  /** What the client paid on it, less what was refunded. */
  paidCents: number;
}

export interface DgdCreditNoteFacts {
  number: string;
  invoiceNumber: string;
  issueDate: string;
  totalTtcCents: number;
}

/** A penalty the issuer deducts (late delivery, per the contract): a label and a TTC amount. */
export interface DgdPenalty {
  label: string;
  amountCents: number;
}

export interface DgdFacts {
  /** The quote's counted lots, as signed. */
  originalLots: readonly QuoteLotInput[];
  retentionBp: number;
  /** The signed avenants in the order of their numbers. */
  avenants: ReadonlyArray<{ number: string; lots: readonly AvenantLotInput[] }>;
  invoices: readonly DgdInvoiceFacts[];
  creditNotes: readonly DgdCreditNoteFacts[];
  penalties: readonly DgdPenalty[];
  receptionDate: CalendarDate;
  retentionReleasedOn: string | null;
}

export interface DgdAccount {
  original: { byRate: RateAmount[]; totals: AmountTotals };
  /** Each signed avenant's change, the contract after it less the contract before it. */
  avenants: Array<{ number: string; changeHtCents: number; changeTtcCents: number }>;
  /** The contract as amended. */
  contract: { byRate: RateAmount[]; totals: AmountTotals };
  invoicedCents: number;
  creditedCents: number;
  /** Invoiced less the avoirs. */
  netInvoicedCents: number;
  /** The amended contract less what was invoiced net: 0 once the balance invoice is issued. */
  notInvoicedCents: number;
  paidCents: number;
  penaltiesCents: number;
  retention: {
    /** Withheld on invoices not wholly cancelled by avoirs. */
    withheldCents: number;
    releaseDate: CalendarDate;
    releasedOn: string | null;
    /** Still withheld today: 0 once released. */
    heldCents: number;
  };
  /** What the client owes in all: invoiced net less the penalties. */
  dueCents: number;
  /** Due less paid: > 0 the client owes the issuer, < 0 the issuer owes the client. */
  balanceCents: number;
  /** The balance less the retenue still withheld: what is settled now; the retenue follows on its release. */
  balanceNowCents: number;
}

const part = (c: { byRate: RateAmount[]; totals: AmountTotals }) => ({ byRate: c.byRate, totals: c.totals });

/** The account from its facts. */
export function dgdAccount(f: DgdFacts): DgdAccount {
  const original = contractOf(f.originalLots, f.retentionBp);
  const avenants: DgdAccount['avenants'] = [];
  let lots: QuoteLotInput[] = f.originalLots.map((l) => ({ title: l.title, lines: [...l.lines] }));
  let before = original;
  for (const a of f.avenants) {
    lots = amendLots(lots, [a.lots]);
    const after = contractOf(lots, f.retentionBp);
    avenants.push({
      number: a.number,
      changeHtCents: after.totals.totalHtCents - before.totals.totalHtCents,
      changeTtcCents: after.totals.totalTtcCents - before.totals.totalTtcCents,
    });
    before = after;
  }
  const contract = before;
  const sum = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);
  const invoicedCents = sum(f.invoices.map((i) => i.totalTtcCents));
  const creditedCents = sum(f.invoices.map((i) => i.creditedCents));
  const netInvoicedCents = invoicedCents - creditedCents;
  const paidCents = sum(f.invoices.map((i) => i.paidCents));
  const penaltiesCents = sum(f.penalties.map((p) => p.amountCents));
  const withheldCents = sum(f.invoices.filter((i) => i.creditedCents < i.totalTtcCents).map((i) => i.retentionCents));
  const heldCents = f.retentionReleasedOn ? 0 : withheldCents;
  const dueCents = netInvoicedCents - penaltiesCents;
  const balanceCents = dueCents - paidCents;
  return {
    original: part(original),
    avenants,
    contract: part(contract),
    invoicedCents,
    creditedCents,
    netInvoicedCents,
    notInvoicedCents: contract.totals.totalTtcCents - netInvoicedCents,
    paidCents,
    penaltiesCents,
    retention: { withheldCents, releaseDate: retentionReleaseDate(f.receptionDate), releasedOn: f.retentionReleasedOn, heldCents },
    dueCents,
    balanceCents,
    balanceNowCents: balanceCents - heldCents,
  };
}

/** A penalty as typed: a label and a positive amount. */
export function dgdPenaltyRefusal(p: DgdPenalty, index: number): Refusal | null {
  const label = p.label.trim();
  if (!label || label.length > DGD_PENALTY_LABEL_MAX || !Number.isSafeInteger(p.amountCents) || p.amountCents <= 0 || p.amountCents > MAX_AMOUNT_CENTS)
    return refusal(DGD_ERRORS.penaltyInvalid, `La pénalité n° ${index + 1} doit avoir un libellé et un montant positif.`, { position: index + 1 }, 400);
  return null;
}

/**
 * Why the account cannot be established as it stands: a penalty as typed, penalties above the
 * contract, or work of the amended contract not yet invoiced (or invoiced above it) — the balance
 * invoice (or an avoir) comes first, since nothing is invoiced once the DGD is accepted.
 */
export function dgdRefusal(account: DgdAccount, penalties: readonly DgdPenalty[]): Refusal | null {
  if (penalties.length > MAX_DGD_PENALTIES)
    return refusal(DGD_ERRORS.penaltyInvalid, `Au plus ${MAX_DGD_PENALTIES} pénalités.`, { position: MAX_DGD_PENALTIES + 1 }, 400);
  for (const [index, p] of penalties.entries()) {
    const refused = dgdPenaltyRefusal(p, index);
    if (refused) return refused;
  }
  const contractTtc = account.contract.totals.totalTtcCents;
  if (account.penaltiesCents > contractTtc) {
    return refusal(
      DGD_ERRORS.penaltiesAboveContract,
      `Les pénalités (${formatEuros(account.penaltiesCents)}) dépassent le montant du marché (${formatEuros(contractTtc)} TTC).`,
      {
        penalties: formatEuros(account.penaltiesCents),
        contract: formatEuros(contractTtc),
        penalties_cents: account.penaltiesCents,
        contract_cents: contractTtc,
      },
      400,
    );
  }
  if (account.notInvoicedCents !== 0) {
    return refusal(
      DGD_ERRORS.notFullyInvoiced,
      `Le marché n’est pas entièrement facturé : il reste ${formatEuros(account.notInvoicedCents)} TTC. Émettez d’abord la facture de solde (ou un avoir).`,
      { left: formatEuros(account.notInvoicedCents), left_cents: account.notInvoicedCents },
    );
  }
  return null;
}
