import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationRoutes, type NotificationList, type NotificationListQuery } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { subscribeLiveEvents } from '../../../lib/live-events';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (perPage: number) => ['notifications', 'list', perPage] as const,
  /** The centre page's lists: under `list`, so a read, a mark-all or a live event refreshes them too. */
  page: (request: object) => ['notifications', 'list', 'page', request] as const,
  settings: ['notifications', 'settings'] as const,
};

/** `GET api/notifications`: the latest of mine, with the unread count. */
export function useNotificationList(perPage: number, enabled = true) {
  return useQuery({
    queryKey: notificationKeys.list(perPage),
    queryFn: () => callEndpoint(notificationRoutes.list, { query: { page: 1, per_page: perPage, unread_only: false } }),
    placeholderData: (previous) => previous,
    enabled,
  });
}

/** The centre page's list (decision 1202): a page of mine, filtered by read state and group, for `useListQuery`. */
export function notificationPageQuery(request: { page: number; per_page: number; read?: 'read' | 'unread'; group?: NotificationListQuery['group'] }) {
  return {
    queryKey: notificationKeys.page(request),
    queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint(notificationRoutes.list, { query: { ...request, unread_only: false } }, { signal }),
  };
}

/** Put a new unread count into every cached list at once (the badge moves before the refetch). */
function setUnread(client: ReturnType<typeof useQueryClient>, unread: number) {
  client.setQueriesData<NotificationList>({ queryKey: ['notifications', 'list'] }, (data) => (data ? { ...data, unread } : data));
}

/** `POST api/notifications/{id}/lu`. */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(notificationRoutes.markRead, { params: { id } }),
    onSuccess: ({ unread }) => {
      setUnread(client, unread);
      void client.invalidateQueries({ queryKey: ['notifications', 'list'] });
    },
  });
}

/** `POST api/notifications/tout-lu`. */
export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(notificationRoutes.markAllRead),
    onSuccess: ({ unread }) => {
      setUnread(client, unread);
      void client.invalidateQueries({ queryKey: ['notifications', 'list'] });
    },
  });
}

/**
 * Live without reload (decision 0801): the stream's `notification` event carries my unread count;
 * the badge takes it at once and the list is read again. Each reconnection reads it again too.
 */
export function useLiveNotifications(userId: number | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (userId === undefined) return undefined;
    const refresh = () => void client.invalidateQueries({ queryKey: ['notifications', 'list'] });
    return subscribeLiveEvents(userId, {
      onEvent: (e) => {
        if (e.event !== 'notification') return;
        const unread = (e.data as { unread?: unknown }).unread;
        if (typeof unread === 'number') setUnread(client, unread);
        refresh();
      },
      onOpen: refresh,
    });
  }, [userId, client]);
}
