// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { computeQuoteTotals, formatEuros } from '@ouvrage/domain';
import { renderWithProviders } from '../../../testing/render';
import { draftTotals, emptyLine, emptyLot, type DraftLot } from '../model/draft';
import { TotalsPanel } from './totals-panel';

const lots: DraftLot[] = [
  {
    ...emptyLot('Plomberie'),
    lines: [
      { ...emptyLine(), designation: 'Douche', quantity_milli: 1000, unit_price_cents: 123456, tva_rate_bp: 1000 },
      { ...emptyLine(), designation: 'Robinet', quantity_milli: 3000, unit_price_cents: 1999, tva_rate_bp: 2000, discount_bp: 1000 },
    ],
  },
  {
    ...emptyLot('Isolation'),
    lines: [
      { ...emptyLine(), designation: 'Laine', quantity_milli: 12500, unit_price_cents: 2450, tva_rate_bp: 550 },
      { ...emptyLine(), designation: 'Sèche-serviettes', quantity_milli: 1000, unit_price_cents: 35000, tva_rate_bp: 2000, optional: true },
    ],
  },
];

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('TotalsPanel', () => {
  it('shows the totals the domain computes, per lot and per rate, without the option, plus the option and the deposit', () => {
    const totals = draftTotals({ lots, deposit_bp: 3000 });
    renderWithProviders(<TotalsPanel totals={totals} lotTitles={lots.map((l) => l.title)} depositBp={3000} />);

    // The reference: the domain's computation on the counted lines only.
    const counted = computeQuoteTotals(
      lots.map((lot) => ({
        title: lot.title,
        lines: lot.lines
          .filter((l) => !l.optional)
          .map((l) => ({
            designation: l.designation,
            quantityMilli: l.quantity_milli!,
            unit: l.unit,
            unitPriceCents: l.unit_price_cents!,
            tvaRateBp: l.tva_rate_bp,
            discountBp: l.discount_bp,
          })),
      })),
    );
    expect(text('total-ht')).toBe(formatEuros(counted.totalHtCents));
    expect(text('total-tva')).toBe(formatEuros(counted.totalTvaCents));
    expect(text('total-ttc')).toBe(formatEuros(counted.totalTtcCents));
    // By hand: 1 234,56 + 3 × 19,99 × 0,9 (53,97) + 12,5 × 24,50 (306,25) = 1 594,78 € HT.
    expect(text('total-ht')).toBe('1 594,78 €');
    expect(text('tva-1000')).toBe(formatEuros(12346));
    expect(text('tva-2000')).toBe(formatEuros(1079));
    expect(text('tva-550')).toBe(formatEuros(1684));
    expect(text('total-ttc')).toBe('1 745,87 €');
    expect(text('lot-subtotal-0')).toBe('1 288,53 €');
    expect(text('lot-subtotal-1')).toBe('306,25 €');
    expect(text('total-options')).toBe('350,00 €');
    expect(text('total-deposit')).toBe('523,76 €');
    // Figures inside sentences are isolated left to right (LRI … PDI) for Arabic.
    expect(screen.getByText('TVA \u20665,5 %\u2069 sur \u2066306,25 €\u2069')).toBeTruthy();
    expect(screen.getByText('Acompte à la signature (\u206630 %\u2069 du TTC)')).toBeTruthy();
  });

  it('names the totals in English and Arabic, and an untitled lot by its number', () => {
    const totals = draftTotals({ lots: [lots[1]], deposit_bp: 0 });
    const { unmount } = renderWithProviders(<TotalsPanel totals={totals} lotTitles={['']} depositBp={0} />, { lng: 'en' });
    expect(screen.getByText('Total excl. VAT')).toBeTruthy();
    expect(screen.getByText('Lot 1')).toBeTruthy();
    expect(text('total-ht')).toBe('306,25 €');
    unmount();
    renderWithProviders(<TotalsPanel totals={totals} lotTitles={['Isolation']} depositBp={0} />, { lng: 'ar' });
    expect(screen.getByText('المجموع شامل الضريبة')).toBeTruthy();
  });
});
