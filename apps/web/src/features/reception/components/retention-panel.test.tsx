// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ReceptionView } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { RetentionPanel } from './retention-panel';

function reception(retention: Partial<ReceptionView['retention']>): ReceptionView {
  return {
    id: 3,
    quote_id: 12,
    project_id: 5,
    quote_label: 'D-2026-0004',
    quote_title: 'Rénovation cuisine',
    issuer_name: 'Atelier Martin',
    client_name: 'Karim Benali',
    reception_date: '2026-03-10',
    kind: 'sans_reserve',
    status: 'Signée',
    signed_at: '2026-03-11T09:00:00.000Z',
    reservations: [],
    open_reservations: 0,
    retention: { retention_cents: 0, release_date: '2027-03-10', reminder_date: '2027-02-08', state: 'none', released_on: null, ...retention },
    can_manage: true,
    can_sign: false,
    pv_url: '/api/reception/3/pv',
  };
}

describe('RetentionPanel (issue 36 §6)', () => {
  it('says « Aucune retenue » without a release date or a release button', () => {
    renderWithProviders(<RetentionPanel reception={reception({})} />);
    expect(screen.getByTestId('retention-state').textContent).toBe('Aucune retenue');
    expect(screen.queryByTestId('retention-date')).toBeNull();
    expect(screen.queryByText(/Libérable à partir du/)).toBeNull();
    expect(screen.queryByTestId('retention-release')).toBeNull();
  });

  it('nor in Arabic', () => {
    renderWithProviders(<RetentionPanel reception={reception({})} />, { lng: 'ar' });
    expect(screen.getByTestId('retention-state').textContent).toBe('لا يوجد مبلغ محتجز');
    expect(screen.queryByTestId('retention-date')).toBeNull();
  });

  it('gives the release date of a retenue withheld', () => {
    renderWithProviders(<RetentionPanel reception={reception({ retention_cents: 150_000, state: 'waiting' })} />);
    expect(screen.getByTestId('retention-date').textContent).toContain('Libérable à partir du');
    expect(screen.getByTestId('retention-date').textContent).toContain('2027');
  });
});
