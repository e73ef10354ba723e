// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EInvoicingSettings } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { EInvoicingSettingsCard } from './e-invoicing-settings-card';

const settings: EInvoicingSettings = {
  issuer_id: 5,
  pa_mode: 'own',
  base_url: 'https://pa.example/api',
  auth_kind: 'oauth2',
  token_url: 'https://pa.example/oauth/token',
  client_id: 'ouvrage-5',
  scope: null,
  organization_id: null,
  secret_configured: true,
  vat_regime: 'reel_normal',
  e_reporting_period: 'month',
  delegation_available: false,
  webhook_url: 'https://ouvrage.test/api/facturation-electronique/webhook/5',
};
const api = vi.hoisted(() => ({ calls: [] as Array<{ method: string; path: string; input: any }> }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async (route: { method: string; path: string }, input: any) => {
    api.calls.push({ method: route.method, path: route.path, input });
    if (route.path.endsWith('/test')) return { ok: false, code: 'PA_REFUSED', reason: 'invalid_client' };
    if (route.method === 'PUT') return { ...settings, ...input.body };
    return settings;
  },
}));

describe('EInvoicingSettingsCard (issue 37 §1, decision 1212)', () => {
  beforeEach(() => void (api.calls.length = 0));

  it('shows the stored secret as configured and keeps it when left empty', async () => {
    renderWithProviders(<EInvoicingSettingsCard />, { route: '/facture/parametre' });
    expect(await screen.findByText('Configuré : laissez vide pour le garder.')).toBeTruthy();
    expect((screen.getByTestId('e-invoicing-client-secret') as HTMLInputElement).value).toBe('');
    await userEvent.click(screen.getByTestId('e-invoicing-save'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = api.calls.find((c) => c.method === 'PUT')!.input.body;
    expect(body).toMatchObject({ pa_mode: 'own', base_url: 'https://pa.example/api', client_id: 'ouvrage-5', e_reporting_period: 'month' });
    expect(body.client_secret).toBeUndefined();
    expect(await screen.findByTestId('e-invoicing-saved')).toBeTruthy();
  });

  it('tests the connection and words the refusal', async () => {
    renderWithProviders(<EInvoicingSettingsCard />, { route: '/facture/parametre' });
    await userEvent.click(await screen.findByTestId('e-invoicing-test'));
    const result = await screen.findByTestId('e-invoicing-test-result');
    expect(result.getAttribute('data-ok')).toBe('false');
    expect(result.textContent).toContain('refusé la connexion');
    expect(result.textContent).toContain('invalid_client');
  });

  it('checks the fields of the chosen mode before sending', async () => {
    renderWithProviders(<EInvoicingSettingsCard />, { route: '/facture/parametre' });
    const url = await screen.findByTestId('e-invoicing-base-url');
    await userEvent.clear(url);
    await userEvent.click(screen.getByTestId('e-invoicing-save'));
    expect(await screen.findByText('Indiquez l’adresse de l’API de votre plateforme agréée.')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
