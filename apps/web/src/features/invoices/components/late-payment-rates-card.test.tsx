// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { invoiceRoutes, type LatePaymentRates } from '@ouvrage/contracts';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { LatePaymentRatesCard } from './late-payment-rates-card';

const rates: LatePaymentRates = {
  rates: [
    { half_year_start: '2026-01-01', ecb_rate_bp: 215, legal_rate_bp: 262, default_rate_bp: 1215, minimum_rate_bp: 786, updated_at: '2026-01-02T09:00:00Z' },
    { half_year_start: '2025-07-01', ecb_rate_bp: 215, legal_rate_bp: 276, default_rate_bp: 1215, minimum_rate_bp: 828, updated_at: '2025-07-02T09:00:00Z' },
  ],
  today: { half_year_start: '2026-07-01', applied: '2026-01-01', entered: false },
};
const api = vi.hoisted(() => ({ calls: [] as unknown[][], failure: null as Error | null }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async (...args: unknown[]) => {
    api.calls.push(args);
    if (api.failure) throw api.failure;
    return rates;
  },
}));

describe('LatePaymentRatesCard (decision 1051)', () => {
  beforeEach(() => {
    api.calls.length = 0;
    api.failure = null;
  });

  it('lists each half-year with its default (ECB + 10) and minimum (3 × legal), and says when the current one is not entered', async () => {
    renderWithProviders(<LatePaymentRatesCard />);
    const row = await screen.findByTestId('late-rate-2026-01-01');
    expect(within(row).getByText('1er semestre 2026')).toBeTruthy();
    expect(row.textContent).toContain('12,15');
    expect(row.textContent).toContain('7,86');
    expect(screen.getByTestId('late-rates-missing').textContent).toContain('2e semestre 2026');
  });

  it('saves the chosen half-year with its rates in basis points', async () => {
    renderWithProviders(<LatePaymentRatesCard />);
    await screen.findByTestId('late-rate-2026-01-01');
    await userEvent.type(screen.getByTestId('late-rate-ecb'), '2.15');
    await userEvent.type(screen.getByTestId('late-rate-legal'), '2.5');
    await userEvent.click(screen.getByTestId('late-rate-save'));
    await waitFor(() => expect(api.calls.some((c) => c[0] === invoiceRoutes.saveLatePaymentRate)).toBe(true));
    const put = api.calls.find((c) => c[0] === invoiceRoutes.saveLatePaymentRate)!;
    expect(put[1]).toEqual({ body: { half_year_start: '2026-07-01', ecb_rate_bp: 215, legal_rate_bp: 250 } });
  });

  it('takes a negative ECB rate, and checks the contract’s limits on the fields before sending (decision 1140)', async () => {
    renderWithProviders(<LatePaymentRatesCard />);
    await screen.findByTestId('late-rate-2026-01-01');
    fireEvent.change(screen.getByTestId('late-rate-ecb'), { target: { value: '-0,5' } });
    fireEvent.change(screen.getByTestId('late-rate-legal'), { target: { value: '25' } });
    await userEvent.click(screen.getByTestId('late-rate-save'));
    expect(await screen.findByText('Le taux de l’intérêt légal est d’au plus 20 %.')).toBeTruthy();
    expect(screen.getByTestId('late-rate-legal').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((c) => c[0] === invoiceRoutes.saveLatePaymentRate)).toEqual([]);
    fireEvent.change(screen.getByTestId('late-rate-legal'), { target: { value: '2,62' } });
    await userEvent.click(screen.getByTestId('late-rate-save'));
    await waitFor(() => expect(api.calls.some((c) => c[0] === invoiceRoutes.saveLatePaymentRate)).toBe(true));
    const put = api.calls.find((c) => c[0] === invoiceRoutes.saveLatePaymentRate)!;
    expect(put[1]).toEqual({ body: { half_year_start: '2026-07-01', ecb_rate_bp: -50, legal_rate_bp: 262 } });
    expect(await screen.findByText('Taux enregistrés.')).toBeTruthy();
  });

  it('shows the error when the rates cannot be read, and saves nothing without a half-year', async () => {
    api.failure = new ApiError('Le service est momentanément indisponible.', 503, 'UNAVAILABLE');
    renderWithProviders(<LatePaymentRatesCard />);
    expect(await screen.findByText('Le service est momentanément indisponible.')).toBeTruthy();
    expect(screen.queryByTestId('late-rates-table')).toBeNull();
    expect(screen.queryByTestId('late-rates-missing')).toBeNull();
    await userEvent.click(screen.getByTestId('late-rate-save'));
    expect(api.calls.filter((c) => c[0] === invoiceRoutes.saveLatePaymentRate)).toEqual([]);
  });
});
