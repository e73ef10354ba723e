import { lazy, type ComponentType } from 'react';
import type { Capability } from '@ouvrage/contracts';

/**
 * A screen of spec §2 (the table: `routes.tsx`). `sets` says which route set (anonymous visitor,
 * logged-in user) reaches it; `fullPage` routes have no top bar or side menu; `capability`
 * is the one the side menu uses, derived from the API's permission table, so the UI shows a clear
 * "access denied" instead of a broken page.
 * Features replace `underConstruction` entries with their screens as they are built.
 */
export interface ScreenRoute {
  path: string;
  sets: ReadonlyArray<'anonymous' | 'user'>;
  fullPage?: boolean;
  /** Any of these capabilities opens the screen. */
  capability?: Capability | readonly Capability[];
  /** A lazily loaded screen (`lazy`, `preloadable`), or the translation key of the page title while it is under construction. */
  screen: ComponentType | { underConstruction: string };
}

const loadLogin = () => import('../features/auth/components/login-screen');
const loadProfessionalLanding = () => import('../features/professionals/components/landing-screen');
const loadJourney = () => import('../features/projects/components/journey-screen');

export const LoginScreen = lazy(loadLogin);
export const ProfessionalLandingScreen = lazy(loadProfessionalLanding);
export const JourneyScreen = lazy(loadJourney);

/**
 * Start loading the screen the visitor opened before React's first render, while the entry
 * still runs: on a first page its code no longer waits for the router to reach it; a stored
 * user's `/dashboard` (where every login lands) no longer waits for the whole screen table
 * (decision 0949). Other paths load as before.
 */
export function preloadOpenedScreen(pathname: string, hasUser: boolean): void {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') void loadJourney();
  else if (path === '/login') void loadLogin();
  else if (path === '/professionnel') void loadProfessionalLanding();
  else if (path === '/dashboard' && hasUser) void import('./screens/dashboard-screen');
}

const both = ['anonymous', 'user'] as const;

/**
 * The first pages' routes (`FIRST_PAGES`), as in `routes.tsx`: the router knows them from the
 * start, while the whole table loads apart (issue 13).
 */
export const firstPageRoutes: ScreenRoute[] = [
  { path: '/', sets: both, fullPage: true, screen: JourneyScreen },
  { path: '/professionnel', sets: both, fullPage: true, screen: ProfessionalLandingScreen },
  { path: '/login', sets: both, fullPage: true, screen: LoginScreen },
];
