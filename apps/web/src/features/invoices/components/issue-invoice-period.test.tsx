// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuoteDetail, QuoteInvoicing } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { IssueInvoiceModal } from './issue-invoice-modal';

vi.setConfig({ testTimeout: 30_000 });

const api = vi.hoisted(() => ({ calls: [] as unknown[][] }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async (...args: unknown[]) => {
    // The project's journal, read for the justification's picker (decision 1232): empty here, not counted.
    if ((args[0] as { path?: string }).path?.endsWith('/journal'))
      return { items: [], total: 0, total_capped: false, page: 1, per_page: 100, can_write: false };
    api.calls.push(args);
    return { id: 41 };
  },
}));

const line = (id: number, unit_price_cents: number, tva_rate_bp: number) => ({
  id,
  product_id: null,
  description: '',
  designation: `Ligne ${id}`,
  quantity_milli: 1000,
  unit: 'u',
  unit_price_cents,
  tva_rate_bp,
  discount_bp: 0,
  optional: false,
  chosen: false,
  net_ht_cents: unit_price_cents,
});
const quote = {
  id: 7,
  label: 'D-2026-0007',
  project: { id: 3, title: 'Cuisine', category: 'renovation' },
  status: 'Validé',
  deposit_bp: 3000,
  retention_bp: 0,
  lots: [{ id: 1, title: 'Démolition', subtotal_ht_cents: 85_000, lines: [line(11, 85_000, 1000)] }],
} as unknown as QuoteDetail;
const invoicing: QuoteInvoicing = { quote_id: 7, invoices: [] };
const render = () => renderWithProviders(<IssueInvoiceModal quote={quote} invoicing={invoicing} opened onClose={() => {}} />, { route: '/' });
const setDate = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('IssueInvoiceModal: the date or period of the service (decision 1050)', () => {
  beforeEach(() => {
    api.calls.length = 0;
  });

  it('sends the period typed with the invoice; a deposit’s may lie ahead', async () => {
    render();
    setDate('invoice-service-from', '2099-01-04');
    setDate('invoice-service-to', '2099-02-26');
    await userEvent.click(screen.getByTestId('invoice-review-open'));
    await userEvent.click(screen.getByTestId('invoice-confirm'));
    expect((api.calls[0][1] as { body: unknown }).body).toMatchObject({ kind: 'acompte', service_from: '2099-01-04', service_to: '2099-02-26' });
  });

  it('refuses a period that starts after its end, and a progress invoice ending after today, before anything is issued', async () => {
    render();
    setDate('invoice-service-from', '2099-02-26');
    setDate('invoice-service-to', '2099-01-04');
    expect(await screen.findByText(/commence après sa fin/)).toBeTruthy();
    expect((screen.getByTestId('invoice-review-open') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByText('Situation de travaux'));
    setDate('invoice-service-from', '');
    expect(await screen.findByText(/au plus tard le jour de la facture/)).toBeTruthy();
    expect((screen.getByTestId('invoice-review-open') as HTMLButtonElement).disabled).toBe(true);
    expect(api.calls).toHaveLength(0);
  });
});
