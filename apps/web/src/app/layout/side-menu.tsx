import { useEffect, useState } from 'react';
import { Box, NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DataUser } from '@ouvrage/contracts';
import { isMenuGroup, sideMenuFor, type MenuEntry, type MenuLink } from '@ouvrage/contracts';

function isActive(pathname: string, to: string) {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}

/** The groups whose route the user is on: they open on arrival, the others keep their state. */
function groupsOn(entries: MenuEntry[], pathname: string): string[] {
  return entries.filter((entry) => isMenuGroup(entry) && pathname.startsWith(entry.prefix)).map((entry) => entry.key);
}

/**
 * The side menu of spec §2 for the user's role. A submenu heading is a real button (reached with
 * Tab, opened with Enter or Space) that says whether its submenu is open (RGAA 7.1, 12.8); the
 * submenu opens by itself when the path starts with its route.
 */
export function SideMenu({ user }: { user: DataUser }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entries = sideMenuFor(user);
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set(groupsOn(entries, pathname)));

  useEffect(() => {
    const current = groupsOn(sideMenuFor(user), pathname);
    if (current.length > 0) setOpened((open) => (current.every((key) => open.has(key)) ? open : new Set([...open, ...current])));
  }, [pathname, user]);

  const toggle = (key: string) =>
    setOpened((open) => {
      const next = new Set(open);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const link = (item: MenuLink) => (
    <NavLink
      key={item.key}
      component={Link}
      to={item.to}
      state={item.withUserId ? { userId: user.id } : undefined}
      label={t(item.labelKey)}
      active={isActive(pathname, item.to)}
      aria-current={isActive(pathname, item.to) ? 'page' : undefined}
      data-menu-path={item.to}
    />
  );

  return (
    // The browser's own scrolling: the kit's ScrollArea shares its file with the dropdowns' code,
    // which the dashboard no longer loads before its first screen (decision 0973).
    <Box component="nav" aria-label={t('menu.title')} data-testid="side-menu" style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
      <Stack gap={2}>
        {entries.map((entry) => {
          if (!isMenuGroup(entry)) return link(entry);
          const isOpen = opened.has(entry.key);
          const submenuId = `side-menu-${entry.key}`;
          return (
            <NavLink
              key={entry.key}
              component="button"
              type="button"
              label={t(entry.labelKey)}
              opened={isOpen}
              // The button's own click (Enter and Space included) toggles; NavLink's Space handler is not needed.
              onChange={() => toggle(entry.key)}
              aria-expanded={isOpen}
              aria-controls={submenuId}
              childrenOffset="md"
              data-menu-group={entry.key}
              // Spec §9: the submenu collapse transition lasts 300 ms.
              styles={{ collapse: { transitionDuration: '300ms' } }}
            >
              <div id={submenuId}>{entry.children.map(link)}</div>
            </NavLink>
          );
        })}
      </Stack>
    </Box>
  );
}
