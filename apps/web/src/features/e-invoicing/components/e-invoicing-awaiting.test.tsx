// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render';
import { EInvoicingAwaiting } from './e-invoicing-awaiting';

const base = { document: 'invoice' as const, credit_note_id: null, flow_id: null, attempts: 1, updated_at: '2026-11-24T09:00:00Z' };
const api = vi.hoisted(() => ({ calls: [] as Array<{ method: string; input: any }> }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async (route: { method: string }, input: any) => {
    api.calls.push({ method: route.method, input });
    if (route.method === 'POST') return { ...base, id: 1, invoice_id: 10, number: 'F-2026-0010', state: 'pending', last_code: null, last_error: null };
    return {
      items: [
        { ...base, id: 1, invoice_id: 10, number: 'F-2026-0010', state: 'failed', last_code: null, last_error: 'Fichier refusé' },
        { ...base, id: 2, invoice_id: 11, number: 'F-2026-0011', state: 'action', last_code: 210, last_error: 'Prix erroné' },
      ],
    };
  },
}));

describe('EInvoicingAwaiting (issue 37 §1, decision 1212)', () => {
  it('lists what awaits the architect, links the invoice and sends a failed one again', async () => {
    renderWithProviders(<EInvoicingAwaiting />, { route: '/facture/parametre' });
    const card = await screen.findByTestId('e-invoicing-awaiting');
    expect(card.textContent).toContain('2 factures électroniques à traiter');
    expect(screen.getByTestId('e-invoicing-awaiting-2').textContent).toContain('210 Refusée');
    expect(screen.getByRole('link', { name: 'F-2026-0011' }).getAttribute('href')).toBe('/facture/11');
    await userEvent.click(screen.getByRole('button', { name: 'Renvoyer' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.input.params.id === 1)).toBe(true));
  });
});
