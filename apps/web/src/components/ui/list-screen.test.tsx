// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@mantine/core';
import { useLocation } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { choiceFilter, flagFilter, textFilter, useListQuery, type ListRequest } from '../../lib/list-query';
import { renderWithProviders } from '../../testing/render';
import { ListScreen } from './list-screen';

interface Client {
  id: number;
  name: string;
}

const filters = {
  search: textFilter(),
  status: choiceFilter(['actif', 'archive'] as const),
  sort: choiceFilter(['recent', 'name'] as const, 'recent'),
  archived: flagFilter(),
};
type Answer = { items: Client[]; total: number; total_capped: boolean };

function Clients({ fetch }: { fetch: (request: ListRequest<typeof filters>) => Promise<Answer> }) {
  const list = useListQuery({ filters, perPage: 2, debounceMs: 5, query: (request) => ({ queryKey: ['clients', request], queryFn: () => fetch(request) }) });
  const location = useLocation();
  return (
    <>
      <output data-testid="address">{location.search}</output>
      <ListScreen
        list={list}
        title="Clients"
        actions={<Button>Nouveau client</Button>}
        filters={[
          { type: 'search', name: 'search', label: 'Rechercher' },
          {
            type: 'select',
            name: 'status',
            label: 'Statut',
            placeholder: 'Tous',
            options: [
              { value: 'actif', label: 'Actif' },
              { value: 'archive', label: 'Archivé' },
            ],
          },
          {
            type: 'select',
            name: 'sort',
            label: 'Tri',
            options: [
              { value: 'recent', label: 'Récents' },
              { value: 'name', label: 'Nom' },
            ],
          },
          { type: 'checkbox', name: 'archived', label: 'Voir les archivés' },
        ]}
        emptyText="Aucun client pour ces filtres."
        table={{ rowKey: (c) => c.id, columns: [{ key: 'name', header: 'Nom', cell: (c) => c.name }], 'data-testid': 'clients-table' }}
      />
    </>
  );
}

const five: Client[] = ['Julie Bernard', 'Karim Haddad', 'Léa Martin', 'Omar Said', 'Paul Roux'].map((name, i) => ({ id: i + 1, name }));
const pageOf = ({ page, per_page }: { page: number; per_page: number }): Promise<Answer> =>
  Promise.resolve({ items: five.slice((page - 1) * per_page, page * per_page), total: five.length, total_capped: false });

describe('ListScreen', { timeout: 30_000 }, () => {
  it('shows the heading, its actions, the declared filters, the number of results and the page of rows', async () => {
    renderWithProviders(<Clients fetch={pageOf} />, { route: '/clients' });
    expect(screen.getByRole('heading', { level: 1, name: 'Clients' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nouveau client' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Rechercher' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Statut' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Tri' }) as HTMLInputElement).value).toBe('Récents');
    expect(screen.getByRole('checkbox', { name: 'Voir les archivés' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Julie Bernard', 'Karim Haddad']);
    expect(screen.getByText('5 résultat(s)').getAttribute('role')).toBe('status');
  });

  it('turns the page and ticks a filter through the address, back to page 1', async () => {
    const fetch = vi.fn(pageOf);
    renderWithProviders(<Clients fetch={fetch} />, { route: '/clients' });
    const pages = await screen.findByRole('navigation', { name: 'Pages : Clients' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    expect(screen.getByTestId('address').textContent).toBe('?page=3');
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Clients' }))
          .getAllByRole('cell')
          .map((td) => td.textContent),
      ).toEqual(['Paul Roux']),
    );

    await userEvent.click(screen.getByRole('checkbox', { name: 'Voir les archivés' }));
    expect(screen.getByTestId('address').textContent).toBe('?archived=1');
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ page: 1, per_page: 2, sort: 'recent', archived: 'true' }));
  });

  it('says so when no row matches, and shows the error when the list cannot load', async () => {
    const { unmount } = renderWithProviders(<Clients fetch={() => Promise.resolve({ items: [], total: 0, total_capped: false })} />, {
      route: '/clients?search=zz',
    });
    expect(await screen.findByText('Aucun client pour ces filtres.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Rechercher' }) as HTMLInputElement).value).toBe('zz');
    unmount();

    renderWithProviders(<Clients fetch={() => Promise.reject(new ApiError('Accès refusé.', 403, 'FORBIDDEN'))} />, { route: '/clients' });
    expect((await screen.findByRole('alert')).textContent).toContain('Accès refusé.');
    expect(screen.queryByText('Aucun client pour ces filtres.')).toBeNull();
  });

  it('draws its rows as cards on a phone when its columns declare their place in one', async () => {
    function Cards() {
      const list = useListQuery({ filters: {}, query: (request) => ({ queryKey: ['cards', request], queryFn: () => pageOf(request) }) });
      return (
        <ListScreen
          list={list}
          title="Clients"
          emptyText="—"
          table={{
            rowKey: (c) => c.id,
            minWidth: 900,
            columns: [
              { key: 'name', header: 'Nom', card: 'title', cell: (c) => c.name },
              { key: 'id', header: 'Numéro', card: 'figure', cell: (c) => c.id },
            ],
          }}
        />
      );
    }
    renderWithProviders(<Cards />, { route: '/clients' });
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(table.getAttribute('data-cards')).toBe('true');
    const first = within(table).getAllByRole('row')[1];
    expect(
      within(first)
        .getAllByRole('cell')
        .map((td) => [td.getAttribute('data-card'), td.getAttribute('data-label')]),
    ).toEqual([
      ['title', null],
      ['figure', 'Numéro'],
    ]);
  });

  it('labels its pages in Arabic', async () => {
    renderWithProviders(<Clients fetch={pageOf} />, { route: '/clients?page=2', lng: 'ar' });
    expect(await screen.findByRole('button', { name: 'الصفحة السابقة' })).toBeTruthy();
  });
});
