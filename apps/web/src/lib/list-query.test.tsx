// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate } from 'react-router';
import { renderWithProviders } from '../testing/render';
import { choiceFilter, dateFilter, flagFilter, readFilter, readPage, textFilter, useListQuery, writeFilter, type ListRequest } from './list-query';

const filters = {
  search: textFilter(),
  status: choiceFilter(['draft', 'paid'] as const),
  sort: choiceFilter(['recent', 'amount'] as const, 'recent'),
  archived: flagFilter(),
  from: dateFilter(),
};
type Request = ListRequest<typeof filters>;

let list!: ReturnType<typeof useListQuery<typeof filters, { items: string[]; total: number }>>;

function Harness({ fetch, prefix }: { fetch: (request: Request) => Promise<{ items: string[]; total: number }>; prefix?: string }) {
  list = useListQuery({ filters, prefix, perPage: 10, debounceMs: 5, query: (request) => ({ queryKey: ['test', request], queryFn: () => fetch(request) }) });
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="address">{location.pathname + location.search}</output>
      <output data-testid="state">{JSON.stringify(location.state)}</output>
      <input aria-label="search" value={list.values.search} onChange={(e) => list.setFilter('search', e.currentTarget.value)} />
      <output data-testid="rows">{list.result.data?.items.join(',')}</output>
      <button onClick={() => navigate(-1)}>back</button>
    </>
  );
}

const answer = (request: Request) => Promise.resolve({ items: [`page ${request.page}`], total: 42 });
const address = () => screen.getByTestId('address').textContent;

describe('useListQuery', { timeout: 30_000 }, () => {
  it('reads its filters, page and sort from the address, each typed, the unknown ones at their default', async () => {
    const fetch = vi.fn(answer);
    renderWithProviders(<Harness fetch={fetch} />, {
      route: '/facture/list?status=paid&sort=amount&page=3&archived=1&from=2026-01-31&search=%20Dupont%20&other=kept',
    });
    await waitFor(() => expect(screen.getByTestId('rows').textContent).toBe('page 3'));
    expect(list.values).toEqual({ search: 'Dupont', status: 'paid', sort: 'amount', archived: true, from: '2026-01-31' });
    expect(fetch).toHaveBeenLastCalledWith({ page: 3, per_page: 10, search: 'Dupont', status: 'paid', sort: 'amount', archived: 'true', from: '2026-01-31' });
  });

  it('ignores what the address holds wrongly: an unknown status, a page that is not one, a malformed date', async () => {
    const fetch = vi.fn(answer);
    renderWithProviders(<Harness fetch={fetch} />, { route: '/l?status=lost&sort=DROP&page=-2&from=31/01/2026&archived=yes' });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(list.values).toEqual({ search: '', status: null, sort: 'recent', archived: false, from: '' });
    expect(fetch).toHaveBeenLastCalledWith({ page: 1, per_page: 10, sort: 'recent' });
  });

  it('writes a change to the address, leaves the defaults out, and goes back to page 1 when a filter changes', async () => {
    renderWithProviders(<Harness fetch={answer} />, { route: '/l?page=4&other=kept' });
    act(() => list.setFilter('status', 'paid'));
    expect(address()).toBe('/l?other=kept&status=paid');
    act(() => list.setPage(2));
    expect(address()).toBe('/l?other=kept&status=paid&page=2');
    act(() => list.setFilter('sort', 'amount'));
    expect(address()).toBe('/l?other=kept&status=paid&sort=amount');
    act(() => list.setFilter('sort', 'recent'));
    act(() => list.setFilter('archived', true));
    act(() => list.setFilter('status', null));
    expect(address()).toBe('/l?other=kept&archived=1');
    act(() => list.setPage(1));
    expect(address()).toBe('/l?other=kept&archived=1');
  });

  it('applies the search once typing pauses, trimmed, back on page 1, and shows the text as typed meanwhile', async () => {
    const fetch = vi.fn(answer);
    renderWithProviders(<Harness fetch={fetch} />, { route: '/l?page=2' });
    const box = screen.getByRole('textbox', { name: 'search' });
    // Two keystrokes before the pause: only the last text is applied.
    fireEvent.change(box, { target: { value: ' Dup' } });
    fireEvent.change(box, { target: { value: ' Dupont ' } });
    expect((box as HTMLInputElement).value).toBe(' Dupont ');
    expect(address()).toBe('/l?page=2');
    await waitFor(() => expect(address()).toBe('/l?search=Dupont'));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ page: 1, per_page: 10, search: 'Dupont', sort: 'recent' }));
    expect(fetch.mock.calls.some(([request]) => request.search !== undefined && request.search !== 'Dupont')).toBe(false);
  });

  it('follows the back button: the previous filters, page and search come back; the pauses of one search make one step', async () => {
    renderWithProviders(<Harness fetch={answer} />, { route: '/l' });
    act(() => list.setFilter('status', 'draft'));
    act(() => list.setPage(3));
    await userEvent.type(screen.getByRole('textbox', { name: 'search' }), 'Lyon');
    await waitFor(() => expect(address()).toBe('/l?status=draft&search=Lyon'));

    await userEvent.click(screen.getByRole('button', { name: 'back' }));
    expect(address()).toBe('/l?status=draft&page=3');
    expect(list.page).toBe(3);
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'search' }) as HTMLInputElement).value).toBe(''));
    await userEvent.click(screen.getByRole('button', { name: 'back' }));
    expect(address()).toBe('/l?status=draft');
    await userEvent.click(screen.getByRole('button', { name: 'back' }));
    expect(address()).toBe('/l');
    expect(list.values.status).toBeNull();
  });

  it('keeps two lists of one address apart with a prefix', async () => {
    renderWithProviders(<Harness fetch={answer} prefix="leads" />, { route: '/l?page=5&leads_page=2' });
    expect(list.page).toBe(2);
    act(() => list.setFilter('status', 'paid'));
    expect(address()).toBe('/l?page=5&leads_status=paid');
  });
});

describe('the address of a filter', () => {
  it('round-trips every kind of filter, and a default is written as nothing', () => {
    const cases: Array<[keyof typeof filters, string | boolean | null]> = [
      ['search', 'Dupont & fils'],
      ['status', 'paid'],
      ['sort', 'amount'],
      ['archived', true],
      ['from', '2026-02-28'],
    ];
    for (const [name, value] of cases) expect(readFilter(filters[name], writeFilter(filters[name], value))).toEqual(value);
    expect([
      writeFilter(filters.search, '  '),
      writeFilter(filters.status, null),
      writeFilter(filters.sort, 'recent'),
      writeFilter(filters.archived, false),
      writeFilter(filters.from, ''),
    ]).toEqual([null, null, null, null, null]);
    expect([readPage('2'), readPage('0'), readPage('1.5'), readPage(null), readPage('abc')]).toEqual([2, 1, 1, 1, 1]);
  });
});
