import { Suspense, useEffect, type ReactNode } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
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

  const toggle = () => (window.matchMedia('(min-width: 48em)').matches ? desktop.toggle() : mobile.toggle());
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 270, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: desktopCollapsed } }}
      padding="md"
    >
      <AppShell.Header>
        <TopBar user={user} menuOpened={mobileOpened || !desktopCollapsed} onToggleMenu={toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <SideMenu user={user} />
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <Suspense fallback={<ScreenLoader />}>{children}</Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
