import { Anchor, Button, Group, Loader, Popover, ScrollArea, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NotificationView } from '@ouvrage/contracts';
import type { DropdownProps } from '../../../app/layout/deferred-dropdown';
import { formatDateTime } from '../../../lib/format';
import { useMarkAllNotificationsRead, useMarkNotificationRead, type useNotificationList } from '../api/notifications';
import { notificationText } from './notification-text';

/**
 * The notification centre's popover: my latest notifications, each leading to its record and
 * marked read on the way; « Tout marquer comme lu »; « Voir toutes les notifications » (the page, decision 1202). Its code loads after the first screen
 * (decision 0973); the button and its count are in `notification-centre.tsx`.
 */
export default function NotificationPopover({ list, target, opened, onChange }: DropdownProps & { list: ReturnType<typeof useNotificationList> }) {
  const { t } = useTranslation();
  const markAll = useMarkAllNotificationsRead();
  const unread = list.data?.unread ?? 0;
  return (
    <Popover opened={opened} onChange={onChange} position="bottom-end" withArrow shadow="md" width={380} trapFocus returnFocus>
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={t('notificationCentre.title')} p="xs" style={{ maxWidth: 'calc(100vw - 16px)' }}>
        <Group justify="space-between" mb="xs" wrap="nowrap">
          <Text fw={700} size="sm" component="h2" m={0}>
            {t('notificationCentre.title')}
          </Text>
          <Button
            variant="subtle"
            size="compact-xs"
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
            data-testid="notification-mark-all"
          >
            {t('notificationCentre.markAll')}
          </Button>
        </Group>
        <NotificationItems items={list.data?.items} loading={list.isLoading} failed={!!list.error} onFollow={() => onChange(false)} />
        <Anchor
          component={Link}
          to="/notifications"
          size="sm"
          display="block"
          ta="center"
          mt="xs"
          onClick={() => onChange(false)}
          data-testid="notification-see-all"
        >
          {t('notificationCentre.seeAll')}
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}

function NotificationItems({
  items,
  loading,
  failed,
  onFollow,
}: {
  items: NotificationView[] | undefined;
  loading: boolean;
  failed: boolean;
  onFollow: () => void;
}) {
  const { t } = useTranslation();
  if (loading) return <Loader size="sm" aria-label={t('notificationCentre.title')} />;
  if (failed)
    return (
      <Text size="sm" c="red">
        {t('notificationCentre.error')}
      </Text>
    );
  if (!items?.length)
    return (
      <Text size="sm" c="dimmed">
        {t('notificationCentre.empty')}
      </Text>
    );
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
      style={{
        borderRadius: 6,
        background: unread ? 'var(--mantine-color-ouvrage-0, #eef4fb)' : undefined,
        borderInlineStart: unread ? '3px solid var(--mantine-color-ouvrage-6, #1c5d99)' : '3px solid transparent',
      }}
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
