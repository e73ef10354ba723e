// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { ChartWithTable } from './chart-with-table';

const table = {
  caption: 'Montants facturés et encaissés par mois',
  head: ['Mois', 'Facturé TTC', 'Encaissé'],
  rows: [
    { key: '2026-10', cells: ['octobre 2026', '500,00 €', '0,00 €'] },
    { key: '2026-11', cells: ['novembre 2026', '1 000,00 €', '1 300,00 €'] },
  ],
};

describe('ChartWithTable', () => {
  it('shows the chart as a labelled image, and the same figures as a table on demand', () => {
    renderWithProviders(<ChartWithTable testId="amounts" label="Facturé 1 500,00 €, encaissé 1 300,00 €." chart={<svg />} table={table} />);
    expect(screen.getByRole('img', { name: 'Facturé 1 500,00 €, encaissé 1 300,00 €.' })).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Voir le tableau' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    const grid = screen.getByRole('table', { name: 'Montants facturés et encaissés par mois' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Mois', 'Facturé TTC', 'Encaissé']);
    expect(within(grid).getByRole('rowheader', { name: 'novembre 2026' })).toBeTruthy();
    expect(
      within(grid)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['500,00 €', '0,00 €', '1 000,00 €', '1 300,00 €']);
    expect(screen.queryByRole('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Voir le graphique' }));
    expect(screen.getByRole('img')).toBeTruthy();
  });
});
