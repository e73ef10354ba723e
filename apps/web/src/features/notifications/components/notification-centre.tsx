import { ActionIcon, Indicator } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataUser } from '@ouvrage/contracts';
import { deferredDropdown } from '../../../app/layout/deferred-dropdown';
import { useSaveLanguageOnSwitch } from '../api/notification-settings';
import { useLiveNotifications, useNotificationList } from '../api/notifications';

const PER_PAGE = 10;

const NotificationPopover = deferredDropdown<{ list: ReturnType<typeof useNotificationList> }>(() => import('./notification-popover'), 'dialog');

/**
 * The notification centre of the top bar (issue 12, decision 0801): an icon with the unread count
 * (no badge at 0), a popover listing my latest notifications (notification-popover.tsx, loaded
 * after the first screen: decision 0973). Live through the shared event stream.
 */
export function NotificationCentre({ user }: { user: DataUser }) {
  const { t } = useTranslation();
  const list = useNotificationList(PER_PAGE);
  useLiveNotifications(user.id);
  useSaveLanguageOnSwitch(true);
  const unread = list.data?.unread ?? 0;
  const label = unread > 0 ? t('notificationCentre.labelUnread', { count: unread }) : t('notificationCentre.label');

  // The count badge sits outside the popover's target: the target (the button) carries aria-expanded.
  return (
    <Indicator label={unread > 99 ? '99+' : unread} size={18} color="red" offset={4} disabled={unread === 0} data-testid="notification-count">
      <NotificationPopover
        list={list}
        target={
          <ActionIcon variant="subtle" size="lg" aria-label={label} data-testid="notification-centre">
            <svg
              aria-hidden
              width="22"
              height="22"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M4 4h16v12H5.2L4 17.2z" />
              <path d="M8 9h8M8 12h5" />
            </svg>
          </ActionIcon>
        }
      />
    </Indicator>
  );
}
