// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { QuoteComparison } from '@ouvrage/contracts';
import { formatEuros } from '@ouvrage/domain';
import { renderQuotes } from '../testing/fixtures';
import { ComparisonTable } from './comparison-table';

type Compared = QuoteComparison['quotes'][number];

const insurance = {
  insurer: 'SMABTP',
  insurer_address: null,
  policy_number: 'D-1',
  coverage: 'France',
  valid_from: null,
  valid_until: '2027-01-31',
  has_certificate: true,
};
function compared(id: number, name: string, ttc: number, lots: Compared['lots'], canAccept = true): Compared {
  return {
    id,
    label: `D-2026-000${id}`,
    status: 'Envoyé',
    title: 'Rénovation',
    issuer: { id: id * 10, name, profession: 'Architecte DPLG', city: 'Lyon', year_founded: 2011, decennale: insurance, rc_pro: null },
    totals: { total_ht_cents: ttc - 1000, total_tva_cents: 1000, total_ttc_cents: ttc, by_rate: [] },
    lots,
    options_ht_cents: 0,
    deposit_bp: 3000,
    deposit_cents: Math.round(ttc * 0.3),
    valid_until: '2026-12-20',
    sent_at: '2026-11-20T10:00:00Z',
    can_accept: canAccept,
  };
}

describe('ComparisonTable', () => {
  const quotes = [
    compared(1, 'Atelier Martin', 500_000, [
      { title: 'Gros œuvre', subtotal_ht_cents: 300_000 },
      { title: 'Plomberie', subtotal_ht_cents: 150_000 },
    ]),
    compared(
      2,
      'Studio Haddad',
      420_000,
      [
        { title: 'Plomberie', subtotal_ht_cents: 180_000 },
        { title: 'Électricité', subtotal_ht_cents: 200_000 },
      ],
      false,
    ),
  ];

  it('aligns the lots by title, with « — » where a quote has none', () => {
    renderQuotes(<ComparisonTable quotes={quotes} />);
    const values = (key: string) =>
      within(screen.getByTestId(`compare-row-${key}`))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(within(screen.getByTestId('compare-row-lot-0')).getByRole('rowheader').textContent).toBe('Gros œuvre (HT)');
    expect(values('lot-0')).toEqual([formatEuros(300_000), '—']);
    expect(within(screen.getByTestId('compare-row-lot-1')).getByRole('rowheader').textContent).toBe('Plomberie (HT)');
    expect(values('lot-1')).toEqual([formatEuros(150_000), formatEuros(180_000)]);
    expect(values('lot-2')).toEqual(['—', formatEuros(200_000)]);
    expect(screen.queryByTestId('compare-row-lot-3')).toBeNull();
    expect(values('ttc')).toEqual([formatEuros(500_000), formatEuros(420_000)]);
  });

  it('crowns no « moins cher » between quotes for different lots, and says the scopes differ; « Accepter » only where the client may', () => {
    renderQuotes(<ComparisonTable quotes={quotes} />);
    expect(screen.queryByTestId('compare-cheapest')).toBeNull();
    expect(screen.getByTestId('compare-col-2').getAttribute('data-cheapest')).toBeNull();
    expect(screen.getByTestId('compare-scopes-differ').textContent).toBe(
      'Ces devis ne portent pas sur les mêmes lots : leurs totaux ne se comparent pas directement. Comparez-les lot par lot.',
    );
    expect(screen.getByTestId('compare-accept-1').getAttribute('href')).toBe('/devis/1?accepter=1');
    expect(screen.queryByTestId('compare-accept-2')).toBeNull();
    expect(screen.getByRole('link', { name: 'Voir le devis D-2026-0002' }).getAttribute('href')).toBe('/devis/2');
  });

  it('highlights the cheapest TTC among quotes for the same lots', () => {
    const same = [
      compared(1, 'Atelier Martin', 500_000, [{ title: 'Plomberie', subtotal_ht_cents: 400_000 }]),
      compared(2, 'Studio Haddad', 430_000, [{ title: 'plomberie ', subtotal_ht_cents: 350_000 }]),
    ];
    renderQuotes(<ComparisonTable quotes={same} />);
    expect(screen.getByTestId('compare-col-2').getAttribute('data-cheapest')).toBe('true');
    expect(screen.getByTestId('compare-col-1').getAttribute('data-cheapest')).toBeNull();
    expect(within(screen.getByTestId('compare-col-2')).getByTestId('compare-cheapest').textContent).toBe('Le moins cher');
    expect(screen.queryByTestId('compare-scopes-differ')).toBeNull();
  });

  it('with a third quote for a smaller job, marks the cheapest of the two alike and not the smaller one', () => {
    const mixed = [
      compared(1, 'Atelier Martin', 500_000, [
        { title: 'Plomberie', subtotal_ht_cents: 400_000 },
        { title: 'Électricité', subtotal_ht_cents: 50_000 },
      ]),
      compared(2, 'Studio Haddad', 480_000, [
        { title: 'Électricité', subtotal_ht_cents: 80_000 },
        { title: 'Plomberie', subtotal_ht_cents: 320_000 },
      ]),
      compared(3, 'Plomberie Express', 90_000, [{ title: 'Plomberie', subtotal_ht_cents: 75_000 }]),
    ];
    renderQuotes(<ComparisonTable quotes={mixed} />);
    expect(screen.getByTestId('compare-col-2').getAttribute('data-cheapest')).toBe('true');
    expect(screen.getByTestId('compare-col-3').getAttribute('data-cheapest')).toBeNull();
    expect(within(screen.getByTestId('compare-col-2')).getByTestId('compare-cheapest').textContent).toBe('Le moins cher à lots égaux');
    expect(screen.getByTestId('compare-scopes-differ').textContent).toContain('n’est marqué qu’entre devis portant sur les mêmes lots');
  });

  it('shows the architects’ profile and insurance, in Arabic too', () => {
    renderQuotes(<ComparisonTable quotes={quotes} />, { lng: 'ar' });
    const architect = within(screen.getByTestId('compare-row-architect')).getAllByRole('cell');
    expect(architect[1].textContent).toContain('Studio Haddad');
    expect(architect[1].textContent).toContain('2011');
    expect(within(screen.getByTestId('compare-row-rcpro')).getAllByRole('cell')[0].textContent).toBe('غير مُدخل');
    expect(within(screen.getByTestId('compare-row-decennale')).getAllByRole('cell')[0].textContent).toContain('SMABTP');
  });

  it('names the architect’s trade in the reader’s language, not the database’s French (decision 0982)', () => {
    const architects = quotes.map((q) => ({ ...q, issuer: { ...q.issuer, profession: 'Architecte' } }));
    renderQuotes(<ComparisonTable quotes={architects} />, {
      lng: 'ar',
      queries: [
        [['professions'], [{ id: 14, slug: 'architecte', name: 'Architecte', user_type: 'architecte' }]],
        [['services'], []],
      ],
    });
    const architect = within(screen.getByTestId('compare-row-architect')).getAllByRole('cell');
    expect(architect[0].textContent).toContain('مهندس معماري');
    expect(architect[0].textContent).not.toContain('Architecte');
  });
});
