import { NavLink, ScrollArea, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DataUser } from '@ouvrage/contracts';
import { isMenuGroup, sideMenuFor, type MenuLink } from '@ouvrage/domain';

function isActive(pathname: string, to: string) {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}

/** The side menu of spec §2 for the user's role; a submenu is open when the path starts with its route. */
export function SideMenu({ user }: { user: DataUser }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entries = sideMenuFor(user);

  const link = (item: MenuLink) => (
    <NavLink
      key={item.key}
      component={Link}
      to={item.to}
      state={item.withUserId ? { userId: user.id } : undefined}
      label={t(item.labelKey)}
      active={isActive(pathname, item.to)}
      data-menu-path={item.to}
    />
  );

  return (
    <ScrollArea type="auto" component="nav" aria-label={t('menu.title')} data-testid="side-menu">
      <Stack gap={2}>
        {entries.map((entry) =>
          isMenuGroup(entry) ? (
            <NavLink
              key={`${entry.key}:${pathname.startsWith(entry.prefix)}`}
              label={t(entry.labelKey)}
              defaultOpened={pathname.startsWith(entry.prefix)}
              childrenOffset="md"
              data-menu-group={entry.key}
              // Spec §9: the submenu collapse transition lasts 300 ms.
              styles={{ collapse: { transitionDuration: '300ms' } }}
            >
              {entry.children.map(link)}
            </NavLink>
          ) : (
            link(entry)
          ),
        )}
      </Stack>
    </ScrollArea>
  );
}
