import { ActionIcon, Indicator } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DataUser } from '@ouvrage/contracts';
import { useLiveConversations, useUnreadMessages } from '../api/conversations';

/** The top bar's messages button: its badge counts unread messages and moves live (decision 1230). */
export function MessagesBadge({ user }: { user: DataUser }) {
  const { t } = useTranslation();
  useLiveConversations(user.id);
  const unread = useUnreadMessages(true).data?.unread ?? 0;
  const button = (
    <ActionIcon
      component={Link}
      to="/messages"
      variant="subtle"
      size="lg"
      aria-label={t('conversations.badge', { count: unread })}
      data-testid="messages-button"
    >
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
        <rect x="2" y="4" width="20" height="16" rx="2" />
        <path d="m22 7-10 6L2 7" />
      </svg>
    </ActionIcon>
  );
  if (unread === 0) return button;
  return (
    <Indicator label={unread > 99 ? '99+' : unread} size={18} color="red" offset={4} data-testid="messages-unread">
      {button}
    </Indicator>
  );
}
