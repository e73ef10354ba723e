// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eInvoicingRoutes, invoiceRoutes, quoteRoutes, type ConsumerMediatorSetting, type LatePaymentRates, type QuoteSettings } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import QuoteSettingsScreen from './quote-settings-screen';

const calls: Array<{ path: string; method: string; body?: unknown }> = [];
let userType = 'architecte';
vi.mock('../../../lib/auth', () => ({
  useCurrentUser: () => ({ id: 5, user_type: userType, is_validate: 'Validé', firstname: 'C', lastname: 'M', email: 'c@m.fr' }),
}));

const settings: QuoteSettings = {
  accent_color: '#1c7ed6',
  number_prefix: 'D',
  validity_days: 30,
  deposit_bp: 3000,
  payment_terms: 'À réception.',
  late_penalty_bp: 1000,
  retention_bp: 0,
  free_text: '',
  general_conditions: '',
  has_logo: false,
  issuer: null,
  missing_mentions: [{ code: 'siret', label: 'le numéro SIRET' }],
  updated_at: null,
};
// The admin's screen also loads the consumer mediator (decision 1044) and the late-payment rates
// (decision 1051): each endpoint gets its own answer, the settings' shape only for the settings.
const mediator: ConsumerMediatorSetting = {
  mediator: { name: 'Médiateur du bâtiment', website: 'https://mediateur.example.fr', address: null },
  updated_at: '2026-01-05T10:00:00Z',
};
const rates: LatePaymentRates = {
  rates: [
    { half_year_start: '2026-01-01', ecb_rate_bp: 215, legal_rate_bp: 262, default_rate_bp: 1215, minimum_rate_bp: 786, updated_at: '2026-01-02T09:00:00Z' },
  ],
  today: { half_year_start: '2026-01-01', applied: '2026-01-01', entered: true },
};
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: vi.fn(async (endpoint: { path: string; method: string }, input?: { body?: unknown }) => {
    calls.push({ path: endpoint.path, method: endpoint.method, body: input?.body });
    if (endpoint.path === quoteRoutes.getMediator.path) return mediator;
    if (endpoint.path === invoiceRoutes.latePaymentRates.path) return rates;
    if (endpoint.path === eInvoicingRoutes.adminConnections.path) return { items: [] };
    return { ...settings, ...(input?.body ?? {}) };
  }),
  uploadToEndpoint: vi.fn(),
}));

function renderScreen() {
  return renderWithProviders(<QuoteSettingsScreen />, { route: '/devis/parametre' });
}

describe('QuoteSettingsScreen', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('edits the architect’s own settings in API units and lists the mentions the profile lacks', async () => {
    userType = 'architecte';
    renderScreen();
    expect(await screen.findByText('Personnaliser mes devis')).toBeTruthy();
    expect(calls[0]).toMatchObject({ path: quoteRoutes.getSettings.path, method: 'GET' });
    expect((await screen.findByTestId('settings-missing-mentions')).textContent).toContain('le numéro SIRET');
    fireEvent.change(screen.getByRole('textbox', { name: /Taux annuel des pénalités de retard/ }), { target: { value: '12,5' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Préfixe de numérotation/ }), { target: { value: 'dv' } });
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: quoteRoutes.saveSettings.path,
      body: { late_penalty_bp: 1250, number_prefix: 'DV', deposit_bp: 3000, validity_days: 30 },
    });
    expect(await screen.findByText('Réglages enregistrés.')).toBeTruthy();
    // The platform's mediator and late-payment rates are the admin's, not on an architect's screen.
    expect(screen.queryByTestId('consumer-mediator')).toBeNull();
    expect(screen.queryByTestId('late-payment-rates')).toBeNull();
  });

  it('edits the platform’s defaults for an admin, without the issuer panel', async () => {
    userType = 'admin';
    renderScreen();
    expect(await screen.findByText('Réglages des devis de la plateforme')).toBeTruthy();
    await screen.findByRole('button', { name: 'Enregistrer' });
    expect(calls[0]).toMatchObject({ path: quoteRoutes.getPlatformSettings.path });
    expect(screen.queryByText('Émetteur et assurances')).toBeNull();
    // The mediator and the late-payment rates cards, each filled from its own answer.
    expect(await screen.findByDisplayValue('Médiateur du bâtiment')).toBeTruthy();
    expect(await screen.findByTestId('late-rate-2026-01-01')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining([quoteRoutes.getMediator.path, invoiceRoutes.latePaymentRates.path]));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.path).toBe(quoteRoutes.savePlatformSettings.path));
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      expect.objectContaining({ path: quoteRoutes.savePlatformSettings.path, body: expect.objectContaining({ deposit_bp: 3000, validity_days: 30 }) }),
    ]);
  });
});
