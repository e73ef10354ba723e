// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notificationRoutes, type NotificationView } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import NotificationsScreen from './notifications-screen';

/**
 * `/notifications` (decision 1202): every notification of mine, read or not, a page at a time; the
 * read state and the group are filters of the address sent to the API; each row links to its record
 * and is marked read on its own.
 */

const api = vi.hoisted(() => ({ queries: [] as Array<Record<string, unknown>>, marked: [] as number[], items: [] as unknown[], total: 0 }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async (route: { path: string; method: string }, input?: { query?: Record<string, unknown>; params?: { id: number } }) => {
    if (route.path === notificationRoutes.list.path && route.method === 'GET') {
      api.queries.push(input?.query ?? {});
      return { items: api.items, total: api.total, page: input?.query?.page ?? 1, per_page: 20, unread: 1 };
    }
    if (route.path === notificationRoutes.markRead.path) {
      api.marked.push(input!.params!.id);
      return { unread: 0 };
    }
    throw new Error(`unexpected call ${route.path}`);
  },
}));

const unread: NotificationView = {
  id: 7,
  kind: 'credit_note_issued',
  params: { number: 'AV-2026-0001', invoice: 'F-2026-0003', amount: 12_000 },
  link: '/facture/3',
  created_at: '2026-11-23T10:00:00Z',
  read_at: null,
};
const read: NotificationView = {
  id: 5,
  kind: 'quote_sent',
  params: { number: 'D-2026-0002', name: 'Atelier Morel' },
  link: '/devis/2',
  created_at: '2026-11-20T10:00:00Z',
  read_at: '2026-11-21T10:00:00Z',
};

describe('the notification centre page', () => {
  beforeEach(() => {
    api.queries = [];
    api.marked = [];
    api.items = [unread, read];
    api.total = 41;
  });

  it('lists read and unread ones with their links; marks one read; pages', async () => {
    renderWithProviders(<NotificationsScreen />, { route: '/notifications' });
    const rows = await screen.findAllByTestId('notification-row');
    expect(rows).toHaveLength(2);
    expect(rows[0].getAttribute('data-unread')).toBe('true');
    expect(rows[1].getAttribute('data-unread')).toBe('false');
    expect(within(rows[0]).getByTestId('notification-open').getAttribute('href')).toBe('/facture/3');
    expect(within(rows[1]).getByTestId('notification-open').getAttribute('href')).toBe('/devis/2');
    // A read one has no « Marquer comme lue ».
    expect(within(rows[1]).queryByTestId('notification-mark-read')).toBeNull();
    fireEvent.click(within(rows[0]).getByTestId('notification-mark-read'));
    await waitFor(() => expect(api.marked).toEqual([7]));
    expect(api.queries[0]).toMatchObject({ page: 1, per_page: 20, unread_only: false });
    expect(api.queries[0]).not.toHaveProperty('read');
    expect(api.queries[0]).not.toHaveProperty('group');
    expect(screen.getByRole('heading', { level: 1, name: 'Toutes mes notifications' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.queries.some((q) => q.page === 2)).toBe(true));
  });

  it('sends the read and group filters from the address to the API', async () => {
    renderWithProviders(<NotificationsScreen />, { route: '/notifications?read=unread&group=invoices' });
    await screen.findAllByTestId('notification-row');
    expect(api.queries[0]).toMatchObject({ read: 'unread', group: 'invoices', page: 1 });
  });

  it('reads in English and Arabic', async () => {
    const { unmount } = renderWithProviders(<NotificationsScreen />, { route: '/notifications', lng: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'All my notifications' })).toBeTruthy();
    expect(await screen.findAllByText('Open')).toHaveLength(2);
    unmount();
    renderWithProviders(<NotificationsScreen />, { route: '/notifications', lng: 'ar' });
    expect(await screen.findByRole('heading', { level: 1, name: 'كل إشعاراتي' })).toBeTruthy();
  });
});
