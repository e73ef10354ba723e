// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvoiceEInvoicing as Status } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { InvoiceEInvoicing } from './invoice-e-invoicing';

const submission = {
  id: 4,
  document: 'invoice' as const,
  invoice_id: 12,
  credit_note_id: null,
  number: 'F-2026-0012',
  flow_id: 'FLOW-1',
  attempts: 1,
  updated_at: '2026-11-23T10:00:00Z',
};
const who = vi.hoisted(() => ({ user: { id: 5, user_type: 'architecte' } as { id: number; user_type: string } }));
const api = vi.hoisted(() => ({ status: null as unknown, calls: [] as Array<{ method: string; path: string; input: unknown }> }));
vi.mock('../../../lib/auth', () => ({ useCurrentUser: () => ({ ...who.user, is_validate: 'Validé', firstname: 'A', lastname: 'B', email: 'a@b.fr' }) }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async (route: { method: string; path: string }, input: unknown) => {
    api.calls.push({ method: route.method, path: route.path, input });
    if (route.method === 'POST') return { ...submission, state: 'pending', last_code: null, last_error: null };
    return api.status;
  },
}));

const show = (status: Status) => {
  api.status = status;
  renderWithProviders(<InvoiceEInvoicing invoiceId={12} issuerId={5} />, { route: '/facture/12' });
};

describe('InvoiceEInvoicing (issue 37 §1, decision 1212)', () => {
  beforeEach(() => {
    api.calls.length = 0;
    who.user = { id: 5, user_type: 'architecte' };
  });

  it('shows a refused invoice as « à traiter » with the statuses in French', async () => {
    show({
      e_invoiced: true,
      submission: { ...submission, state: 'action', last_code: 210, last_error: 'Prix erroné' },
      events: [
        { code: 200, at: '2026-11-23T10:00:00Z', reason: null, source: 'search' },
        { code: 210, at: '2026-11-24T09:00:00Z', reason: 'Prix erroné', source: 'webhook' },
      ],
    });
    expect((await screen.findByTestId('e-invoice-state')).getAttribute('data-state')).toBe('action');
    expect(screen.getByTestId('e-invoice-action').textContent).toContain('avoir');
    const events = screen.getByTestId('e-invoice-events').textContent ?? '';
    expect(events).toContain('200 Déposée');
    expect(events).toContain('210 Refusée');
    expect(events).toContain('Prix erroné');
    expect(screen.queryByTestId('e-invoice-retry')).toBeNull();
  });

  it('lets the issuer send a failed submission again, not the client', async () => {
    show({ e_invoiced: true, submission: { ...submission, state: 'failed', last_code: null, last_error: 'Fichier refusé' }, events: [] });
    await userEvent.click(await screen.findByTestId('e-invoice-retry'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && (c.input as { params: { id: number } }).params.id === 4)).toBe(true));
  });

  it('shows no retry to the client, and nothing for an invoice that is not e-invoiced', async () => {
    who.user = { id: 9, user_type: 'client' };
    show({ e_invoiced: true, submission: { ...submission, state: 'failed', last_code: null, last_error: 'Fichier refusé' }, events: [] });
    expect(await screen.findByTestId('e-invoice-failed')).toBeTruthy();
    expect(screen.queryByTestId('e-invoice-retry')).toBeNull();
  });

  it('renders nothing when the invoice is not e-invoiced', async () => {
    show({ e_invoiced: false, submission: null, events: [] });
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(screen.queryByTestId('invoice-e-invoicing')).toBeNull();
  });
});
