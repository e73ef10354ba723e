import { sumByRate, type InvoiceKind, type RateAmount } from '../invoices';
import { formatPercent } from '../money';
import { fecAccountLabel, vatAccountOf, type FecAccountKey, type FecAccounts } from './accounts';

/**
 * The sales side of an issuer's books as FEC lines (LPF art. A47 A-1; issue 37 §3, decision 1210):
 * a VE (ventes) entry per invoice, credit note and retenue release, a BQ (banque) entry per payment
 * and refund. Pure: the records in, the lines out, amounts in integer cents.
 */

export interface FecInvoice {
  id: number;
  number: string;
  kind: InvoiceKind;
  clientId: number;
  clientName: string;
  /** `YYYY-MM-DD`. */
  issueDate: string;
  byRate: readonly RateAmount[];
  retentionCents: number;
  retentionReleasedOn: string | null;
  /** The deposits (their HT per rate, net of credit notes) this invoice deducts: a balance's. */
  depositsDeducted: readonly RateAmount[];
}

export interface FecCreditNote {
  id: number;
  number: string;
  invoiceId: number;
  issueDate: string;
  byRate: readonly RateAmount[];
}

/** Money received (`amountCents` > 0) on an invoice, or given back to the client (a refund). */
export interface FecCashMovement {
  id: number;
  invoiceId: number;
  kind: 'paiement' | 'remboursement';
  date: string;
  amountCents: number;
  /** What the bank statement shows (card, transfer reference). */
  label: string;
}

export interface FecLine {
  journalCode: 'VE' | 'BQ';
  journalLib: string;
  ecritureNum: number;
  /** `YYYY-MM-DD`. */
  ecritureDate: string;
  compteNum: string;
  compteLib: string;
  compAuxNum: string;
  compAuxLib: string;
  pieceRef: string;
  pieceDate: string;
  ecritureLib: string;
  debitCents: number;
  creditCents: number;
  ecritureLet: string;
  dateLet: string;
  validDate: string;
}

export interface BuildFecOptions {
  /** First and last day of the fiscal year, `YYYY-MM-DD`. */
  period: { start: string; end: string };
  accounts: FecAccounts;
  /** TVA on debits (due at invoicing) instead of on payments (the default for works and services). */
  vatOnDebits: boolean;
  invoices: readonly FecInvoice[];
  creditNotes: readonly FecCreditNote[];
  cash: readonly FecCashMovement[];
}

export const FEC_JOURNALS = { VE: 'Journal des ventes', BQ: 'Journal de banque' } as const;

/** A client's auxiliary account: `C` and the client's id on 8 digits. */
export const clientAuxAccount = (clientId: number): string => `C${String(clientId).padStart(8, '0')}`;

interface Draft {
  journalCode: 'VE' | 'BQ';
  date: string;
  order: number;
  key: number;
  pieceRef: string;
  pieceDate: string;
  lib: string;
  invoiceId: number;
  lines: { account: FecAccountKey; signed: number; aux: boolean; lib: string }[];
}

const ORDER = { invoice: 0, creditNote: 1, release: 2, cash: 3 } as const;

/** `amount × part / whole`, rounded half up, in integers (no float on the way). */
function share(amount: number, part: number, whole: number): number {
  if (whole === 0) return 0;
  const n = BigInt(amount) * BigInt(part);
  const w = BigInt(whole);
  const sign = n < 0n !== w < 0n ? -1n : 1n;
  const abs = (n < 0n ? -n : n) * 2n + (w < 0n ? -w : w);
  return Number((sign * abs) / (2n * (w < 0n ? -w : w)));
}

/** The TVA of an invoice moved out of the waiting account once `cashCents` of it is received. */
function vatMoved(invoice: FecInvoice, cashCents: number): Map<FecAccountKey, number> {
  const ttc = invoice.byRate.reduce((s, r) => s + r.baseCents + r.tvaCents, 0);
  const paid = Math.max(0, Math.min(cashCents, ttc));
  const moved = new Map<FecAccountKey, number>();
  for (const r of invoice.byRate) {
    const account = vatAccountOf(r.rateBp);
    if (!account || r.tvaCents === 0) continue;
    moved.set(account, (moved.get(account) ?? 0) + share(r.tvaCents, paid, ttc));
  }
  return moved;
}

/** Lettering codes A, B… Z, AA, AB…: the n-th settled invoice (0-based). */
export function letteringCode(n: number): string {
  let code = '';
  let k = n + 1;
  while (k > 0) {
    k -= 1;
    code = String.fromCharCode(65 + (k % 26)) + code;
    k = Math.floor(k / 26);
  }
  return code;
}

/** The FEC lines of the period, entries numbered without gaps per journal. */
export function buildFecLines(options: BuildFecOptions): FecLine[] {
  const { accounts, vatOnDebits, period } = options;
  const invoices = new Map(options.invoices.map((i) => [i.id, i]));
  const vatOf = (rateBp: RateAmount['rateBp']): FecAccountKey | null => {
    const account = vatAccountOf(rateBp);
    return account && !vatOnDebits ? 'vatWaiting' : account;
  };
  const revenueOf = (kind: InvoiceKind): FecAccountKey => (kind === 'acompte' ? 'deposits' : 'revenue');
  const drafts: Draft[] = [];

  for (const inv of options.invoices) {
    const ttc = inv.byRate.reduce((s, r) => s + r.baseCents + r.tvaCents, 0);
    const lines: Draft['lines'] = [
      { account: 'clients', signed: ttc - inv.retentionCents, aux: true, lib: `Facture ${inv.number}` },
      { account: 'retention', signed: inv.retentionCents, aux: true, lib: `Retenue de garantie ${inv.number}` },
    ];
    for (const r of inv.byRate) {
      const rate = formatPercent(r.rateBp);
      lines.push({
        account: revenueOf(inv.kind),
        signed: -r.baseCents,
        aux: false,
        lib: `${inv.kind === 'acompte' ? 'Acompte' : 'Facture'} ${inv.number} HT ${rate}`,
      });
      const vat = vatOf(r.rateBp);
      if (vat) lines.push({ account: vat, signed: -r.tvaCents, aux: false, lib: `TVA ${rate} ${inv.number}` });
    }
    for (const d of inv.depositsDeducted) {
      const rate = formatPercent(d.rateBp);
      lines.push({ account: 'deposits', signed: d.baseCents, aux: false, lib: `Acomptes déduits ${inv.number} HT ${rate}` });
      lines.push({ account: 'revenue', signed: -d.baseCents, aux: false, lib: `Acomptes déduits ${inv.number} HT ${rate}` });
    }
    drafts.push({
      journalCode: 'VE',
      date: inv.issueDate,
      order: ORDER.invoice,
      key: inv.id,
      pieceRef: inv.number,
      pieceDate: inv.issueDate,
      lib: `Facture ${inv.number}`,
      invoiceId: inv.id,
      lines,
    });
  }

  // An invoice's credit notes in their order: the one that cancels what is left of a balance also
  // cancels its retenue, which the platform then never releases (decision 1210): it leaves 4117.
  const credited = new Map<number, number>();
  const retentionCancelledOn = new Map<number, string>();
  const notes = [...options.creditNotes].sort((a, b) => (a.issueDate !== b.issueDate ? (a.issueDate < b.issueDate ? -1 : 1) : a.id - b.id));
  for (const cn of notes) {
    const inv = invoices.get(cn.invoiceId);
    if (!inv) throw new RangeError(`L’avoir ${cn.number} porte sur une facture absente.`);
    const ttc = cn.byRate.reduce((s, r) => s + r.baseCents + r.tvaCents, 0);
    const invoiceTtc = inv.byRate.reduce((s, r) => s + r.baseCents + r.tvaCents, 0);
    const before = credited.get(inv.id) ?? 0;
    credited.set(inv.id, before + ttc);
    const released = inv.retentionReleasedOn !== null && inv.retentionReleasedOn <= cn.issueDate;
    const cancelsRetention = inv.retentionCents > 0 && !released && before < invoiceTtc && before + ttc >= invoiceTtc;
    const retention = cancelsRetention ? inv.retentionCents : 0;
    if (cancelsRetention) retentionCancelledOn.set(inv.id, cn.issueDate);
    const lines: Draft['lines'] = [
      { account: 'clients', signed: -(ttc - retention), aux: true, lib: `Avoir ${cn.number} sur ${inv.number}` },
      { account: 'retention', signed: -retention, aux: true, lib: `Retenue annulée par l’avoir ${cn.number}` },
    ];
    for (const r of cn.byRate) {
      const rate = formatPercent(r.rateBp);
      lines.push({ account: revenueOf(inv.kind), signed: r.baseCents, aux: false, lib: `Avoir ${cn.number} HT ${rate}` });
      const vat = vatOf(r.rateBp);
      if (vat) lines.push({ account: vat, signed: r.tvaCents, aux: false, lib: `TVA ${rate} avoir ${cn.number}` });
    }
    drafts.push({
      journalCode: 'VE',
      date: cn.issueDate,
      order: ORDER.creditNote,
      key: cn.id,
      pieceRef: cn.number,
      pieceDate: cn.issueDate,
      lib: `Avoir ${cn.number}`,
      invoiceId: inv.id,
      lines,
    });
  }

  // Releases, after the avoirs: a retenue an avoir cancelled first is not released (the platform does neither).
  for (const inv of options.invoices) {
    const cancelled = retentionCancelledOn.get(inv.id);
    if (inv.retentionReleasedOn && inv.retentionCents > 0 && !(cancelled !== undefined && cancelled <= inv.retentionReleasedOn)) {
      drafts.push({
        journalCode: 'VE',
        date: inv.retentionReleasedOn,
        order: ORDER.release,
        key: inv.id,
        pieceRef: inv.number,
        pieceDate: inv.retentionReleasedOn,
        lib: `Libération retenue ${inv.number}`,
        invoiceId: inv.id,
        lines: [
          { account: 'clients', signed: inv.retentionCents, aux: true, lib: `Libération retenue ${inv.number}` },
          { account: 'retention', signed: -inv.retentionCents, aux: true, lib: `Libération retenue ${inv.number}` },
        ],
      });
    }
  }

  // Cash, in order per invoice: the TVA moved out of the waiting account follows what was received so far.
  const cash = [...options.cash].sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1));
  const received = new Map<number, number>();
  for (const c of cash) {
    const inv = invoices.get(c.invoiceId);
    if (!inv) throw new RangeError(`Un paiement porte sur une facture absente.`);
    const signed = c.kind === 'paiement' ? c.amountCents : -c.amountCents;
    const before = received.get(inv.id) ?? 0;
    const after = before + signed;
    received.set(inv.id, after);
    const lib = `${c.kind === 'paiement' ? 'Règlement' : 'Remboursement'} ${inv.number}${c.label ? ` ${c.label}` : ''}`;
    const lines: Draft['lines'] = [
      { account: 'bank', signed, aux: false, lib },
      { account: 'clients', signed: -signed, aux: true, lib },
    ];
    if (!vatOnDebits) {
      const was = vatMoved(inv, before);
      for (const [account, now] of vatMoved(inv, after)) {
        const moved = now - (was.get(account) ?? 0);
        lines.push({ account: 'vatWaiting', signed: moved, aux: false, lib: `TVA encaissée ${inv.number}` });
        lines.push({ account, signed: -moved, aux: false, lib: `TVA encaissée ${inv.number}` });
      }
    }
    drafts.push({ journalCode: 'BQ', date: c.date, order: ORDER.cash, key: c.id, pieceRef: inv.number, pieceDate: c.date, lib, invoiceId: inv.id, lines });
  }

  drafts.sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.order !== b.order ? a.order - b.order : a.key - b.key));

  // Lettering: an invoice whose client lines come back to zero by the end of the period, its
  // retenue released, is settled on the day of its last movement; its client lines get one code.
  const balance = new Map<number, number>();
  const settledOn = new Map<number, string>();
  for (const d of drafts) {
    if (d.date > period.end) continue;
    const client = d.lines.filter((l) => l.account === 'clients').reduce((s, l) => s + l.signed, 0);
    balance.set(d.invoiceId, (balance.get(d.invoiceId) ?? 0) + client);
    settledOn.set(d.invoiceId, d.date);
  }
  const settled = [...settledOn.entries()]
    .filter(([id]) => {
      const inv = invoices.get(id)!;
      const cancelled = retentionCancelledOn.get(id);
      const retentionSettled =
        inv.retentionCents === 0 ||
        (inv.retentionReleasedOn !== null && inv.retentionReleasedOn <= period.end) ||
        (cancelled !== undefined && cancelled <= period.end);
      return balance.get(id) === 0 && retentionSettled;
    })
    .sort(([a, da], [b, db]) => (da !== db ? (da < db ? -1 : 1) : invoices.get(a)!.number < invoices.get(b)!.number ? -1 : 1));
  const letters = new Map(settled.map(([id, date], n) => [id, { code: letteringCode(n), date }]));

  const numbers = { VE: 0, BQ: 0 };
  const out: FecLine[] = [];
  for (const d of drafts) {
    if (d.date < period.start || d.date > period.end) continue;
    const lines = d.lines.filter((l) => l.signed !== 0);
    if (!lines.length) continue;
    numbers[d.journalCode] += 1;
    const inv = invoices.get(d.invoiceId)!;
    for (const l of lines) {
      const letter = l.account === 'clients' ? letters.get(d.invoiceId) : undefined;
      out.push({
        journalCode: d.journalCode,
        journalLib: FEC_JOURNALS[d.journalCode],
        ecritureNum: numbers[d.journalCode],
        ecritureDate: d.date,
        compteNum: accounts[l.account],
        compteLib: fecAccountLabel(l.account, accounts[l.account]),
        compAuxNum: l.aux ? clientAuxAccount(inv.clientId) : '',
        compAuxLib: l.aux ? inv.clientName : '',
        pieceRef: d.pieceRef,
        pieceDate: d.pieceDate,
        ecritureLib: l.lib,
        debitCents: l.signed > 0 ? l.signed : 0,
        creditCents: l.signed < 0 ? -l.signed : 0,
        ecritureLet: letter?.code ?? '',
        dateLet: letter?.date ?? '',
        validDate: d.date,
      });
    }
  }
  return out;
}

/**
 * The deposits a balance invoice moves from the deposits account to revenue: the HT, per rate, of
 * the deposit invoices of its quote issued before it, net of their credit notes issued by its day.
 * Only the quote's first balance does it (a second balance re-invoices what an avoir took back).
 */
export function depositsDeductedBy(
  invoice: { id: number; kind: InvoiceKind; quoteId: number; issueDate: string },
  invoices: ReadonlyArray<{ id: number; kind: InvoiceKind; quoteId: number; byRate: readonly RateAmount[] }>,
  creditNotes: ReadonlyArray<{ invoiceId: number; issueDate: string; byRate: readonly RateAmount[] }>,
): RateAmount[] {
  if (invoice.kind !== 'solde') return [];
  const sameQuote = invoices.filter((i) => i.quoteId === invoice.quoteId && i.id < invoice.id);
  if (sameQuote.some((i) => i.kind === 'solde')) return [];
  const deposits = sameQuote.filter((i) => i.kind === 'acompte');
  const ids = new Set(deposits.map((d) => d.id));
  const credited = creditNotes.filter((c) => ids.has(c.invoiceId) && c.issueDate <= invoice.issueDate);
  return sumByRate([
    sumByRate(deposits.map((d) => d.byRate)),
    sumByRate(
      credited.map((c) => c.byRate),
      -1,
    ),
  ]).map((r) => ({ ...r, tvaCents: 0 }));
}
