// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { quoteRoutes, type DataUser, type QuoteListItem } from '@ouvrage/contracts';
import { saveSession } from '../../../lib/session';
import { renderQuotes } from '../testing/fixtures';
import QuotesScreen from './quotes-screen';

const api = vi.hoisted(() => ({ calls: [] as unknown[][], items: null as unknown[] | null }));
const item: QuoteListItem = {
  id: 9,
  root_id: 7,
  version: 2,
  number: 'D-2026-0007',
  label: 'D-2026-0007 v2',
  status: 'Envoyé',
  title: 'Rénovation de la salle de bains',
  project_id: 3,
  project_name: { category_name: 'Rénovation', bien_name: 'Maison', city: 'Lyon' },
  client_id: 5,
  client_name: 'Julie Bernard',
  issuer_id: 2,
  issuer_name: 'Atelier Martin',
  total_ht_cents: 101_555,
  total_ttc_cents: 115_210,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
  sent_at: '2026-11-23T10:00:00.000Z',
  valid_until: '2026-12-23',
};
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async (...args: unknown[]) => {
    api.calls.push(args);
    return { items: api.items ?? [item], total: 1, total_capped: false, page: 1, per_page: 20 };
  },
}));

function as(user_type: DataUser['user_type'], id: number) {
  api.calls.length = 0;
  saveSession({
    token: { token: 't', expires_at: '2099-01-01T00:00:00.000Z' },
    datauser: { id, firstname: 'A', lastname: 'B', email: 'a@b.fr', user_type, is_validate: 'Validé' },
  } as never);
}
const headers = () =>
  within(screen.getByTestId('quotes-table'))
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

describe('QuotesScreen', () => {
  it('lists an architect’s own quotes, with the client, French formats and « Nouveau devis »', async () => {
    as('architecte', 2);
    renderQuotes(<QuotesScreen />);
    const row = await screen.findByTestId('quote-row-9');
    expect(api.calls[0][0]).toBe(quoteRoutes.listQuotesOf);
    expect(api.calls[0][1]).toMatchObject({ params: { id: 2 }, query: { page: 1, per_page: 20, sort: 'recent' } });
    expect(headers()).toEqual(['Devis', 'Objet', 'Projet', 'Client', 'Statut', 'Montant TTC', 'Envoyé le', 'Valable jusqu’au']);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'D-2026-0007 v2',
      'Rénovation de la salle de bains',
      'Rénovation · Maison — Lyon',
      'Julie Bernard',
      'Envoyé',
      '1 152,10 €',
      '23/11/2026',
      '23/12/2026',
    ]);
    expect(within(row).getByRole('link').getAttribute('href')).toBe('/devis/9');
    expect(screen.getByTestId('new-quote').getAttribute('href')).toBe('/devis/new');
  });

  it('shows every quote to an admin, with the issuer and the link to the default settings', async () => {
    as('admin', 1);
    renderQuotes(<QuotesScreen />);
    await screen.findByTestId('quote-row-9');
    expect(api.calls[0][0]).toBe(quoteRoutes.listAllQuotes);
    expect(headers()).toContain('Émetteur');
    expect(screen.getByRole('link', { name: 'Réglages par défaut des devis' }).getAttribute('href')).toBe('/devis/parametre');
    expect(screen.queryByTestId('new-quote')).toBeNull();
  });

  it('is « Mes devis » for a client, with the architect instead of the client', async () => {
    as('client', 5);
    renderQuotes(<QuotesScreen />);
    await screen.findByTestId('quote-row-9');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mes devis');
    expect(api.calls[0][1]).toMatchObject({ params: { id: 5 } });
    expect(headers()).toContain('Architecte');
    expect(headers()).not.toContain('Client');
    expect(screen.queryByTestId('new-quote')).toBeNull();
  });

  it('names a draft, which has no number yet, in the reader’s language', async () => {
    as('architecte', 2);
    api.items = [{ ...item, id: 10, version: 1, number: null, label: 'Brouillon', status: 'Brouillon', sent_at: null }];
    try {
      renderQuotes(<QuotesScreen />, { lng: 'ar' });
      expect(await screen.findByTestId('quote-link-10')).toHaveProperty('textContent', 'مسودة');
    } finally {
      api.items = null;
    }
  });
});
