import { describe, expect, it } from 'vitest';
import type { QuoteInvoicing, QuoteLine } from '@ouvrage/contracts';
import { contractLotTitles, lastProgress, nextInvoice, type InvoicedQuote } from './next-invoice';

let id = 0;
const line = (designation: string, unit_price_cents: number, tva_rate_bp: number, option: 'taken' | 'left' | null = null): QuoteLine => ({
  id: ++id,
  product_id: null,
  designation,
  description: '',
  quantity_milli: 1000,
  unit: 'forfait',
  unit_price_cents,
  tva_rate_bp,
  discount_bp: 0,
  optional: option !== null,
  chosen: option === 'taken',
  net_ht_cents: unit_price_cents,
});
const lot = (title: string, lines: QuoteLine[]) => ({ id: ++id, title, lines, subtotal_ht_cents: 0 });

// 1 000 € at 10 % and 2 000 € at 20 %, an option the client took (500 € at 20 %) and one they did not.
const quote: InvoicedQuote = {
  retention_bp: 500,
  lots: [
    lot('Maçonnerie', [line('Mur', 100_000, 1000)]),
    lot('Menuiseries', [line('Baie', 200_000, 2000), line('Volet (pris)', 50_000, 2000, 'taken'), line('Store (non pris)', 80_000, 2000, 'left')]),
  ],
};
const none: QuoteInvoicing = { quote_id: 7, invoices: [] };

describe('the next invoice computed in the browser', () => {
  it('counts the options taken, not the others: a 30 % deposit of 4 100 € TTC', () => {
    const r = nextInvoice(quote, none, { kind: 'acompte', percentBp: 3000 });
    expect(r.ok && r.draft.totals.totalTtcCents).toBe(123_000);
  });

  it('a situation after a deposit deducts it, from the previous progress of each lot', () => {
    const deposit = nextInvoice(quote, none, { kind: 'acompte', percentBp: 1000 });
    if (!deposit.ok) throw new Error(deposit.refusal.code);
    const after: QuoteInvoicing = {
      quote_id: 7,
      invoices: [
        {
          id: 1,
          number: 'F-2026-0001',
          kind: 'acompte',
          issue_date: '2026-11-23',
          by_rate: deposit.draft.byRate.map((r) => ({ rate_bp: r.rateBp, base_cents: r.baseCents, tva_cents: r.tvaCents })),
          progress_bp: null,
          credited: [],
        },
      ],
    };
    expect(lastProgress(quote, after)).toEqual([0, 0]);
    const s = nextInvoice(quote, after, { kind: 'situation', progressBp: [10_000, 5000] });
    expect(s.ok && s.draft.deductions.map((d) => d.number)).toEqual(['F-2026-0001']);
    expect(s.ok && s.draft.work!.totalHtCents).toBe(100_000 + 125_000);
    const refused = nextInvoice(quote, after, { kind: 'acompte', percentBp: 9500 });
    expect(refused).toMatchObject({ ok: false, refusal: { code: 'INVOICE_OVER_QUOTE' } });
  });

  it('computes on the contract as amended when the API sends its lots (decision 1220): one progress per lot, the new lot last', () => {
    const amended: QuoteInvoicing = {
      quote_id: 7,
      invoices: [],
      contract_lots: [
        { title: 'Maçonnerie', lines: [{ quantity_milli: 1000, unit_price_cents: 100_000, tva_rate_bp: 1000, discount_bp: 0, optional: false }] },
        { title: 'Peinture', lines: [{ quantity_milli: 2000, unit_price_cents: 10_000, tva_rate_bp: 2000, discount_bp: 0, optional: false }] },
      ],
    };
    expect(contractLotTitles(quote, amended)).toEqual(['Maçonnerie', 'Peinture']);
    expect(lastProgress(quote, amended)).toEqual([0, 0]);
    const balance = nextInvoice(quote, amended, { kind: 'solde' });
    expect(balance.ok && balance.draft.totals.totalTtcCents).toBe(110_000 + 24_000);
    expect(contractLotTitles(quote, none)).toEqual(['Maçonnerie', 'Menuiseries']);
  });
});
