// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { quoteRoutes, type QuoteSettings } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import QuoteSettingsScreen from './quote-settings-screen';

const calls: Array<{ path: string; method: string; body?: unknown }> = [];
let userType = 'architecte';
vi.mock('../../../lib/auth', () => ({ useCurrentUser: () => ({ id: 5, user_type: userType, is_validate: 'Validé', firstname: 'C', lastname: 'M', email: 'c@m.fr' }) }));

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
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: vi.fn(async (endpoint: { path: string; method: string }, input?: { body?: unknown }) => {
    calls.push({ path: endpoint.path, method: endpoint.method, body: input?.body });
    return { ...settings, ...(input?.body ?? {}) };
  }),
  uploadToEndpoint: vi.fn(),
}));

function renderScreen() {
  return renderWithProviders(<QuoteSettingsScreen />, { route: '/devis/parametre' });
}

describe('QuoteSettingsScreen', { timeout: 20_000 }, () => {
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
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: quoteRoutes.saveSettings.path, body: { late_penalty_bp: 1250, number_prefix: 'DV', deposit_bp: 3000, validity_days: 30 } });
    expect(await screen.findByText('Réglages enregistrés.')).toBeTruthy();
  });

  it('edits the platform’s defaults for an admin, without the issuer panel', async () => {
    userType = 'admin';
    renderScreen();
    expect(await screen.findByText('Réglages des devis de la plateforme')).toBeTruthy();
    await screen.findByRole('button', { name: 'Enregistrer' });
    expect(calls[0]).toMatchObject({ path: quoteRoutes.getPlatformSettings.path });
    expect(screen.queryByText('Émetteur et assurances')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.path).toBe(quoteRoutes.savePlatformSettings.path));
  });
});
