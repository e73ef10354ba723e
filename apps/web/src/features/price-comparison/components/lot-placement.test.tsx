// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { LotPlacement as LotPlacementData, ProjectPriceComparison } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { LotPlacement } from './lot-placement';
import { comparedZones, RangeExplanation } from './price-comparison-section';

/** The text without its direction isolates (checked on their own in Arabic). */
const plain = (element: HTMLElement) => (element.textContent ?? '').replace(/[\u2066-\u2069]/g, '').replace(/\u00a0/g, ' ');

function lot(overrides: Partial<LotPlacementData> = {}): LotPlacementData {
  return {
    lot_title: 'Plomberie',
    priced_cents: 353_000,
    q1_cents: 300_000,
    median_cents: 340_000,
    q3_cents: 380_000,
    referenced_lines: 2,
    lines: 3,
    placement: 'within',
    level: 'departement',
    zone_name: 'Rhône',
    ...overrides,
  };
}

describe('LotPlacement', () => {
  it('says where the lot falls in words, with its amounts and how many lines are compared', () => {
    renderWithProviders(<LotPlacement lot={lot()} />);
    const badge = screen.getByTestId('price-placement');
    expect(badge.textContent).toContain('Dans la fourchette habituelle');
    expect(badge.getAttribute('data-placement')).toBe('within');
    expect(plain(screen.getByTestId('price-lot-amounts'))).toBe(
      'Montant des lignes comparées : 3 530,00 € HTFourchette habituelle pour ces lignes : de 3 000,00 € à 3 800,00 € HT',
    );
    expect(screen.getByTestId('price-lot-lines').textContent).toContain('Lignes comparées : 2 sur 3');
  });

  it('names each placement (never colour alone) and the lot with no reference', () => {
    const { rerender } = renderWithProviders(<LotPlacement lot={lot({ placement: 'above' })} />);
    expect(screen.getByTestId('price-placement').textContent).toContain('Au-dessus de la fourchette habituelle');
    rerender(<LotPlacement lot={lot({ placement: 'below' })} />);
    expect(screen.getByTestId('price-placement').textContent).toContain('En dessous de la fourchette habituelle');
    rerender(<LotPlacement lot={lot({ placement: null, referenced_lines: 0, level: null, zone_name: null })} />);
    expect(screen.getByTestId('price-placement').textContent).toContain('Pas de référence');
    expect(screen.queryByTestId('price-lot-amounts')).toBeNull();
    expect(screen.getByTestId('price-lot-lines').textContent).toContain('Aucune ligne de ce lot n’a encore de prix de référence dans la zone.');
  });

  it('names the lot’s zone only when the lots are compared in several zones', () => {
    const { rerender } = renderWithProviders(<LotPlacement lot={lot({ level: 'region', zone_name: 'Auvergne-Rhône-Alpes' })} />);
    expect(screen.getByTestId('price-lot-lines').textContent).not.toContain('zone');
    rerender(<LotPlacement lot={lot({ level: 'region', zone_name: 'Auvergne-Rhône-Alpes' })} zoneShown />);
    expect(plain(screen.getByTestId('price-lot-lines'))).toContain('zone : Auvergne-Rhône-Alpes');
  });

  it('keeps each amount left to right in Arabic', () => {
    renderWithProviders(<LotPlacement lot={lot({ placement: 'above' })} />, { lng: 'ar' });
    expect(within(screen.getByTestId('price-lot')).getByTestId('price-placement').textContent).toContain('أعلى من النطاق المعتاد');
    const amounts = screen.getByTestId('price-lot-amounts').textContent ?? '';
    // Each amount sits in its own left-to-right isolate.
    expect(amounts.split('\u2066').length - 1).toBe(3);
  });
});

describe('RangeExplanation', () => {
  const comparison = (lots: LotPlacementData[]): ProjectPriceComparison => ({ departement: '69', quotes: [{ quote_id: 1, lots }] });

  it('says once what the range means, naming the zone', () => {
    renderWithProviders(<RangeExplanation zones={comparedZones(comparison([lot(), lot({ lot_title: 'Démolition' })]))} />);
    expect(screen.getByTestId('price-range-explanation').textContent).toBe(
      'La fourchette habituelle va du quart des devis les moins chers au quart des plus chers pour des travaux comparables dans le même département que votre projet (\u2068Rhône\u2069) sur les 12 derniers mois ; elle vient d’au moins 5 devis de 3 architectes, sans aucun nom ni projet.',
    );
  });

  it('names the narrower zone first when lots were compared in wider ones', () => {
    const zones = comparedZones(
      comparison([
        lot({ level: 'france', zone_name: 'France' }),
        lot(),
        lot({ placement: null, level: null, zone_name: null }),
        lot({ level: 'region', zone_name: 'Auvergne-Rhône-Alpes' }),
      ]),
    );
    expect(zones.map((z) => z.level)).toEqual(['departement', 'region', 'france']);
    renderWithProviders(<RangeExplanation zones={zones} />);
    expect(plain(screen.getByTestId('price-range-explanation'))).toContain(
      'dans le même département que votre projet (Rhône) ou, à défaut, dans la même région (Auvergne-Rhône-Alpes) ou, à défaut, dans toute la France',
    );
  });
});
