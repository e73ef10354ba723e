// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatEuros } from '@ouvrage/domain';
import { line, lot, quoteDetail, renderQuotes } from '../testing/fixtures';
import { QuoteVersions } from './quote-versions';
import { VersionDiff } from './version-diff';

// A plain stand-in rather than vi.fn: here (Vitest 4.1) a spy whose returned promise rejected failed the test.
const api = vi.hoisted(() => ({ calls: [] as unknown[][], answer: (async () => undefined) as (...args: unknown[]) => Promise<unknown> }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: (...args: unknown[]) => {
    api.calls.push(args);
    return api.answer(...args);
  },
}));

const totals = (ht: number, tva: number) => ({ total_ht_cents: ht, total_tva_cents: tva, total_ttc_cents: ht + tva, by_rate: [] });

const v1 = quoteDetail({
  id: 7,
  label: 'D-2026-0007',
  status: 'Refusé',
  lots: [
    lot('Plomberie', [
      line({ designation: 'Receveur de douche', unit_price_cents: 38_999 }),
      line({ designation: 'Dépose baignoire', unit: 'forfait', unit_price_cents: 25_000 }),
    ]),
    lot('Carrelage', [line({ designation: 'Carrelage mural', quantity_milli: 12_000, unit: 'm²', unit_price_cents: 4_590, tva_rate_bp: 1000 })]),
  ],
  totals: totals(118_079, 11_507),
});
const v2 = quoteDetail({
  id: 9,
  root_id: 7,
  version: 2,
  label: 'D-2026-0007 v2',
  lots: [
    lot('Plomberie', [line({ designation: 'Receveur de douche', unit_price_cents: 35_000 })]),
    lot('Carrelage', [
      line({ designation: 'carrelage mural ', quantity_milli: 14_500, unit: 'm²', unit_price_cents: 4_590, tva_rate_bp: 1000 }),
      line({ designation: 'Sèche-serviettes', unit_price_cents: 24_950, tva_rate_bp: 550, optional: true }),
    ]),
  ],
  totals: totals(101_555, 13_655),
  versions: [
    { id: 7, version: 1, label: 'D-2026-0007', status: 'Refusé', sent_at: '2026-11-10T09:00:00.000Z', total_ttc_cents: 129_586 },
    { id: 9, version: 2, label: 'D-2026-0007 v2', status: 'Envoyé', sent_at: '2026-11-23T09:00:00.000Z', total_ttc_cents: 115_210 },
  ],
});

describe('VersionDiff', () => {
  it('lists the lines added, removed and changed with before → after, and the totals', () => {
    renderQuotes(<VersionDiff before={v1} after={v2} />);
    expect(screen.getByText('Ce qui a changé de D-2026-0007 à D-2026-0007 v2')).toBeTruthy();

    const changed = screen.getAllByTestId('diff-changed');
    expect(changed).toHaveLength(2);
    const shower = changed.find((c) => c.textContent?.includes('Receveur de douche'))!;
    expect(within(shower).getByTestId('diff-field-unitPriceCents').textContent).toBe(`Prix unitaire HT : ${formatEuros(38_999)} → ${formatEuros(35_000)}`);
    // Matched by lot and designation regardless of case and spaces.
    const tiles = changed.find((c) => c.textContent?.toLowerCase().includes('carrelage mural'))!;
    expect(within(tiles).getByTestId('diff-field-quantityMilli').textContent).toBe('Quantité : 12 → 14,5');

    const added = screen.getByTestId('diff-added');
    expect(added.textContent).toContain('Sèche-serviettes');
    expect(added.textContent).toContain('En option');
    expect(screen.getByTestId('diff-removed').textContent).toContain('Dépose baignoire');

    const rows = within(screen.getByTestId('diff-totals')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      `Total HT${formatEuros(118_079)} → ${formatEuros(101_555)}`,
      `Total TVA${formatEuros(11_507)} → ${formatEuros(13_655)}`,
      `Total TTC${formatEuros(129_586)} → ${formatEuros(115_210)}`,
    ]);
  });

  it('says so when no line changed', () => {
    renderQuotes(<VersionDiff before={v1} after={{ ...v1, id: 9, label: 'D-2026-0007 v2' }} />);
    expect(screen.getByTestId('diff-none')).toBeTruthy();
  });

  it('is reached from the versions, fetching the previous version', async () => {
    api.answer = async () => v1;
    renderQuotes(<QuoteVersions quote={v2} />, { lng: 'en' });
    await userEvent.click(screen.getByRole('button', { name: 'Compare with the previous version' }));
    expect((await screen.findByTestId('version-diff')).textContent).toContain('What changed from D-2026-0007 to D-2026-0007 v2');
    expect(api.calls[0][1]).toEqual({ params: { id: 7 } });
    expect(screen.getByTestId('diff-removed').textContent).toContain('Removed');
  });
});
