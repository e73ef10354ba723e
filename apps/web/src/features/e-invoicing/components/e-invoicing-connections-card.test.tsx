// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { EInvoicingConnectionsCard } from './e-invoicing-connections-card';

vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async () => ({
    items: [
      {
        issuer_id: 3,
        issuer_name: 'Anne Martin',
        pa_mode: 'own',
        secret_configured: true,
        lifecycle_cursor: null,
        pending: 0,
        submitted: 4,
        failed: 1,
        action: 2,
      },
      {
        issuer_id: 4,
        issuer_name: 'Paul Roux',
        pa_mode: 'none',
        secret_configured: false,
        lifecycle_cursor: null,
        pending: 0,
        submitted: 0,
        failed: 0,
        action: 0,
      },
    ],
  }),
}));

describe('EInvoicingConnectionsCard (issue 37 §1, decision 1212)', () => {
  it('shows each architect’s platform and submissions by state', async () => {
    renderWithProviders(<EInvoicingConnectionsCard />, { route: '/devis/parametre' });
    const row = await screen.findByTestId('e-invoicing-connection-3');
    expect(row.textContent).toContain('Anne Martin');
    expect(row.textContent).toContain('Ma plateforme');
    expect(screen.getByTestId('e-invoicing-connection-4').textContent).toContain('Pas de plateforme');
  });
});
