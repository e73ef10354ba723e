// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tenderRoutes, type AdminTender } from '@ouvrage/contracts';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { SentTenders } from './sent-tenders';

/** The admin's withdrawal of a sent tender asks in the one confirm dialog and keeps a failure there (decision 1150). */

vi.setConfig({ testTimeout: 30_000 });

const api = vi.hoisted(() => ({ withdrawals: [] as unknown[], fail: true }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async (route: { path: string }, input: { params?: { id: number } }) => {
    if (route.path === tenderRoutes.deleteTender.path) {
      api.withdrawals.push(input.params?.id);
      if (api.fail) throw new ApiError('Cet appel d’offre a déjà reçu une réponse : il ne peut plus être retiré.', 409, 'TENDER_STATE');
      return {};
    }
    if (route.path === tenderRoutes.sentTenders.path) return { items: [tender], total: 1, total_capped: false, page: 1, per_page: 20 };
    return { categories: [], biens: [] };
  },
}));

const tender: AdminTender = {
  id: 41,
  status: 'Disponible',
  validation: '0',
  reply_deadline: '2026-12-10T17:00:00Z',
  message: null,
  refusal_reason: null,
  answered_at: null,
  created_at: '2026-12-01T10:00:00Z',
  match_score: 72,
  project: { id: 12, category_name: 'Rénovation', bien_name: 'Maison', ville: 'Lyon', state: 'En consultation', client_name: 'Julie Bernard' },
  professional: { id: 5, name: 'Paul Martin', company: 'Atelier Martin', email: 'paul@exemple.fr', user_type: 'professionnel' },
};

describe('SentTenders withdrawal', () => {
  it('asks before withdrawing, keeps the refusal in the dialog, and closes once withdrawn', async () => {
    renderWithProviders(<SentTenders />, { route: '/list-offre' });
    const row = await screen.findByTestId('sent-tender-41');
    await userEvent.click(within(row).getByRole('button', { name: 'Retirer' }));
    const dialog = await screen.findByRole('dialog', { name: "Retirer l'appel d'offre" });
    expect(dialog.textContent).toContain("L'appel d'offre envoyé à Atelier Martin pour le projet n° 12 sera retiré");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retirer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('ne peut plus être retiré');
    api.fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retirer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.withdrawals).toEqual([41, 41]);
  });
});
