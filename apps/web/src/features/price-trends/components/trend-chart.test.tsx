// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ltr } from '../../../lib/bidi';
import { formatEuros } from '../../../lib/format';
import { renderWithProviders } from '../../../testing/render';
import { TrendChart, type TrendLine } from './trend-chart';

const line: TrendLine = {
  line_key: 'revetements|m²|carrelage gres cerame 60x60 pose droite',
  label: 'Carrelage grès cérame 60×60, pose droite',
  unit: 'm²',
  points: [
    { quarter: '2026-T1', median_cents: 5_500, q1_cents: 4_800, q3_cents: 6_200, quotes: 6 },
    { quarter: '2026-T2', median_cents: 5_700, q1_cents: 5_000, q3_cents: 6_500, quotes: 9 },
  ],
};

describe('TrendChart', () => {
  it('labels the chart with its figures in words', () => {
    renderWithProviders(<TrendChart line={line} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Carrelage grès cérame 60×60, pose droite sur 2 trimestres : médiane de \u206655,00 €\u2069 au T1 2026 (fourchette de \u206648,00 €\u2069 à \u206662,00 €\u2069), puis de \u206657,00 €\u2069 au T2 2026 (fourchette de \u206650,00 €\u2069 à \u206665,00 €\u2069).',
    );
  });

  it('shows the same figures as a table, quarter by quarter', () => {
    renderWithProviders(<TrendChart line={line} />);
    fireEvent.click(screen.getByRole('button', { name: 'Voir le tableau' }));
    const table = screen.getByTestId('price-trend-table');
    expect(within(table).getByText('Carrelage grès cérame 60×60, pose droite (prix par m², HT) : fourchette et médiane par trimestre')).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Trimestre', 'Premier quart (Q1)', 'Médiane', 'Troisième quart (Q3)', 'Devis']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['T1 2026', '48,00 €', '55,00 €', '62,00 €', '6'],
      ['T2 2026', '50,00 €', '57,00 €', '65,00 €', '9'],
    ]);
    expect(screen.getByRole('button', { name: 'Voir le graphique' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('names a single quarter plainly, and translates the quarters', () => {
    renderWithProviders(<TrendChart line={{ ...line, points: line.points.slice(1) }} />, { lng: 'en' });
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      `Carrelage grès cérame 60×60, pose droite: median ${ltr(formatEuros(5_700))} in Q2 2026, range ${ltr(formatEuros(5_000))} to ${ltr(formatEuros(6_500))}.`,
    );
  });
});
