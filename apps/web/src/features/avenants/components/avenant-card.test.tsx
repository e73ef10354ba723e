// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { AvenantView } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { AvenantCard } from './avenant-card';

const part = (ht: number, tva: number) => ({
  by_rate: [{ rate_bp: 1000, base_cents: ht, tva_cents: tva }],
  totals: { total_ht_cents: ht, total_tva_cents: tva, total_ttc_cents: ht + tva },
});

function avenant(over: Partial<AvenantView>): AvenantView {
  return {
    id: 7,
    quote_id: 12,
    quote_label: 'D-2026-0005',
    number: 'D-2026-0005-A1',
    status: 'Envoyé',
    title: 'Prises supplémentaires',
    reason: '',
    delay_days: null,
    lots: [],
    amounts: { before: part(100_000, 10_000), change: part(16_000, 1_600), after: part(116_000, 11_600), lots: [] },
    created_at: '2026-11-20T10:00:00.000Z',
    sent_at: '2026-11-20T10:00:00.000Z',
    signed_at: null,
    refused_at: null,
    refusal_reason: null,
    withdrawn_at: null,
    withdrawal: null,
    can_edit: false,
    can_sign: false,
    can_withdraw: false,
    pdf_url: '/api/avenants/7/pdf',
    ...over,
  };
}

describe('AvenantCard (issue 38 §1)', () => {
  it('shows the contract before, the change and the new contract, and lets the client sign or refuse a sent avenant', () => {
    renderWithProviders(<AvenantCard quoteId={12} avenant={avenant({ can_sign: true })} onEdit={() => undefined} />, { route: '/devis/12' });
    const figures = screen.getByTestId('avenant-figures-7').textContent ?? '';
    expect(figures).toContain('Contrat avant l’avenant');
    expect(figures).toContain('Nouveau montant du marché');
    expect(figures.replace(/\s/g, ' ')).toMatch(/1 276,00/);
    expect(screen.getByTestId('avenant-sign').getAttribute('href')).toBe('/devis/12/avenants/7/signer');
    expect(screen.getByTestId('avenant-refuse')).toBeTruthy();
    expect(screen.queryByTestId('avenant-send')).toBeNull();
  });

  it('lets the issuer send a draft, and says its status in Arabic', () => {
    renderWithProviders(<AvenantCard quoteId={12} avenant={avenant({ status: 'Brouillon', number: null, can_edit: true })} onEdit={() => undefined} />, {
      lng: 'ar',
    });
    expect(screen.getByTestId('avenant-send')).toBeTruthy();
    expect(screen.queryByTestId('avenant-sign')).toBeNull();
    expect(screen.getByTestId('avenant-status').textContent).toBe('مسودة');
  });
});
