// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { DataUser } from '@ouvrage/contracts';
import { renderWithProviders } from '../testing/render';
import { clearSession, saveSession } from '../lib/session';
import { UnknownPath } from './router';
import { ErrorPage } from './screens/status-screens';
import type { ScreenRoute } from './first-page-routes';
import { loadQueryClient } from './query-client-gate';

const user = { id: 7, user_type: 'client', firstname: 'Karim', lastname: 'Benali', email: 'k@example.fr' } as unknown as DataUser;
const routes: ScreenRoute[] = [{ path: '/error-pages/error-404', sets: ['anonymous', 'user'], fullPage: true, screen: () => <ErrorPage kind="404" /> }];

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function App({ who }: { who: DataUser | null }) {
  return (
    <Routes>
      <Route path="/login" element={<Where />} />
      <Route path="/dashboard" element={<Where />} />
      <Route path="*" element={<UnknownPath routes={routes} user={who} from="/nulle-part" />} />
    </Routes>
  );
}

// What a logged-in screen waits for, loaded once (the app loads it with the session check).
beforeAll(() => loadQueryClient());
afterEach(() => clearSession());

describe('an unknown path (issue 36 §6)', () => {
  it('shows a logged-in user the 404 page with a link back to the dashboard, in French', async () => {
    saveSession({ datauser: user, token: { value: 't', expires_at: new Date(Date.now() + 3_600_000).toISOString() } } as never);
    renderWithProviders(<App who={user} />, { route: '/nulle-part' });
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
    expect(screen.getByRole('link', { name: 'Retour au tableau de bord' }).getAttribute('href')).toBe('/dashboard');
  });

  it('in Arabic too', async () => {
    saveSession({ datauser: user, token: { value: 't', expires_at: new Date(Date.now() + 3_600_000).toISOString() } } as never);
    renderWithProviders(<App who={user} />, { route: '/nulle-part', lng: 'ar' });
    expect(await screen.findByRole('heading', { name: 'الصفحة غير موجودة' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'العودة إلى لوحة التحكم' }).getAttribute('href')).toBe('/dashboard');
  });

  it('still sends a visitor to the login page (spec §2)', async () => {
    renderWithProviders(<App who={null} />, { route: '/nulle-part' });
    expect((await screen.findByTestId('where')).textContent).toBe('/login');
  });

  it('the 404 page offers a visitor the home page', () => {
    renderWithProviders(<ErrorPage kind="404" />, { route: '/error-pages/error-404' });
    expect(screen.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/');
  });

  it('the 404 page offers a visitor the home page in Arabic', () => {
    renderWithProviders(<ErrorPage kind="404" />, { route: '/error-pages/error-404', lng: 'ar' });
    expect(screen.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' }).getAttribute('href')).toBe('/');
  });
});
