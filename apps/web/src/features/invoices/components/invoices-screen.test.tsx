// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DataUser, InvoiceListItem } from '@ouvrage/contracts';
import { saveSession } from '../../../lib/session';
import { renderWithProviders } from '../../../testing/render';
import InvoicesScreen from './invoices-screen';

const invoice = (over: Partial<InvoiceListItem>): InvoiceListItem => ({
  id: 1,
  number: 'F-2026-0001',
  kind: 'acompte',
  title: 'Acompte',
  status: 'Émise',
  quote_id: 7,
  quote_label: 'D-2026-0007',
  situation_index: null,
  project_name: { category_name: 'Extension', bien_name: 'Maison', city: 'Écully' },
  client_id: 5,
  client_name: 'Julie Bernard',
  issuer_id: 2,
  issuer_name: 'Atelier Martin',
  issue_date: '2026-11-20',
  due_date: '2026-12-20',
  total_ttc_cents: 28_050,
  left_to_pay_cents: 28_050,
  ...over,
});
const items = [
  invoice({ id: 1 }),
  invoice({ id: 2, number: 'F-2026-0002', status: 'Payée', left_to_pay_cents: 0 }),
  invoice({ id: 3, number: 'F-2026-0003', status: 'Annulée', left_to_pay_cents: 28_050 }),
  invoice({ id: 4, number: 'F-2026-0004', status: 'Partiellement payée', left_to_pay_cents: 10_000 }),
];

vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async () => ({ items, total: items.length, total_capped: false, page: 1, per_page: 20, categories: [], biens: [] }),
}));

function as(user_type: DataUser['user_type'], id: number) {
  saveSession({
    token: { token: 't', expires_at: '2099-01-01T00:00:00.000Z' },
    datauser: { id, firstname: 'A', lastname: 'B', email: 'a@b.fr', user_type, is_validate: 'Validé' },
  } as never);
}

describe('InvoicesScreen on a phone (decision 1204)', () => {
  it('gives the client « Payer » on each invoice with a balance due, leading to its focused pay button; a card per row by declaration', async () => {
    as('client', 5);
    renderWithProviders(<InvoicesScreen />, { route: '/facture/list' });
    const row = await screen.findByTestId('invoice-row-1');
    const pay = within(row).getByRole('link', { name: 'Payer la facture F-2026-0001' });
    expect(pay.textContent).toBe('Payer');
    expect(pay.getAttribute('href')).toBe('/facture/1?payer=1');
    expect(within(screen.getByTestId('invoice-row-4')).getByRole('link', { name: 'Payer la facture F-2026-0004' })).toBeTruthy();
    // Paid, or cancelled: nothing to pay.
    expect(within(screen.getByTestId('invoice-row-2')).queryByRole('link', { name: /^Payer/ })).toBeNull();
    expect(within(screen.getByTestId('invoice-row-3')).queryByRole('link', { name: /^Payer/ })).toBeNull();
    // What the card shows: the number, the status, the amounts, the project and the due date, and « Payer »
    // (beside the balance in the table, last in the card).
    const places = within(row)
      .getAllByRole('cell')
      .map((td) => [td.getAttribute('data-card'), td.getAttribute('data-label')]);
    expect(places).toEqual([
      ['title', null],
      [null, null],
      [null, null],
      ['detail', 'Projet'],
      [null, null],
      ['badge', null],
      ['figure', 'Montant TTC'],
      ['figure', 'Reste à payer'],
      ['action', null],
      [null, null],
      ['detail', 'Échéance'],
    ]);
  });

  it('names « Payer » in Arabic, and gives the architect none', async () => {
    as('client', 5);
    const { unmount } = renderWithProviders(<InvoicesScreen />, { route: '/facture/list', lng: 'ar' });
    expect(await screen.findByRole('link', { name: 'ادفع الفاتورة F-2026-0001' })).toBeTruthy();
    unmount();

    as('architecte', 2);
    renderWithProviders(<InvoicesScreen />, { route: '/facture/list' });
    await screen.findByTestId('invoice-row-1');
    expect(screen.queryByRole('link', { name: /^Payer/ })).toBeNull();
  });
});
