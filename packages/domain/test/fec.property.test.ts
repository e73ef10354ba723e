import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildFecLines,
  depositsDeductedBy,
  DEFAULT_FEC_ACCOUNTS,
  fecAmount,
  fecFileName,
  serializeFec,
  type FecCashMovement,
  type FecCreditNote,
  type FecInvoice,
  type InvoiceKind,
  type RateAmount,
  type TvaRate,
} from '../src';
import { balances, checkBalancedAndNumbered, readFec } from './fec-reader';

/**
 * The FEC of sequences of invoices, credit notes, payments and refunds against an independent
 * reference (issue 37 §3, decision 1210): the file is read back by `fec-reader.ts` (the Test Compta
 * Demat rules), and the reference below recomputes from the records alone what the client accounts
 * must show, which invoices are settled, and the revenue.
 */

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const PERIOD = { start: '2026-01-01', end: '2026-12-31' };

interface World {
  vatOnDebits: boolean;
  invoices: FecInvoice[];
  creditNotes: FecCreditNote[];
  cash: FecCashMovement[];
}

const day = fc.integer({ min: 0, max: 450 }).map((n) => new Date(Date.UTC(2025, 10, 15) + n * 86_400_000).toISOString().slice(0, 10));
const rate = fc.constantFrom<TvaRate>(2000, 1000, 550, 0);
const rateAmount = fc.record({ rateBp: rate, baseCents: fc.integer({ min: 1, max: 5_000_000 }) }).map(({ rateBp, baseCents }): RateAmount => ({
  rateBp,
  baseCents,
  // The reference's own TVA: base × rate, half up.
  tvaCents: Math.floor((baseCents * rateBp + 5000) / 10000),
}));
const byRateArb = fc.uniqueArray(rateAmount, { minLength: 1, maxLength: 3, selector: (r) => r.rateBp });
const ttcOf = (byRate: readonly RateAmount[]) => byRate.reduce((s, r) => s + r.baseCents + r.tvaCents, 0);

const invoiceArb = fc.record({
  kind: fc.constantFrom<InvoiceKind>('acompte', 'situation', 'solde'),
  clientId: fc.integer({ min: 1, max: 3 }),
  issueDate: day,
  byRate: byRateArb,
  retentionPercent: fc.constantFrom(0, 0, 5),
  releaseAfter: fc.option(fc.integer({ min: 0, max: 400 })),
  deducted: fc.integer({ min: 0, max: 100 }),
  creditPercent: fc.option(fc.constantFrom(100, 50, 10)),
  creditAfter: fc.integer({ min: 0, max: 60 }),
  payments: fc.array(fc.record({ percent: fc.integer({ min: 1, max: 100 }), after: fc.integer({ min: 0, max: 120 }), card: fc.boolean() }), { maxLength: 3 }),
  refundAfter: fc.option(fc.integer({ min: 0, max: 60 })),
});

const plus = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const worldArb = fc
  .record({ vatOnDebits: fc.boolean(), drafts: fc.array(invoiceArb, { minLength: 1, maxLength: 12 }) })
  .map(({ vatOnDebits, drafts }): World => {
    const world: World = { vatOnDebits, invoices: [], creditNotes: [], cash: [] };
    let cashId = 0;
    drafts.forEach((d, i) => {
      const id = i + 1;
      const ttc = ttcOf(d.byRate);
      const retentionCents = d.kind === 'solde' ? Math.floor((ttc * d.retentionPercent) / 100) : 0;
      const invoice: FecInvoice = {
        id,
        number: `F-${String(id).padStart(4, '0')}`,
        kind: d.kind,
        clientId: d.clientId,
        clientName: `Client ${d.clientId}`,
        issueDate: d.issueDate,
        byRate: d.byRate,
        retentionCents,
        retentionReleasedOn: retentionCents > 0 && d.releaseAfter !== null ? plus(d.issueDate, d.releaseAfter) : null,
        depositsDeducted:
          d.kind === 'solde' ? d.byRate.map((r) => ({ rateBp: r.rateBp, baseCents: Math.floor((r.baseCents * d.deducted) / 100), tvaCents: 0 })) : [],
      };
      world.invoices.push(invoice);
      let credited = 0;
      if (d.creditPercent !== null) {
        const byRate =
          d.creditPercent === 100
            ? d.byRate
            : d.byRate.map((r) => ({
                ...r,
                baseCents: Math.floor((r.baseCents * d.creditPercent!) / 100),
                tvaCents: Math.floor((r.tvaCents * d.creditPercent!) / 100),
              }));
        credited = ttcOf(byRate);
        const creditDay = plus(d.issueDate, d.creditAfter);
        world.creditNotes.push({ id, number: `A-${String(id).padStart(4, '0')}`, invoiceId: id, issueDate: creditDay, byRate });
        // Like the platform, a retenue is never released once an avoir cancelled its whole invoice.
        if (d.creditPercent === 100 && invoice.retentionReleasedOn && creditDay < invoice.retentionReleasedOn) invoice.retentionReleasedOn = null;
      }
      // Payments never exceed what is left to pay (TTC − credit − retenue still withheld), like the platform.
      let paid = 0;
      for (const p of d.payments) {
        const date = plus(d.issueDate, p.after);
        const withheld = invoice.retentionReleasedOn && invoice.retentionReleasedOn <= date ? 0 : retentionCents;
        const left = Math.max(0, ttc - withheld - paid - (d.creditPercent !== null ? credited : 0));
        const amount = p.percent === 100 ? left : Math.floor((left * p.percent) / 100);
        if (amount <= 0) continue;
        paid += amount;
        world.cash.push({ id: ++cashId, invoiceId: id, kind: 'paiement', date, amountCents: amount, label: p.card ? 'carte' : 'virement' });
      }
      if (d.refundAfter !== null && paid > 0) {
        const over = paid + credited - (ttc - retentionCents);
        if (over > 0)
          world.cash.push({
            id: ++cashId,
            invoiceId: id,
            kind: 'remboursement',
            date: plus(d.issueDate, 130 + d.refundAfter),
            amountCents: Math.min(over, paid),
            label: '',
          });
      }
    });
    return world;
  });

// ---- the reference ----------------------------------------------------------------------------

const inPeriod = (date: string) => date >= PERIOD.start && date <= PERIOD.end;

/**
 * The retenue an avoir takes out of 4117: all of it when the avoir cancels its whole invoice before
 * the retenue was released (the platform never releases it then), nothing otherwise.
 */
function retentionCancelledBy(w: World, c: FecCreditNote): number {
  const i = w.invoices.find((inv) => inv.id === c.invoiceId)!;
  const whole = ttcOf(c.byRate) === ttcOf(i.byRate);
  const releasedBefore = i.retentionReleasedOn !== null && i.retentionReleasedOn <= c.issueDate;
  return whole && !releasedBefore ? i.retentionCents : 0;
}

/** What each client owes on 411 from the period's records: invoices − retenues withheld + released − avoirs (less the retenue they cancel) − payments + refunds. */
function expectedClientBalances(w: World): Map<string, number> {
  const m = new Map<string, number>();
  const add = (clientId: number, amount: number) => {
    const key = `C${String(clientId).padStart(8, '0')}`;
    m.set(key, (m.get(key) ?? 0) + amount);
  };
  const byId = new Map(w.invoices.map((i) => [i.id, i]));
  for (const i of w.invoices) {
    if (inPeriod(i.issueDate)) add(i.clientId, ttcOf(i.byRate) - i.retentionCents);
    if (i.retentionReleasedOn && inPeriod(i.retentionReleasedOn)) add(i.clientId, i.retentionCents);
  }
  for (const c of w.creditNotes) if (inPeriod(c.issueDate)) add(byId.get(c.invoiceId)!.clientId, -(ttcOf(c.byRate) - retentionCancelledBy(w, c)));
  for (const c of w.cash) if (inPeriod(c.date)) add(byId.get(c.invoiceId)!.clientId, c.kind === 'paiement' ? -c.amountCents : c.amountCents);
  return m;
}

/** Invoices nothing is owed on at the end of the period, their retenue released. */
function settledInvoices(w: World): Set<string> {
  const settled = new Set<string>();
  for (const i of w.invoices) {
    if (i.issueDate > PERIOD.end) continue;
    const credits = w.creditNotes.filter((c) => c.invoiceId === i.id && c.issueDate <= PERIOD.end).reduce((s, c) => s + ttcOf(c.byRate), 0);
    const cash = w.cash
      .filter((c) => c.invoiceId === i.id && c.date <= PERIOD.end)
      .reduce((s, c) => s + (c.kind === 'paiement' ? c.amountCents : -c.amountCents), 0);
    const cancelled = w.creditNotes.some((c) => c.invoiceId === i.id && c.issueDate <= PERIOD.end && retentionCancelledBy(w, c) > 0);
    const released = i.retentionCents === 0 || (i.retentionReleasedOn !== null && i.retentionReleasedOn <= PERIOD.end) || cancelled;
    if (released && ttcOf(i.byRate) - credits - cash === 0) settled.add(i.number);
  }
  return settled;
}

function fileOf(w: World): string {
  return serializeFec(
    buildFecLines({
      period: PERIOD,
      accounts: DEFAULT_FEC_ACCOUNTS,
      vatOnDebits: w.vatOnDebits,
      invoices: w.invoices,
      creditNotes: w.creditNotes,
      cash: w.cash,
    }),
  );
}

describe('FEC of the sales side (issue 37 §3)', () => {
  it('reads back by the Test Compta Demat rules; every entry and every journal balances; entries numbered without gaps', () => {
    fc.assert(
      fc.property(worldArb, (w) => {
        const lines = readFec(fileOf(w), PERIOD);
        checkBalancedAndNumbered(lines);
      }),
      { numRuns: RUNS },
    );
  });

  it('the client accounts hold invoices − avoirs − payments (+ refunds, retenues apart), per client', () => {
    fc.assert(
      fc.property(worldArb, (w) => {
        const lines = readFec(fileOf(w), PERIOD);
        const got = balances(lines, (l) => (l.account === '411' ? l.aux : null));
        const want = expectedClientBalances(w);
        for (const key of new Set([...got.keys(), ...want.keys()])) expect(got.get(key) ?? 0, key).toBe(want.get(key) ?? 0);
        // Retenues: withheld less released and less cancelled by avoirs, in 4117.
        const retention = balances(lines, (l) => (l.account === '4117' ? 'all' : null)).get('all') ?? 0;
        const withheld =
          w.invoices.reduce(
            (s, i) => s + (inPeriod(i.issueDate) ? i.retentionCents : 0) - (i.retentionReleasedOn && inPeriod(i.retentionReleasedOn) ? i.retentionCents : 0),
            0,
          ) - w.creditNotes.filter((c) => inPeriod(c.issueDate)).reduce((s, c) => s + retentionCancelledBy(w, c), 0);
        expect(retention).toBe(withheld);
      }),
      { numRuns: RUNS },
    );
  });

  it('letters the client lines of fully settled invoices only, one code per invoice, dated by the last movement', () => {
    fc.assert(
      fc.property(worldArb, (w) => {
        const lines = readFec(fileOf(w), PERIOD);
        const settled = settledInvoices(w);
        const invoiceOfPiece = new Map<string, string>([
          ...w.invoices.map((i) => [i.number, i.number] as const),
          ...w.creditNotes.map((c) => [c.number, w.invoices.find((i) => i.id === c.invoiceId)!.number] as const),
        ]);
        const codes = new Map<string, string>();
        for (const l of lines) {
          if (l.account !== '411') {
            expect(l.letter, 'only client lines are lettered').toBe('');
            continue;
          }
          const invoice = invoiceOfPiece.get(l.piece)!;
          if (!settled.has(invoice)) {
            expect(l.letter, `${invoice} is not settled`).toBe('');
            continue;
          }
          expect(l.letter, `${invoice} is settled`).not.toBe('');
          expect(l.letterDate <= PERIOD.end.replaceAll('-', '')).toBe(true);
          expect(codes.get(invoice) ?? l.letter).toBe(l.letter);
          codes.set(invoice, l.letter);
        }
        expect(new Set(codes.values()).size).toBe(codes.size);
        // A lettered group balances when all its lines fall in the period.
        for (const [invoice, code] of codes) {
          const inv = w.invoices.find((i) => i.number === invoice)!;
          const all = [
            inv.issueDate,
            ...w.creditNotes.filter((c) => c.invoiceId === inv.id).map((c) => c.issueDate),
            ...w.cash.filter((c) => c.invoiceId === inv.id).map((c) => c.date),
            inv.retentionReleasedOn ?? inv.issueDate,
          ];
          if (all.every(inPeriod)) expect(balances(lines, (l) => (l.letter === code ? 'x' : null)).get('x')).toBe(0);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('revenue and deposits hold the period’s invoices HT less the avoirs HT; TVA on payments passes through 44574', () => {
    fc.assert(
      fc.property(worldArb, (w) => {
        const lines = readFec(fileOf(w), PERIOD);
        const net = balances(lines, (l) => (l.account === '704' || l.account === '4191' ? 'sales' : null)).get('sales') ?? 0;
        const ht = (list: readonly RateAmount[]) => list.reduce((s, r) => s + r.baseCents, 0);
        const want =
          w.invoices.filter((i) => inPeriod(i.issueDate)).reduce((s, i) => s + ht(i.byRate), 0) -
          w.creditNotes.filter((c) => inPeriod(c.issueDate)).reduce((s, c) => s + ht(c.byRate), 0);
        expect(0 - net).toBe(want);
        const waiting = lines.filter((l) => l.account === '44574');
        if (w.vatOnDebits) expect(waiting).toEqual([]);
        // The TVA of the period, wherever it sits, is the invoices' less the avoirs'.
        const tva = balances(lines, (l) => (l.account.startsWith('4457') ? 'tva' : null)).get('tva') ?? 0;
        const tvaOf = (list: readonly RateAmount[]) => list.reduce((s, r) => s + r.tvaCents, 0);
        const wantTva =
          w.invoices.filter((i) => inPeriod(i.issueDate)).reduce((s, i) => s + tvaOf(i.byRate), 0) -
          w.creditNotes.filter((c) => inPeriod(c.issueDate)).reduce((s, c) => s + tvaOf(c.byRate), 0);
        expect(0 - tva).toBe(wantTva);
      }),
      { numRuns: RUNS },
    );
  });

  it('an invoice paid in full moves all its TVA to the rate accounts, none left waiting', () => {
    const invoice: FecInvoice = {
      id: 1,
      number: 'F-2026-0001',
      kind: 'situation',
      clientId: 7,
      clientName: 'Mme Durand',
      issueDate: '2026-03-02',
      byRate: [
        { rateBp: 2000, baseCents: 100_000, tvaCents: 20_000 },
        { rateBp: 550, baseCents: 33_333, tvaCents: 1_833 },
      ],
      retentionCents: 0,
      retentionReleasedOn: null,
      depositsDeducted: [],
    };
    const cash: FecCashMovement[] = [
      { id: 1, invoiceId: 1, kind: 'paiement', date: '2026-03-10', amountCents: 33_333, label: 'carte' },
      { id: 2, invoiceId: 1, kind: 'paiement', date: '2026-04-10', amountCents: 155_166 - 33_333, label: 'virement' },
    ];
    const lines = readFec(
      serializeFec(buildFecLines({ period: PERIOD, accounts: DEFAULT_FEC_ACCOUNTS, vatOnDebits: false, invoices: [invoice], creditNotes: [], cash })),
    );
    const by = balances(lines, (l) => l.account);
    expect(by.get('44574')).toBe(0);
    expect(by.get('445712')).toBe(-20_000);
    expect(by.get('445714')).toBe(-1_833);
    expect(by.get('411')).toBe(0);
    expect(lines.filter((l) => l.account === '411').every((l) => l.letter === 'A' && l.letterDate === '20260410')).toBe(true);
  });

  it('a quote’s first balance moves its deposits net of their avoirs to revenue; a situation or a second balance moves none', () => {
    const r = (baseCents: number): RateAmount[] => [{ rateBp: 2000, baseCents, tvaCents: baseCents / 5 }];
    const all = [
      { id: 1, kind: 'acompte' as const, quoteId: 9, byRate: r(3000), issueDate: '2026-01-10' },
      { id: 2, kind: 'acompte' as const, quoteId: 9, byRate: r(2000), issueDate: '2026-02-10' },
      { id: 3, kind: 'acompte' as const, quoteId: 8, byRate: r(7000), issueDate: '2026-02-10' },
      { id: 4, kind: 'situation' as const, quoteId: 9, byRate: r(1000), issueDate: '2026-03-10' },
      { id: 5, kind: 'solde' as const, quoteId: 9, byRate: r(4000), issueDate: '2026-04-10' },
      { id: 6, kind: 'solde' as const, quoteId: 9, byRate: r(500), issueDate: '2026-05-10' },
    ];
    const notes = [
      { invoiceId: 2, issueDate: '2026-03-01', byRate: r(500) },
      { invoiceId: 1, issueDate: '2026-06-01', byRate: r(3000) },
    ];
    expect(depositsDeductedBy(all[4], all, notes)).toEqual([{ rateBp: 2000, baseCents: 4500, tvaCents: 0 }]);
    expect(depositsDeductedBy(all[3], all, notes)).toEqual([]);
    expect(depositsDeductedBy(all[5], all, notes)).toEqual([]);
  });

  it('writes amounts with a decimal comma from cents and names the file {SIREN}FEC{closing day}.txt', () => {
    expect(fecAmount(0)).toBe('0,00');
    expect(fecAmount(5)).toBe('0,05');
    expect(fecAmount(123456789)).toBe('1234567,89');
    expect(() => fecAmount(1.5)).toThrow();
    expect(() => fecAmount(-1)).toThrow();
    expect(fecFileName('732829320', '2026-12-31')).toBe('732829320FEC20261231.txt');
    expect(() => fecFileName('7328', '2026-12-31')).toThrow();
  });

  it('the reader refuses what Test Compta Demat refuses', () => {
    const good = fileOf({
      vatOnDebits: true,
      invoices: [
        {
          id: 1,
          number: 'F-1',
          kind: 'acompte',
          clientId: 1,
          clientName: 'X',
          issueDate: '2026-02-01',
          byRate: [{ rateBp: 2000, baseCents: 1000, tvaCents: 200 }],
          retentionCents: 0,
          retentionReleasedOn: null,
          depositsDeducted: [],
        },
      ],
      creditNotes: [],
      cash: [],
    });
    expect(() => readFec(good, PERIOD)).not.toThrow();
    expect(good.split('\r\n')[1].split('\t').slice(0, 6)).toEqual(['VE', 'Journal des ventes', '1', '20260201', '411', 'Clients']);
    expect(() => readFec(good.replace('12,00', '12.00'))).toThrow(/montant/);
    expect(() => readFec(good.replace('20260201', '2026-02-01'))).toThrow(/AAAAMMJJ/);
    expect(() => readFec(good.replace('\tClients\t', '\t\t'))).toThrow(/CompteLib vide/);
    expect(() => readFec(good.replace('JournalLib\t', ''))).toThrow(/en-tête/);
    expect(() => readFec(good.replace('\r\n', '\n'))).toThrow();
  });
});
