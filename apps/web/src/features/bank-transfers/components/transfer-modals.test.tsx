// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { systemClock, todayInParis } from '@ouvrage/domain';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { ConfirmTransferModal, DeclareTransferModal } from './transfer-modals';

/**
 * The transfer modals on the one form mechanism (decision 1140): the API's checks shown as the
 * amount is typed, the button waiting until they hold, the body sent, and the API's refusals of
 * a field on that field, any other in the dialog's alert.
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

const today = todayInParis(systemClock);
const typeAmount = (testId: string, text: string) => fireEvent.change(screen.getByTestId(testId), { target: { value: text } });

const declare = (lng: 'fr' | 'en' = 'fr', onDone = vi.fn()) =>
  renderWithProviders(<DeclareTransferModal invoiceId={12} number="F-2026-0002" leftCents={150_000} opened onClose={() => {}} onDone={onDone} />, { lng });

describe('DeclareTransferModal', () => {
  beforeEach(() => {
    api.calls.length = 0;
    api.answer = {};
  });

  it('offers what is left, refuses more as it is typed, and declares the amount and the day', async () => {
    const onDone = vi.fn();
    declare('fr', onDone);
    expect((screen.getByTestId('declare-amount') as HTMLInputElement).value).toBe('1 500,00');
    typeAmount('declare-amount', '2000');
    expect(screen.getByText(/Le montant dépasse ce qui reste à payer/)).toBeTruthy();
    expect(screen.getByTestId('declare-submit')).toHaveProperty('disabled', true);
    typeAmount('declare-amount', '1200,50');
    expect(screen.queryByText(/Le montant dépasse/)).toBeNull();
    fireEvent.click(screen.getByTestId('declare-submit'));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect((api.calls[0][1] as { body: unknown }).body).toEqual({ amount_cents: 120_050, declared_on: today });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('puts the API’s refusal of a field on that field, in the reader’s language, and nothing in the alert', async () => {
    // The API's clock is ahead of the browser's (a day changing in Paris): it refuses the day.
    const message = 'La date ne peut pas être dans le futur.';
    api.answer = new ApiError(message, 400, 'TRANSFER_DATE_IN_FUTURE', { declared_on: message });
    declare('en');
    fireEvent.click(screen.getByTestId('declare-submit'));
    expect(await screen.findByText('The date cannot be in the future.')).toBeTruthy();
    expect(screen.getByTestId('declare-date').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(message)).toBeNull();
  });

  it('shows a refusal without a field in the dialog', async () => {
    api.answer = new ApiError('Cette facture est déjà payée.', 409, 'INVOICE_STATE');
    declare();
    fireEvent.click(screen.getByTestId('declare-submit'));
    expect((await screen.findByRole('alert')).textContent).toContain('Cette facture est déjà payée.');
  });
});

describe('ConfirmTransferModal', () => {
  beforeEach(() => {
    api.calls.length = 0;
    api.answer = { invoice_status: 'Payée' };
  });

  it('confirms the declaration with the amount received, at most what is left', async () => {
    const onDone = vi.fn();
    renderWithProviders(
      <ConfirmTransferModal
        invoiceId={12}
        number="F-2026-0002"
        paymentId={3}
        amountCents={200_000}
        leftCents={150_000}
        opened
        onClose={() => {}}
        onDone={onDone}
      />,
    );
    expect((screen.getByTestId('confirm-amount') as HTMLInputElement).value).toBe('1 500,00');
    typeAmount('confirm-amount', '0');
    expect(screen.getByText('Le montant doit être supérieur à 0.')).toBeTruthy();
    expect(screen.getByTestId('confirm-submit')).toHaveProperty('disabled', true);
    typeAmount('confirm-amount', '1500');
    fireEvent.click(screen.getByTestId('confirm-submit'));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect((api.calls[0][1] as { body: unknown; params: unknown }).body).toEqual({ payment_id: 3, amount_cents: 150_000, received_on: today });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Payée'));
  });
});
