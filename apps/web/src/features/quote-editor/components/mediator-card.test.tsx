// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { quoteRoutes } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { MediatorCard } from './mediator-card';

const calls: Array<{ path: string; method: string; body?: unknown }> = [];
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: vi.fn(async (endpoint: { path: string; method: string }, input?: { body?: { name: string; website: string; address: string } }) => {
    calls.push({ path: endpoint.path, method: endpoint.method, body: input?.body });
    const b = input?.body;
    return b ? { mediator: { ...b, address: b.address || null }, updated_at: '2026-12-01T21:00:00.000Z' } : { mediator: null, updated_at: null };
  }),
  uploadToEndpoint: vi.fn(),
}));

describe('MediatorCard (decision 1044)', () => {
  it('says no mediator is set, then saves the one the admin types through PUT /admin/mediateur', async () => {
    renderWithProviders(<MediatorCard />, { route: '/admin/devis-option' });
    expect(await screen.findByText(/Aucun médiateur n’est désigné/)).toBeTruthy();
    expect(calls[0]).toMatchObject({ path: quoteRoutes.getMediator.path, method: 'GET' });
    fireEvent.change(screen.getByRole('textbox', { name: /Nom du médiateur/ }), { target: { value: 'Médiation du bâtiment' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Site internet/ }), { target: { value: 'https://www.mediation.example' } });
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le médiateur' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: quoteRoutes.saveMediator.path,
      body: { name: 'Médiation du bâtiment', website: 'https://www.mediation.example', address: '' },
    });
    expect(await screen.findByText('Médiateur enregistré.')).toBeTruthy();
    expect(screen.getByText(/Imprimé sur chaque devis adressé à un particulier/)).toBeTruthy();
  });
});
