import { ActionIcon, Anchor, Avatar, Burger, Group, Indicator, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DataUser } from '@ouvrage/contracts';
import { NativeLanguageSwitcher } from '../../components/ui/native-language-switcher';
import { useAvailableTenderCount } from '../../features/tenders/api/available-tenders';
import { NotificationCentre } from '../../features/notifications';
import { MessagesBadge } from '../../features/conversations';
import { deferredDropdown } from './deferred-dropdown';

// The dropdowns' code comes after the first screen; their buttons show at once (decision 0973).
const UserMenu = deferredDropdown<{ user: DataUser }>(() => import('./top-bar-dropdowns').then((m) => ({ default: m.UserMenuDropdown })), 'menu');
const BellPopover = deferredDropdown<{ count: number }>(() => import('./top-bar-dropdowns').then((m) => ({ default: m.BellDropdown })), 'dialog');

/** The user menu shows the first name in capitals and its initial; K when the name is unknown (spec §2). */
export function displayName(user: DataUser): string {
  return (user.firstname ?? '').trim().toLocaleUpperCase('fr-FR');
}
export function initialOf(user: DataUser): string {
  return displayName(user).charAt(0) || 'K';
}

function Bell({ user }: { user: DataUser }) {
  const { t } = useTranslation();
  const count = useAvailableTenderCount(user);
  if (count === 0) return null; // hidden at 0
  // The count badge sits outside the popover's target: the target (the button) carries aria-expanded.
  return (
    <Indicator label={count} size={18} color="red" offset={4} data-testid="bell-count">
      <BellPopover
        count={count}
        target={
          <ActionIcon variant="subtle" size="lg" aria-label={t('shell.bellLabel', { count })} data-testid="bell">
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
              <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
              <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
            </svg>
          </ActionIcon>
        }
      />
    </Indicator>
  );
}

/**
 * The top bar (spec §2). On a phone every control stays on screen (issue 36 §2, decision 1205): the
 * controls on the end side never shrink, the gaps and the language list narrow, and the wordmark
 * is what gives way on the narrowest screens.
 */
export function TopBar({ user, menuOpened, menuId, onToggleMenu }: { user: DataUser; menuOpened: boolean; menuId: string; onToggleMenu: () => void }) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          size="sm"
          aria-label={t('shell.toggleMenu')}
          aria-expanded={menuOpened}
          aria-controls={menuId}
          data-testid="menu-toggle"
          style={{ flexShrink: 0 }}
        />
        <Anchor component={Link} to="/dashboard" underline="never" aria-label={t('shell.home')} miw={0} data-testid="top-bar-home">
          <Text fw={800} size="lg" c="ouvrage.7" truncate>
            Ouvrage
          </Text>
        </Anchor>
      </Group>
      <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }} data-testid="top-bar-controls">
        <NativeLanguageSwitcher compact />
        <Bell user={user} />
        <MessagesBadge user={user} />
        <NotificationCentre user={user} />
        <UserMenu
          user={user}
          target={
            <UnstyledButton aria-label={t('shell.userMenu')} data-testid="user-menu">
              <Group gap={6} wrap="nowrap">
                <Avatar color="ouvrage" radius="xl" size={32} data-testid="user-initial">
                  {initialOf(user)}
                </Avatar>
                <Text fw={600} size="sm" visibleFrom="xs" data-testid="user-name">
                  {displayName(user)}
                </Text>
              </Group>
            </UnstyledButton>
          }
        />
      </Group>
    </Group>
  );
}
