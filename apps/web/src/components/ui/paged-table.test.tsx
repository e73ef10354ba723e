// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../lib/api-client';
import { renderWithProviders } from '../../testing/render';
import { PagedTable, type PagedTableColumn } from './paged-table';

interface Client {
  id: number;
  name: string;
  city: string;
}

const columns: PagedTableColumn<Client>[] = [
  { key: 'name', header: 'Nom', cell: (c) => c.name },
  { key: 'city', header: 'Ville', cell: (c) => c.city, align: 'end' },
];
const rows: Client[] = [
  { id: 1, name: 'Julie Bernard', city: 'Lyon' },
  { id: 2, name: 'Karim Haddad', city: 'Toulouse' },
];

describe('PagedTable', () => {
  it('renders a named table with column headers and one row per item', () => {
    renderWithProviders(
      <PagedTable
        caption="Clients"
        columns={columns}
        rows={rows}
        rowKey={(c) => c.id}
        emptyText="Aucun client."
        rowProps={(c) => ({ 'data-testid': `row-${c.id}` })}
      />,
    );
    const table = screen.getByRole('table', { name: 'Clients' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Nom', 'Ville']);
    const body = within(table).getAllByRole('row').slice(1);
    expect(
      body.map((tr) =>
        within(tr)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      ),
    ).toEqual([
      ['Julie Bernard', 'Lyon'],
      ['Karim Haddad', 'Toulouse'],
    ]);
    expect(screen.getByTestId('row-2')).toHaveProperty('tagName', 'TR');
    // Logical alignment, so that Arabic mirrors it.
    expect(within(body[0]).getAllByRole('cell')[1].style.textAlign).toBe('end');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('says so when there is no row, and shows the error instead when loading failed', () => {
    const { rerender } = renderWithProviders(
      <PagedTable caption="Clients" columns={columns} rows={[]} rowKey={(c) => c.id} emptyText="Aucun client pour ces filtres." />,
    );
    expect(screen.getByText('Aucun client pour ces filtres.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    rerender(
      <PagedTable
        caption="Clients"
        columns={columns}
        rows={undefined}
        rowKey={(c) => c.id}
        emptyText="Aucun client."
        error={new ApiError('Accès refusé.', 403, 'FORBIDDEN')}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Accès refusé.');
    expect(screen.queryByText('Aucun client.')).toBeNull();
  });

  it('shows a loader while the first page loads', () => {
    renderWithProviders(<PagedTable caption="Clients" columns={columns} rows={undefined} rowKey={(c) => c.id} emptyText="Aucun client." loading />);
    expect(screen.getByRole('status', { name: 'Chargement…' })).toBeTruthy();
  });

  it('changes page through the pagination, with labelled controls', async () => {
    const onPageChange = vi.fn();
    renderWithProviders(
      <PagedTable
        caption="Clients"
        columns={columns}
        rows={rows}
        rowKey={(c) => c.id}
        emptyText="Aucun client."
        page={1}
        perPage={2}
        total={5}
        onPageChange={onPageChange}
      />,
    );
    const pages = screen.getByRole('navigation', { name: 'Pages : Clients' });
    expect(within(pages).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toBeTruthy();
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await userEvent.click(within(pages).getByRole('button', { name: 'Page suivante' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
  });

  it('lays its rows out as cards on a phone by declaration: each cell says its place, figures and details carry their name', () => {
    interface Invoice {
      id: number;
      number: string;
      status: string;
      ttc: string;
      left: string;
      project: string;
      issued: string;
    }
    const invoices: PagedTableColumn<Invoice>[] = [
      { key: 'number', header: 'Numéro', card: 'title', cell: (i) => i.number },
      { key: 'project', header: 'Projet', card: 'detail', cell: (i) => i.project },
      { key: 'issued', header: 'Émise le', cell: (i) => i.issued },
      { key: 'status', header: 'Statut', card: 'badge', cell: (i) => i.status },
      { key: 'ttc', header: 'Montant TTC', card: 'figure', align: 'end', cell: (i) => i.ttc },
      { key: 'left', header: 'Reste à payer', card: 'figure', align: 'end', cell: (i) => i.left },
      { key: 'pay', header: 'Action', card: 'action', cell: () => <button type="button">Payer</button> },
    ];
    renderWithProviders(
      <PagedTable
        caption="Factures"
        columns={invoices}
        rows={[{ id: 1, number: 'FA-2026-0001', status: 'Émise', ttc: '1 200,00 €', left: '400,00 €', project: 'Salle de bains', issued: '02/12/2026' }]}
        rowKey={(i) => i.id}
        emptyText="—"
        minWidth={1040}
      />,
    );
    const table = screen.getByRole('table', { name: 'Factures' });
    // The card's layout is CSS (a container query on the table's width): the cells only say what they are.
    expect(table.getAttribute('data-cards')).toBe('true');
    expect(table.style.getPropertyValue('--paged-table-min-width')).toBe('1040px');
    const cells = within(within(table).getAllByRole('row')[1]).getAllByRole('cell');
    expect(cells.map((td) => td.getAttribute('data-card'))).toEqual(['title', 'detail', null, 'badge', 'figure', 'figure', 'action']);
    // A figure or a detail is named in the card by its column (drawn by CSS: the cell's text stays its value).
    expect(cells.map((td) => td.getAttribute('data-label'))).toEqual([null, 'Projet', null, null, 'Montant TTC', 'Reste à payer', null]);
    expect(cells.map((td) => td.textContent)).toEqual(['FA-2026-0001', 'Salle de bains', '02/12/2026', 'Émise', '1 200,00 €', '400,00 €', 'Payer']);
    // Laid out as cards, the table keeps saying it is one.
    expect(table.getAttribute('role')).toBe('table');
    expect(cells.every((td) => td.getAttribute('role') === 'cell')).toBe(true);
    expect(within(table).getByRole('button', { name: 'Payer' })).toBeTruthy();
  });

  it('stays a table when no column declares its place in a card', () => {
    renderWithProviders(<PagedTable caption="Clients" columns={columns} rows={rows} rowKey={(c) => c.id} emptyText="—" />);
    const table = screen.getByRole('table', { name: 'Clients' });
    expect(table.getAttribute('data-cards')).toBeNull();
    expect(table.getAttribute('role')).toBeNull();
    expect(table.querySelectorAll('[data-card], [data-label]')).toHaveLength(0);
  });

  it('labels its pages in Arabic', () => {
    renderWithProviders(
      <PagedTable caption="العملاء" columns={columns} rows={rows} rowKey={(c) => c.id} emptyText="—" page={2} perPage={2} total={5} onPageChange={() => {}} />,
      { lng: 'ar' },
    );
    expect(screen.getByRole('button', { name: 'الصفحة السابقة' })).toBeTruthy();
  });
});
