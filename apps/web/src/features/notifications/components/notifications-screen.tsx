import { Anchor, Button, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NotificationView } from '@ouvrage/contracts';
import { NOTIFICATION_GROUPS } from '@ouvrage/domain';
import { ListScreen } from '../../../components/ui/list-screen';
import { formatDateTime } from '../../../lib/format';
import { choiceFilter, useListQuery } from '../../../lib/list-query';
import { notificationPageQuery, useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/notifications';
import { notificationText } from './notification-text';

const PER_PAGE = 20;
const READ_STATES = ['unread', 'read'] as const;

/** One notification: its title and sentence, when, a link to its record, « Marquer comme lue ». */
function NotificationCard({ notification: n }: { notification: NotificationView }) {
  const { t } = useTranslation();
  const markRead = useMarkNotificationRead();
  const { title, body } = notificationText(t, n);
  const unread = n.read_at === null;
  return (
    <Card
      withBorder
      padding="sm"
      component="li"
      data-testid="notification-row"
      data-unread={unread ? 'true' : 'false'}
      style={{ borderInlineStart: unread ? '4px solid var(--mantine-color-ouvrage-6, #1c5d99)' : undefined }}
    >
      <Stack gap={4}>
        <Text fw={unread ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
          {unread && <VisuallyHidden component="span">{`${t('notificationCentre.unread')} — `}</VisuallyHidden>}
          {title}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {body}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(n.created_at)}
        </Text>
        <Group gap="sm" mt={4}>
          {n.link && (
            <Anchor
              component={Link}
              to={n.link}
              size="sm"
              aria-label={`${t('notificationCentre.page.open')} : ${title}`}
              onClick={() => {
                if (unread) markRead.mutate(n.id);
              }}
              data-testid="notification-open"
            >
              {t('notificationCentre.page.open')}
            </Anchor>
          )}
          {unread && (
            <Button
              variant="light"
              size="compact-sm"
              loading={markRead.isPending}
              aria-label={`${t('notificationCentre.markRead')} : ${title}`}
              onClick={() => markRead.mutate(n.id)}
              data-testid="notification-mark-read"
            >
              {t('notificationCentre.markRead')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * `/notifications`: every notification of mine, read or not, newest first, a page at a time,
 * filtered by read state and by group in the address (decisions 1130, 1202); each with its link to
 * the record and « Marquer comme lue ». Cards at every width: a phone reads them without sideways scroll.
 */
export default function NotificationsScreen() {
  const { t } = useTranslation();
  const markAll = useMarkAllNotificationsRead();
  const list = useListQuery({
    filters: { read: choiceFilter(READ_STATES), group: choiceFilter(NOTIFICATION_GROUPS) },
    perPage: PER_PAGE,
    query: notificationPageQuery,
  });
  const unread = list.result.data?.unread ?? 0;
  return (
    <ListScreen
      list={list}
      title={t('notificationCentre.page.title')}
      data-testid="notifications-screen"
      actions={
        <Button variant="light" disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate()} data-testid="notifications-mark-all">
          {t('notificationCentre.markAll')}
        </Button>
      }
      filters={[
        {
          type: 'select',
          name: 'read',
          label: t('notificationCentre.page.read'),
          placeholder: t('notificationCentre.page.allStates'),
          options: READ_STATES.map((s) => ({ value: s, label: t(`notificationCentre.page.states.${s}`) })),
          flex: '1 1 160px',
          maw: 280,
          testId: 'notifications-read',
        },
        {
          type: 'select',
          name: 'group',
          label: t('notificationCentre.page.group'),
          placeholder: t('notificationCentre.page.allGroups'),
          options: NOTIFICATION_GROUPS.map((g) => ({ value: g, label: t(`notificationCentre.email.groups.${g}`) })),
          flex: '1 1 200px',
          maw: 320,
          testId: 'notifications-group',
        },
      ]}
      emptyText={t('notificationCentre.empty')}
      caption={t('notificationCentre.page.title')}
      table={{ columns: [], rowKey: (n) => n.id }}
      body={(rows) => (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="notification-rows">
          {rows.map((n) => (
            <NotificationCard key={n.id} notification={n} />
          ))}
        </Stack>
      )}
    />
  );
}
