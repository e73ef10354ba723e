// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvoiceDetail } from '@ouvrage/contracts';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { CreditNoteModal } from './credit-note-modal';

/**
 * The credit note on the one form mechanism (decision 1140): the button waits for a reason and a
 * possible amount, the body is what the contract takes, the API's refusal of the reason shows
 * under it and any other refusal in the dialog.
 */

vi.setConfig({ testTimeout: 30_000 });

const api = vi.hoisted(() => ({ calls: [] as unknown[][], answer: null as unknown }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async (...args: unknown[]) => {
    api.calls.push(args);
    if (api.answer instanceof Error) throw api.answer;
    return api.answer;
  },
}));

/** Only what the modal reads of an invoice: 1 200,00 € TTC, 200,00 € already credited. */
const invoice = { id: 12, number: 'F-2026-0001', totals: { total_ttc_cents: 120_000 }, credited_cents: 20_000 } as unknown as InvoiceDetail;

const render = (onDone = vi.fn()) => renderWithProviders(<CreditNoteModal invoice={invoice} opened onClose={() => {}} onDone={onDone} />);
const reason = (text: string) => fireEvent.change(screen.getByTestId('credit-reason'), { target: { value: text } });

describe('CreditNoteModal', () => {
  beforeEach(() => {
    api.calls.length = 0;
    api.answer = { credit_notes: [{ number: 'A-2026-0001' }] };
  });

  it('credits the whole rest with the reason trimmed', async () => {
    const onDone = vi.fn();
    render(onDone);
    expect(screen.getByTestId('credit-confirm')).toHaveProperty('disabled', true);
    reason('  Chantier abandonné  ');
    fireEvent.click(screen.getByTestId('credit-confirm'));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect((api.calls[0][1] as { body: unknown }).body).toEqual({ amount_cents: null, reason: 'Chantier abandonné' });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('A-2026-0001'));
  });

  it('credits part of it: the button waits for an amount of at most what is left', async () => {
    render();
    await userEvent.click(screen.getByLabelText('une partie (montant TTC)'));
    reason('Lot peinture retiré');
    expect(screen.getByTestId('credit-confirm')).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('credit-amount'), { target: { value: '1 000,01' } });
    expect(screen.getByTestId('credit-confirm')).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('credit-amount'), { target: { value: '250,5' } });
    fireEvent.click(screen.getByTestId('credit-confirm'));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect((api.calls[0][1] as { body: unknown }).body).toEqual({ amount_cents: 25_050, reason: 'Lot peinture retiré' });
  });

  it('shows the API’s refusal of the reason under it, any other refusal in the dialog', async () => {
    api.answer = new ApiError('La raison compte au plus 1000 caractères.', 400, 'VALIDATION_FAILED', { reason: 'La raison compte au plus 1000 caractères.' });
    const { unmount } = render();
    reason('Chantier abandonné');
    fireEvent.click(screen.getByTestId('credit-confirm'));
    await waitFor(() => expect(screen.getByTestId('credit-reason').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('La raison compte au plus 1000 caractères.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();
    api.answer = new ApiError('Cette facture est entièrement couverte par des avoirs.', 409, 'INVOICE_STATE');
    render();
    reason('Chantier abandonné');
    fireEvent.click(screen.getByTestId('credit-confirm'));
    expect((await screen.findByRole('alert')).textContent).toContain('entièrement couverte');
  });
});
