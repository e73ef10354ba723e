// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvoiceDetail } from '@ouvrage/contracts';
import { calendarDateAt } from '@ouvrage/domain';
import { formatEuros } from '../../../lib/format';
import { renderWithProviders } from '../../../testing/render';
import { InvoiceRefunds } from './invoice-refunds';

// Typing into Mantine inputs takes seconds on a loaded 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

const api = vi.hoisted(() => ({ calls: [] as unknown[][] }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async (...args: unknown[]) => {
    api.calls.push(args);
    return {};
  },
}));

/** Only what the refunds section reads of an invoice. */
const invoice = (over: Partial<InvoiceDetail>) =>
  ({ id: 12, number: 'F-2026-0001', refund_owed_cents: 0, refunded_cents: 0, refunds: [], can: { credit: false, refund: false }, ...over }) as InvoiceDetail;

describe('InvoiceRefunds (decision 1062)', () => {
  beforeEach(() => {
    api.calls.length = 0;
  });

  it('shows nothing when no refund is owed nor was made', () => {
    renderWithProviders(<InvoiceRefunds invoice={invoice({})} />);
    expect(screen.queryByTestId('invoice-refunds')).toBeNull();
  });

  it('shows the client the refund owed, without the issuer’s button', () => {
    renderWithProviders(<InvoiceRefunds invoice={invoice({ refund_owed_cents: 185_460 })} />);
    expect(screen.getByTestId('invoice-refund-owed').textContent).toContain(formatEuros(185_460));
    expect(screen.queryByTestId('invoice-refund-open')).toBeNull();
  });

  it('lets the issuer record the refund: never more than owed; the recorded refunds are listed', async () => {
    renderWithProviders(
      <InvoiceRefunds
        invoice={invoice({
          refund_owed_cents: 10_000,
          refunded_cents: 5_000,
          refunds: [{ id: 1, amount_cents: 5_000, refunded_on: '2026-11-20' }],
          can: { credit: false, refund: true },
        })}
      />,
      { lng: 'en' },
    );
    expect(screen.getByTestId('invoice-refund-list').textContent).toContain('Refunded on');
    await userEvent.click(screen.getByTestId('invoice-refund-open'));
    const amount = screen.getByTestId('refund-amount') as HTMLInputElement;
    await userEvent.clear(amount);
    await userEvent.type(amount, '150');
    expect(await screen.findByText(/exceeds what is owed/)).toBeTruthy();
    expect(screen.getByTestId('refund-confirm')).toHaveProperty('disabled', true);
    await userEvent.clear(amount);
    await userEvent.type(amount, '60');
    await userEvent.click(screen.getByTestId('refund-confirm'));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect((api.calls[0][1] as { body: unknown }).body).toEqual({ amount_cents: 6_000, refunded_on: calendarDateAt(new Date()) });
  });
});
