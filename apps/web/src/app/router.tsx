import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import type { DataUser } from '@ouvrage/contracts';
import { canSee } from '../lib/access';
import { refreshSession, setSessionExpiredHandler } from '../lib/api-client';
import { useCurrentUser } from '../lib/auth';
import { clearSession, getStoredUser } from '../lib/session';
import { ScreenLoader } from '../components/ui/screen-loader';
import { screenRoutes, type ScreenRoute } from './routes';
import { afterFirstScreen, useFirstScreenShown } from './first-screen';
import { isFirstPage } from './styles/first-pages';
import { loadAllStyles, WithAllStyles } from './styles/all-styles-gate';
import { ScreenErrorBoundary } from './screen-error-boundary';

// The logged-in shell (top bar, side menu, notifications) is not part of the first pages' code.
const loadAppLayout = () => import('./layout/app-layout');
const AppLayout = lazy(() => loadAppLayout().then((m) => ({ default: m.AppLayout })));
const ForbiddenScreen = lazy(() => import('./screens/status-screens').then((m) => ({ default: m.ForbiddenScreen })));
const UnderConstruction = lazy(() => import('./screens/under-construction').then((m) => ({ default: m.UnderConstruction })));

/**
 * What the screen will need starts loading with the session check, not after it: the whole UI
 * kit's styles (all screens but the first pages) and, for a stored user, the shell. On a first
 * page the rest of the styles come after it shows, once the browser is idle, for the next screen
 * (decision 0947).
 */
function usePrefetch(pathname: string, hasUser: boolean) {
  useEffect(() => {
    if (hasUser) void loadAppLayout();
    if (isFirstPage(pathname)) afterFirstScreen(() => void loadAllStyles());
    else void loadAllStyles();
  }, [pathname, hasUser]);
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

/** Renew the access token at start-up: it also brings the user's current validation state. */
function useSessionBootstrap(): boolean {
  const [ready, setReady] = useState(() => !getStoredUser());
  useEffect(() => {
    if (ready) return;
    void refreshSession().then((session) => {
      if (!session) clearSession();
      setReady(true);
    });
  }, [ready]);
  return ready;
}

function Screen({ route, user }: { route: ScreenRoute; user: DataUser | null }) {
  if (!canSee(route.capability, user)) {
    // A professional awaiting validation reads why, rather than a bare « access denied » (issue 15).
    const pending = !!user && user.is_validate === 'En attente' && canSee(route.capability, { ...user, is_validate: 'Validé' });
    return <ForbiddenScreen pending={pending} />;
  }
  const body = 'underConstruction' in route.screen ? <UnderConstruction titleKey={route.screen.underConstruction} /> : <route.screen />;
  // Only the first pages show before the whole kit's styles apply.
  return (
    <ScreenErrorBoundary>
      {isFirstPage(route.path) ? body : <WithAllStyles>{body}</WithAllStyles>}
      <FirstScreenShown />
    </ScreenErrorBoundary>
  );
}

function Shell({ user }: { user: DataUser }) {
  return (
    <Suspense fallback={<ScreenLoader />}>
      <WithAllStyles>
        <AppLayout user={user}>
          <Outlet />
        </AppLayout>
      </WithAllStyles>
    </Suspense>
  );
}

function Full({ children }: { children: ReactNode }) {
  return <Suspense fallback={<ScreenLoader />}>{children}</Suspense>;
}

/** The two route sets of spec §2, chosen by whether a user is stored. */
export function AppRoutes() {
  const navigate = useNavigate();
  const location = useLocation();
  const user = useCurrentUser();
  const ready = useSessionBootstrap();
  usePrefetch(location.pathname, !!user);

  useEffect(() => {
    setSessionExpiredHandler(() => navigate('/login', { replace: true }));
  }, [navigate]);

  if (!ready) return <ScreenLoader />;
  const set = user ? 'user' : 'anonymous';
  const routes = screenRoutes.filter((r) => r.sets.includes(set));
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
        <Route
          path="*"
          element={user ? <Navigate to="/dashboard" replace /> : <Navigate to="/login" replace state={{ from: location.pathname }} />}
        />
      </Routes>
    </>
  );
}
