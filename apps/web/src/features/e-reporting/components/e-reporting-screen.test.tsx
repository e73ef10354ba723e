// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EReportDetail, EReportingPeriods } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { EReportingScreen } from './e-reporting-screen';

const periods: EReportingPeriods = {
  year: 2026,
  connected: true,
  period_kind: 'month',
  periods: [
    {
      id: null,
      kind: 'transactions',
      period_kind: 'month',
      period_start: '2026-12-01',
      period_end: '2026-12-31',
      due_date: '2027-01-10',
      status: 'upcoming',
      late: false,
      state: null,
      totals: null,
      attempts: 0,
      last_error: null,
    },
    {
      id: 7,
      kind: 'transactions',
      period_kind: 'month',
      period_start: '2026-11-01',
      period_end: '2026-11-30',
      due_date: '2026-12-10',
      status: 'failed',
      late: false,
      state: 'failed',
      totals: { amount_cents: 150_000, tax_cents: 15_000, count: 2 },
      attempts: 1,
      last_error: 'Réponse illisible',
    },
    {
      id: 8,
      kind: 'payments',
      period_kind: 'month',
      period_start: '2026-10-01',
      period_end: '2026-10-31',
      due_date: '2026-11-10',
      status: 'accepted',
      late: false,
      state: 'accepted',
      totals: { amount_cents: 50_000, tax_cents: 4_545, count: 1 },
      attempts: 1,
      last_error: null,
    },
  ],
};
const detail: EReportDetail = {
  ...periods.periods[1],
  id: 7,
  state: 'failed',
  totals: { amount_cents: 150_000, tax_cents: 15_000, count: 2 },
  tracking_id: 'ER-732829320-T-20261101',
  flow_id: null,
  can_resend: true,
  lines: [{ date: '2026-11-03', rate_bp: 1000, amount_cents: 150_000, tax_cents: 15_000, count: 2 }],
  items: [{ kind: 'invoice', number: 'F-2026-0001', date: '2026-11-03', amount_cents: null }],
  history: [
    { at: '2026-12-01T08:00:00Z', state: 'draft', note: null },
    { at: '2026-12-01T08:00:01Z', state: 'failed', note: 'Réponse illisible' },
  ],
};
const api = vi.hoisted(() => ({ calls: [] as Array<{ method: string; path: string; input: unknown }> }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async (route: { method: string; path: string }, input: unknown) => {
    api.calls.push({ method: route.method, path: route.path, input });
    if (route.path.endsWith('/periodes')) return periods;
    if (route.method === 'POST') return { ...detail, state: 'draft', status: 'in-progress', can_resend: false };
    return detail;
  },
}));

describe('EReportingScreen (issue 37 §2, decision 1213)', () => {
  beforeEach(() => void (api.calls.length = 0));

  it('shows each period with its status and totals, and sends a failed one again', async () => {
    renderWithProviders(<EReportingScreen today={new Date('2026-12-02T10:00:00Z')} />, { route: '/facture/e-reporting' });
    const table = await screen.findByTestId('e-reporting-periods');
    await waitFor(() =>
      expect(
        within(table)
          .getAllByTestId('e-report-status')
          .map((b) => b.getAttribute('data-status')),
      ).toEqual(['upcoming', 'failed', 'accepted']),
    );
    expect(table.textContent).toContain('En échec');
    expect(table.textContent).toContain('1 500,00');
    await userEvent.click(screen.getByTestId('e-report-resend-7'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && (c.input as { params: { id: number } }).params.id === 7)).toBe(true));
    expect(screen.queryByTestId('e-report-resend-8')).toBeNull();
  });

  it('opens what a report contained: lines per day and rate, totals, documents, history', async () => {
    renderWithProviders(<EReportingScreen today={new Date('2026-12-02T10:00:00Z')} />, { route: '/facture/e-reporting' });
    await userEvent.click(await screen.findByTestId('e-report-open-7'));
    const modal = await screen.findByTestId('e-report-totals');
    expect(modal.textContent).toMatch(/1 500,00/);
    expect(screen.getByText('F-2026-0001')).toBeTruthy();
    expect(screen.getByTestId('e-report-error').textContent).toContain('Réponse illisible');
    expect(screen.getByTestId('e-report-resend')).toBeTruthy();
  });
});
