// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { paymentRoutes, type PaymentItem } from '@ouvrage/contracts';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import PaymentCreateScreen from './payment-create-screen';

/**
 * The simulated card page (decision 1072): the API's refusals — an expired card, a number failing
 * the Luhn check — show on their field in the reader's language; a checkout that expired while the
 * page stayed open says so instead of keeping the form.
 */

const api = vi.hoisted(() => ({ payment: null as unknown, cardError: null as unknown, cards: 0 }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async (route: { path: string }) => {
    if (route.path === paymentRoutes.authorize.path) return { payment: api.payment, left_to_pay_cents: 105_000 };
    if (route.path === paymentRoutes.simulatedCard.path) {
      api.cards += 1;
      throw api.cardError;
    }
    throw new Error(`unexpected call ${route.path}`);
  },
}));

const pending: PaymentItem = {
  id: 5,
  invoice_id: 3,
  invoice_number: 'F-2026-0003',
  invoice_name: { kind: 'acompte', situation_index: null, quote_label: 'D-2026-0004' },
  method: 'carte',
  status: 'en_attente',
  provider: 'simule',
  amount_cents: 105_000,
  failure: null,
  created_at: '2026-11-23T10:00:00Z',
  confirmed_at: null,
  debit_on: null,
  debit_submitted: false,
};

const render = (lng: 'fr' | 'en' | 'ar') => renderWithProviders(<PaymentCreateScreen />, { route: '/payment/create?paiement=5&t=invoice.3.x', lng });

async function submit(card: { number: string; expiry: string }) {
  fireEvent.change(await screen.findByTestId('card-number'), { target: { value: card.number } });
  fireEvent.change(screen.getByTestId('card-expiry'), { target: { value: card.expiry } });
  fireEvent.change(screen.getByTestId('card-cvc'), { target: { value: '123' } });
  fireEvent.click(screen.getByTestId('card-submit'));
}

describe('the simulated card page', () => {
  beforeEach(() => {
    api.payment = pending;
    api.cards = 0;
  });

  it('shows an expired card’s refusal on the expiry field, in English', async () => {
    const message = 'Cette carte a expiré (fin 01/20) : utilisez une carte en cours de validité.';
    api.cardError = new ApiError(message, 400, 'PAYMENT_CARD_EXPIRED', { expiry: message }, { expiry: '01/20' });
    render('en');
    await submit({ number: '4242 4242 4242 4242', expiry: '01/20' });
    expect(await screen.findByText('This card has expired (end of 01/20): use a card that is still valid.')).toBeTruthy();
    expect(screen.getByTestId('card-expiry').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(message)).toBeNull();
  });

  it('shows a number failing the Luhn check on the number field, in Arabic, and in French as the server wrote it', async () => {
    const message = 'Ce numéro de carte n’est pas valide : sa clé de contrôle est fausse. Vérifiez les 16 chiffres.';
    api.cardError = new ApiError(message, 400, 'PAYMENT_CARD_INVALID', { card_number: message });
    const { unmount } = render('ar');
    await submit({ number: '4242 4242 4242 4241', expiry: '12/30' });
    expect(await screen.findByText('رقم البطاقة هذا غير صالح: رقم التحقق فيه خاطئ. تحقّق من الأرقام الستة عشر.')).toBeTruthy();
    expect(screen.getByTestId('card-number').getAttribute('aria-invalid')).toBe('true');
    unmount();
    render('fr');
    await submit({ number: '4242 4242 4242 4241', expiry: '12/30' });
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('says the checkout expired when the card comes after its 30 minutes, and leaves the form', async () => {
    api.cardError = new ApiError(
      'Ce paiement a expiré : la page de paiement est restée ouverte plus de 30 minutes. Relancez un paiement depuis la facture.',
      409,
      'PAYMENT_CHECKOUT_EXPIRED',
    );
    render('fr');
    await screen.findByTestId('simulated-checkout');
    // Meanwhile the API expired it: the page reads the payment again after the refusal.
    api.payment = { ...pending, status: 'annule', failure: 'expired' };
    await submit({ number: '4242 4242 4242 4242', expiry: '12/30' });
    await waitFor(() => expect(screen.getByTestId('checkout-over').textContent).toContain('Ce paiement a expiré'));
    expect(screen.queryByTestId('simulated-checkout')).toBeNull();
    expect(api.cards).toBe(1);
  });
});
