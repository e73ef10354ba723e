// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { DgdView } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { DgdCard } from './dgd-card';

const part = (ht: number, tva: number) => ({
  by_rate: [{ rate_bp: 1000, base_cents: ht, tva_cents: tva }],
  totals: { total_ht_cents: ht, total_tva_cents: tva, total_ttc_cents: ht + tva },
});

function dgd(over: Partial<DgdView>, balance = 75_000): DgdView {
  return {
    id: 9,
    quote_id: 12,
    number: 'D-2026-0005-DGD',
    status: 'Émis',
    issued_at: '2026-11-25T10:00:00.000Z',
    accepted_at: null,
    disputed_at: null,
    dispute_reason: null,
    document: {
      issuer: {
        id: 3,
        name: 'Atelier',
        trade_name: null,
        legal_form: null,
        capital_cents: null,
        address: null,
        siret: null,
        rcs_rm: null,
        tva_number: null,
        email: null,
        phone: null,
        decennale: null,
        rc_pro: null,
      },
      client: { name: 'Carole Client', address: null },
      site_address: null,
      project: { id: 4, title: 'Cuisine' },
      quote: { id: 12, label: 'D-2026-0005', title: 'Cuisine', validated_at: null },
      reception: { date: '2026-11-20', with_reservations: false },
      original: part(100_000, 10_000),
      avenants: [{ number: 'D-2026-0005-A1', change_ht_cents: 10_000, change_ttc_cents: 11_000 }],
      contract: part(110_000, 11_000),
      invoices: [],
      credit_notes: [],
      penalties: [{ label: 'Retard', amount_cents: 5_000 }],
      note: '',
      account: {
        invoiced_cents: 121_000,
        credited_cents: 0,
        net_invoiced_cents: 121_000,
        paid_cents: 121_000 - 5_000 - balance,
        penalties_cents: 5_000,
        due_cents: 116_000,
        balance_cents: balance,
        balance_now_cents: balance - 6_050,
      },
      retention: { withheld_cents: 6_050, held_cents: 6_050, release_date: '2027-11-20', released_on: null },
    },
    can_answer: false,
    pdf_url: '/api/dgd/9/pdf',
    ...over,
  };
}

describe('DgdCard (issue 38 §4)', () => {
  it('shows the account with the balance the client owes, and lets the client accept (sign) or dispute', () => {
    renderWithProviders(<DgdCard quoteId={12} dgd={dgd({ can_answer: true })} />, { route: '/devis/12' });
    const balance = (screen.getByTestId('dgd-row-balance').textContent ?? '').replace(/\s/g, ' ');
    expect(balance).toContain('Solde dû par le client');
    expect(balance).toMatch(/750,00/);
    expect(screen.getByTestId('dgd-retention').textContent).toContain('20/11/2027');
    expect(screen.getByTestId('dgd-accept').getAttribute('href')).toBe('/devis/12/dgd/9/signer');
    expect(screen.getByTestId('dgd-dispute')).toBeTruthy();
  });

  it('says a balance owed to the client, an accepted DGD closing the invoicing, in Arabic', () => {
    renderWithProviders(<DgdCard quoteId={12} dgd={dgd({ status: 'Accepté', accepted_at: '2026-11-26T10:00:00.000Z' }, -2_000)} />, { lng: 'ar' });
    expect(screen.getByTestId('dgd-status').textContent).toBe('مقبول');
    expect(screen.getByTestId('dgd-row-balance').textContent).toContain('الرصيد المستحق للعميل');
    expect(screen.getByTestId('dgd-closed')).toBeTruthy();
    expect(screen.queryByTestId('dgd-accept')).toBeNull();
  });
});
