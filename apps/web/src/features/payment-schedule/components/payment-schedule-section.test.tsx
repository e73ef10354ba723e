// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paymentScheduleRoutes, type QuotePaymentSchedule } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { PaymentScheduleSection } from './payment-schedule-section';

const api = vi.hoisted(() => ({ calls: [] as unknown[][], answers: [] as unknown[] }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: (...args: unknown[]) => {
    api.calls.push(args);
    return Promise.resolve(api.answers.shift());
  },
}));
const who = vi.hoisted(() => ({ id: 7, user_type: 'architecte' }));
vi.mock('../../../lib/auth', () => ({ useCurrentUser: () => ({ ...who, is_validate: 'Validé', firstname: 'A', lastname: 'B', email: 'a@b.fr' }) }));

const signed: QuotePaymentSchedule = {
  schedule: {
    quote_id: 12,
    contract_kind: 'travaux',
    contract_ttc_cents: 408_918,
    paid_cents: 122_675,
    editable: false,
    milestones: [
      {
        position: 0,
        trigger: { kind: 'signature' },
        percent_bp: 3000,
        amount_cents: null,
        due_cents: 122_675,
        due_on: '2026-12-09',
        state: 'paye',
        reached_at: '2026-12-09T09:00:00Z',
        prepared: { kind: 'acompte', amount_cents: 122_675 },
        invoice: { id: 3, number: 'F-2026-0003', total_ttc_cents: 122_675, paid_cents: 122_675, status: 'Payée' },
      },
      {
        position: 1,
        trigger: { kind: 'stage', stage: 'fin_gros_oeuvre' },
        percent_bp: 4000,
        amount_cents: null,
        due_cents: 163_567,
        due_on: null,
        state: 'a_venir',
        reached_at: null,
        prepared: null,
        invoice: null,
      },
      {
        position: 2,
        trigger: { kind: 'stage', stage: 'reception' },
        percent_bp: 3000,
        amount_cents: null,
        due_cents: 122_676,
        due_on: null,
        state: 'a_venir',
        reached_at: null,
        prepared: null,
        invoice: null,
      },
    ],
  },
};

describe('PaymentScheduleSection', () => {
  beforeEach(() => {
    api.calls.length = 0;
    api.answers.length = 0;
    who.id = 7;
    who.user_type = 'architecte';
  });

  it('shows each milestone’s state and what is paid; the issuer marks a stage, then issues its prepared invoice', async () => {
    const reached = structuredClone(signed);
    reached.schedule!.milestones[1] = { ...reached.schedule!.milestones[1], state: 'facture_preparee', prepared: { kind: 'acompte', amount_cents: 163_567 } };
    api.answers.push(signed, reached);
    renderWithProviders(<PaymentScheduleSection quoteId={12} issuerId={7} />);
    expect((await screen.findByTestId('milestone-state-0')).textContent).toBe('Payé');
    expect(screen.getByTestId('milestone-state-1').textContent).toBe('À venir');
    expect(screen.getByTestId('schedule-paid').textContent).toContain('1 226,75');
    await userEvent.click(screen.getByTestId('milestone-mark-1'));
    await waitFor(() => expect(screen.getByTestId('milestone-state-1').textContent).toBe('Atteint — facture préparée'));
    expect(api.calls[1][0]).toBe(paymentScheduleRoutes.markReached);
    expect(api.calls[1][1]).toEqual({ params: { id: 12 }, body: { position: 1 } });
    expect(screen.getByTestId('milestone-issue-1').textContent).toContain('1 635,67');
    // Without the project's journal at hand (no project given), the invoice cites no entry.
    expect(screen.queryByTestId('milestone-justifications')).toBeNull();
    api.answers.push(reached);
    await userEvent.click(screen.getByTestId('milestone-issue-1'));
    await waitFor(() => expect(api.calls[2]?.[0]).toBe(paymentScheduleRoutes.issueMilestone));
    expect(api.calls[2][1]).toEqual({ params: { id: 12 }, body: { position: 1, site_log_entry_ids: [] } });
  });

  it('offers the client no action', async () => {
    who.id = 99;
    who.user_type = 'client';
    api.answers.push(signed);
    renderWithProviders(<PaymentScheduleSection quoteId={12} issuerId={7} />);
    await screen.findByTestId('milestone-state-0');
    expect(screen.queryByTestId('milestone-mark-1')).toBeNull();
  });

  it('sends the typed schedule from a draft’s form: percentages in basis points', async () => {
    api.answers.push({ schedule: null }, signed);
    renderWithProviders(<PaymentScheduleSection quoteId={12} issuerId={7} />);
    await userEvent.clear(await screen.findByTestId('schedule-percent-0'));
    await userEvent.type(screen.getByTestId('schedule-percent-0'), '12,5');
    await userEvent.clear(screen.getByTestId('schedule-percent-1'));
    await userEvent.type(screen.getByTestId('schedule-percent-1'), '87,5');
    await userEvent.click(screen.getByTestId('schedule-save'));
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(api.calls[1][0]).toBe(paymentScheduleRoutes.setSchedule);
    expect(api.calls[1][1]).toEqual({
      params: { id: 12 },
      body: {
        contract_kind: 'travaux',
        milestones: [
          { trigger: { kind: 'signature' }, percent_bp: 1250 },
          { trigger: { kind: 'stage', stage: 'reception' }, percent_bp: 8750 },
        ],
      },
    });
  });
});
