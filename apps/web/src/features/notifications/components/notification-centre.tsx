import { useState } from 'react';
import { ActionIcon, Button, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DataUser, NotificationView } from '@ouvrage/contracts';
import { formatDateTime } from '../../../lib/format';
import { useSaveLanguageOnSwitch } from '../api/notification-settings';
import { useLiveNotifications, useMarkAllNotificationsRead, useMarkNotificationRead, useNotificationList } from '../api/notifications';
import { notificationText } from './notification-text';

const PER_PAGE = 10;

/**
 * The notification centre of the top bar (issue 12, decision 0801): an icon with the unread count
 * (no badge at 0), a popover listing my latest notifications, each leading to its record and
 * marked read on the way; « Tout marquer comme lu ». Live through the shared event stream.
 */
export function NotificationCentre({ user }: { user: DataUser }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const list = useNotificationList(PER_PAGE);
  useLiveNotifications(user.id);
  useSaveLanguageOnSwitch(true);
  const markAll = useMarkAllNotificationsRead();
  const unread = list.data?.unread ?? 0;
  const label = unread > 0 ? t('notificationCentre.labelUnread', { count: unread }) : t('notificationCentre.label');

  // The count badge sits outside the popover's target: the target (the button) carries aria-expanded.
  return (
    <Indicator label={unread > 99 ? '99+' : unread} size={18} color="red" offset={4} disabled={unread === 0} data-testid="notification-count">
      <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md" width={380} trapFocus returnFocus>
        <Popover.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={label} onClick={() => setOpened((o) => !o)} data-testid="notification-centre">
            <svg aria-hidden width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M4 4h16v12H5.2L4 17.2z" />
              <path d="M8 9h8M8 12h5" />
            </svg>
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown role="dialog" aria-label={t('notificationCentre.title')} p="xs" style={{ maxWidth: 'calc(100vw - 16px)' }}>
          <Group justify="space-between" mb="xs" wrap="nowrap">
            <Text fw={700} size="sm" component="h2" m={0}>
              {t('notificationCentre.title')}
            </Text>
            <Button variant="subtle" size="compact-xs" disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate()} data-testid="notification-mark-all">
              {t('notificationCentre.markAll')}
            </Button>
          </Group>
          <NotificationItems items={list.data?.items} loading={list.isLoading} failed={!!list.error} onFollow={() => setOpened(false)} />
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

function NotificationItems({ items, loading, failed, onFollow }: { items: NotificationView[] | undefined; loading: boolean; failed: boolean; onFollow: () => void }) {
  const { t } = useTranslation();
  if (loading) return <Loader size="sm" aria-label={t('notificationCentre.title')} />;
  if (failed) return <Text size="sm" c="red">{t('notificationCentre.error')}</Text>;
  if (!items?.length) return <Text size="sm" c="dimmed">{t('notificationCentre.empty')}</Text>;
  return (
    <ScrollArea.Autosize mah={420} type="auto">
      <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="notification-list">
        {items.map((n) => (
          <li key={n.id}>
            <NotificationItem notification={n} onFollow={onFollow} />
          </li>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

function NotificationItem({ notification: n, onFollow }: { notification: NotificationView; onFollow: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const { title, body } = notificationText(t, n);
  const unread = n.read_at === null;
  const follow = () => {
    if (unread) markRead.mutate(n.id);
    if (n.link) {
      onFollow();
      void navigate(n.link);
    }
  };
  return (
    <UnstyledButton
      onClick={follow}
      w="100%"
      p="xs"
      data-testid="notification-item"
      data-unread={unread ? 'true' : 'false'}
      style={{ borderRadius: 6, background: unread ? 'var(--mantine-color-ouvrage-0, #eef4fb)' : undefined, borderInlineStart: unread ? '3px solid var(--mantine-color-ouvrage-6, #1c5d99)' : '3px solid transparent' }}
    >
      <Text size="sm" fw={unread ? 700 : 500} lineClamp={2}>
        {unread && <VisuallyHidden>{t('notificationCentre.unread')} — </VisuallyHidden>}
        {title}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {body}
      </Text>
      <Text size="xs" c="dimmed" mt={2}>
        {formatDateTime(n.created_at)}
      </Text>
    </UnstyledButton>
  );
}
