import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useLocation } from 'react-router';
import type { DataUser } from '@ouvrage/contracts';
import { ScreenLoader } from '../../components/ui/screen-loader';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

/** Top bar + side menu around every route that is not full-page (spec §2). */
export function AppLayout({ user, children }: { user: DataUser; children: ReactNode }) {
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopCollapsed, desktop] = useDisclosure(false);
  const { pathname } = useLocation();

  // On each route change the side menu closes (on small screens, where it covers the page).
  useEffect(() => {
    mobile.close();
  }, [pathname]); // eslint-disable-line react-hooks/exhaustive-deps

  // The toggle reflects the menu of the screen size in use: on a phone it shows the burger until the menu is opened.
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const toggle = () => (wide ? desktop.toggle() : mobile.toggle());
  const menuOpened = wide ? !desktopCollapsed : mobileOpened;
  // On a phone the side menu is off screen until opened: its links are drawn when it first opens,
  // not with the first screen (decision 0973), and stay drawn after.
  const [drawnOnPhone, setDrawnOnPhone] = useState(false);
  useEffect(() => {
    if (mobileOpened) setDrawnOnPhone(true);
  }, [mobileOpened]);
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 270, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: desktopCollapsed } }} padding="md">
      <AppShell.Header>
        <TopBar user={user} menuOpened={menuOpened} menuId="side-menu-panel" onToggleMenu={toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="sm" id="side-menu-panel">
        {(wide || mobileOpened || drawnOnPhone) && <SideMenu user={user} />}
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <Suspense fallback={<ScreenLoader />}>{children}</Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
