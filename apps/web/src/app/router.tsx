import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import type { DataUser } from '@ouvrage/contracts';
import { whenTranslationsReady } from '../lib/i18n';
import { refreshSession, setSessionExpiredHandler } from '../lib/api-client';
import { useCurrentUser } from '../lib/auth';
import { clearSession, getStoredUser } from '../lib/session';
import { ScreenLoader } from '../components/ui/screen-loader';
import { firstPageRoutes, type ScreenRoute } from './first-page-routes';
import { afterFirstScreen, useFirstScreenShown } from './first-screen';
import { isFirstPage } from './styles/first-pages';
import { loadQueryClient, WithQueryClient } from './query-client-gate';
import { ScreenErrorBoundary } from './screen-error-boundary';
import { preloadable } from './preloadable';

const NOT_FOUND_PATH = '/error-pages/error-404';

// The logged-in shell (top bar, side menu, notifications) is not part of the first pages' code.
const AppLayout = preloadable<{ user: DataUser; children: ReactNode }>(() => import('./layout/app-layout').then((m) => ({ default: m.AppLayout })));
const loadAppLayout = AppLayout.load;
// The capability check brings the permission table: only the screens that need a capability load it.
// Once loaded, the guard is used as it is: a screen then suspends no longer than before for it.
let LoadedGuard: typeof import('./capability-guard').default | null = null;
const loadCapabilityGuard = () =>
  import('./capability-guard').then((m) => {
    LoadedGuard = m.default;
    return m;
  });
const LazyGuard = lazy(loadCapabilityGuard);
const UnderConstruction = lazy(() => import('./screens/under-construction').then((m) => ({ default: m.UnderConstruction })));

/**
 * What the screen will need starts loading with the session check, not after it: the capability
 * check and the query client (all screens but the first pages) and, for a stored user, the shell
 * and the query client. On a first page the query client comes after it shows, once the browser is
 * idle, for the next screen (decision 0949).
 */
function usePrefetch(pathname: string, hasUser: boolean) {
  useEffect(() => {
    if (hasUser) {
      void loadAppLayout();
      void loadQueryClient();
    }
    if (isFirstPage(pathname)) afterFirstScreen(() => void loadQueryClient());
    else {
      void loadCapabilityGuard();
      void loadQueryClient();
    }
  }, [pathname, hasUser]);
}

// The whole screen table (and the preload lists of every screen's code) is not part of the first
// pages' code: it loads with the session check on any other screen, or once a first page shows.
const loadScreenRoutes = () => import('./routes').then((m) => m.screenRoutes);
let screenRoutes: ScreenRoute[] | null = null;

/** Every screen's route once loaded; null until then (the first pages' routes are known already). */
function useScreenRoutes(pathname: string, hasUser: boolean): ScreenRoute[] | null {
  const [routes, setRoutes] = useState(screenRoutes);
  useEffect(() => {
    if (routes) return;
    const load = () =>
      void loadScreenRoutes().then((loaded) => {
        screenRoutes = loaded;
        setRoutes(loaded);
      });
    if (hasUser || !isFirstPage(pathname)) load();
    else afterFirstScreen(load);
  }, [routes, pathname, hasUser]);
  // Loaded by the session check already (prepareOpenedScreen): no render without it.
  return routes ?? screenRoutes;
}

/** Rendered with the screen: the first one shown marks the moment and lets deferred work start. */
function FirstScreenShown() {
  useFirstScreenShown();
  return null;
}

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * What a logged-in screen waits for before it can show (decision 0950): the query client, the shell, the capability check, the screen table, the translations and, on
 * the dashboard, its code and the sections of the user's role — all asked for at once (most were
 * preloaded from the HTML). Shown only once all are there, the screen renders in one go instead of
 * suspending on each in turn (and React reveals suspended content at most every 300 ms). A part
 * that fails to load is left to the screen's own loader and error boundary, as before.
 */
function prepareOpenedScreen(pathname: string, user: DataUser): Promise<unknown> {
  if (isFirstPage(pathname)) return Promise.resolve();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Promise.all([
    loadQueryClient(),
    loadAppLayout(),
    loadCapabilityGuard(),
    whenTranslationsReady(),
    import('./routes').then((m) => {
      screenRoutes ??= m.screenRoutes;
      return m.loadOpenedScreen(path, user.user_type);
    }),
  ]).catch(() => undefined);
}

/**
 * Renew the access token at start-up: it also brings the user's current validation state. Nothing
 * of the user's shows before (a stale stored user or token must not show another's screen).
 */
function useSessionBootstrap(pathname: string): boolean {
  const [ready, setReady] = useState(() => !getStoredUser());
  const [openedAt] = useState(pathname);
  useEffect(() => {
    if (ready) return;
    void refreshSession().then(async (session) => {
      if (!session) clearSession();
      else await prepareOpenedScreen(openedAt, session.datauser);
      startTransition(() => setReady(true));
    });
  }, [ready, openedAt]);
  return ready;
}

function Screen({ route, user }: { route: ScreenRoute; user: DataUser | null }) {
  const screen = 'underConstruction' in route.screen ? <UnderConstruction titleKey={route.screen.underConstruction} /> : <route.screen />;
  const CapabilityGuard = LoadedGuard ?? LazyGuard;
  const body = route.capability ? (
    <CapabilityGuard capability={route.capability} user={user}>
      {screen}
    </CapabilityGuard>
  ) : (
    screen
  );
  // Only the first pages show before the query client loads.
  return (
    <ScreenErrorBoundary>
      {isFirstPage(route.path) ? body : <WithQueryClient>{body}</WithQueryClient>}
      <FirstScreenShown />
    </ScreenErrorBoundary>
  );
}

function Shell({ user }: { user: DataUser }) {
  return (
    <Suspense fallback={<ScreenLoader />}>
      <WithQueryClient>
        <AppLayout user={user}>
          <Outlet />
        </AppLayout>
      </WithQueryClient>
    </Suspense>
  );
}

function Full({ children }: { children: ReactNode }) {
  return <Suspense fallback={<ScreenLoader />}>{children}</Suspense>;
}

/**
 * A path neither route set knows. A visitor goes to the login page (spec §2; the path may be a
 * logged-in screen, shown after the login); a logged-in user sees the 404 page and its way back to
 * the dashboard, not a silent jump to it (issue 36 §6). Until the whole table is there, a path it
 * may know waits rather than being redirected.
 */
export function UnknownPath({ routes, user, from }: { routes: ScreenRoute[] | null; user: DataUser | null; from: string }) {
  if (!routes) return <ScreenLoader />;
  if (!user) return <Navigate to="/login" replace state={{ from }} />;
  const notFound = routes.find((r) => r.path === NOT_FOUND_PATH);
  if (!notFound) return <Navigate to="/dashboard" replace />;
  return (
    <Full>
      <Screen route={notFound} user={user} />
    </Full>
  );
}

/** The two route sets of spec §2, chosen by whether a user is stored. */
export function AppRoutes() {
  const navigate = useNavigate();
  const location = useLocation();
  const user = useCurrentUser();
  const ready = useSessionBootstrap(location.pathname);
  const allRoutes = useScreenRoutes(location.pathname, !!user);
  usePrefetch(location.pathname, !!user);

  useEffect(() => {
    setSessionExpiredHandler(() => navigate('/login', { replace: true }));
  }, [navigate]);

  if (!ready) return <ScreenLoader />;
  const set = user ? 'user' : 'anonymous';
  const routes = (allRoutes ?? firstPageRoutes).filter((r) => r.sets.includes(set));
  const full = routes.filter((r) => r.fullPage);
  const framed = routes.filter((r) => !r.fullPage);

  return (
    <>
      <ScrollToTop />
      <Routes>
        {full.map((route) => (
          <Route key={route.path} path={route.path} element={<Full>{<Screen route={route} user={user} />}</Full>} />
        ))}
        {user && (
          <Route element={<Shell user={user} />}>
            {framed.map((route) => (
              <Route key={route.path} path={route.path} element={<Screen route={route} user={user} />} />
            ))}
          </Route>
        )}
        <Route path="*" element={<UnknownPath routes={allRoutes} user={user} from={location.pathname} />} />
      </Routes>
    </>
  );
}
