// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { LotPlacement as LotPlacementData, ProjectPriceComparison } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { priceComparisonKeys } from '../api/project-price-comparison';
import { PriceComparisonSection } from './price-comparison-section';

const lot = (lot_title: string, placement: LotPlacementData['placement']): LotPlacementData => ({
  lot_title,
  priced_cents: 100_000,
  q1_cents: 90_000,
  median_cents: 100_000,
  q3_cents: 110_000,
  referenced_lines: placement ? 1 : 0,
  lines: 2,
  placement,
  level: placement ? 'departement' : null,
  zone_name: placement ? 'Rhône' : null,
});

const quotes = [
  { id: 1, label: 'D-2026-0001', title: 'Cuisine' },
  { id: 2, label: 'D-2026-0002', title: 'Dépannage' },
  { id: 3, label: 'D-2026-0003', title: 'Sans lot' },
];

function renderSection(data: ProjectPriceComparison) {
  return renderWithProviders(<PriceComparisonSection projectId={7} quotes={quotes} />, {
    queries: [[priceComparisonKeys.project(7), data]],
    fetchQueries: false,
  });
}

describe('PriceComparisonSection', () => {
  it('places each lot of each quote, with one explanation, and one sentence for a quote without any reference', () => {
    renderSection({
      departement: '69',
      quotes: [
        { quote_id: 1, lots: [lot('Plomberie', 'above'), lot('Démolition', null)] },
        { quote_id: 2, lots: [lot('Recherche de fuite', null)] },
      ],
    });
    expect(screen.getAllByTestId('price-range-explanation')).toHaveLength(1);
    const first = screen.getByTestId('price-quote-1');
    expect(
      within(first)
        .getAllByTestId('price-placement')
        .map((b) => b.textContent),
    ).toEqual(['Au-dessus de la fourchette habituelle', 'Pas de référence']);
    expect(within(screen.getByTestId('price-quote-2')).getByTestId('price-quote-none').textContent).toBe(
      'Aucune ligne de ce devis n’a encore de prix de référence dans la zone.',
    );
    expect(screen.queryByTestId('price-quote-3')).toBeNull();
  });

  it('says when no lot can be placed yet, without the explanation', () => {
    renderSection({ departement: '69', quotes: [{ quote_id: 1, lots: [lot('Plomberie', null)] }] });
    expect(screen.queryByTestId('price-range-explanation')).toBeNull();
    expect(screen.getByTestId('price-comparison-none').textContent).toBe(
      'Pas encore assez de devis comparables dans la zone pour situer ces prix : une fourchette n’est montrée qu’à partir de 5 devis de 3 architectes.',
    );
  });
});
