import { expect, test } from '@playwright/test';
import { createAccount, DEMO_ADMIN, loginAs, menuPaths } from './support';

test.describe('anonymous visitors', () => {
  test('reach only the anonymous routes; anything else goes to /login', async ({ page }) => {
    for (const path of ['/dashboard', '/gestion-categorie', '/list-offre', '/n-importe-quoi']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    for (const path of ['/', '/professionnel', '/reset-password', '/login']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/$' : path}`));
    }
    // Full-page routes have no top bar or side menu.
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });
});

const MENUS: Record<string, string[]> = {
  'admin@ouvrage.test': [
    '/dashboard',
    '/list-offre',
    '/gestion-produit/list',
    '/gestion-produit/ajout',
    '/devis/list',
    '/facture/list',
    '/facture/virements',
    '/signalements',
    '/prix-de-reference',
    '/document',
    '/gestion-categorie',
    '/gestion-user/list',
    '/gestion-user/pro-list',
    '/gestion-user/new',
  ],
  'client@ouvrage.test': ['/dashboard', '/', '/devis/list', '/facture/list', '/payment/list', '/document'],
  'architecte@ouvrage.test': [
    '/dashboard',
    '/entreprise/information-legale',
    '/entreprise/information-generale',
    '/entreprise/metier',
    '/entreprise/reference',
    '/entreprise/preference',
    '/entreprise/zone',
    '/list-offre',
    '/gestion-produit/list',
    '/gestion-produit/ajout',
    '/devis/list',
    '/devis/new',
    '/devis/parametre',
    '/facture/list',
    '/document',
  ],
  'pro@ouvrage.test': [
    '/dashboard',
    '/entreprise/information-legale',
    '/entreprise/information-generale',
    '/entreprise/metier',
    '/entreprise/reference',
    '/entreprise/preference',
    '/entreprise/zone',
    '/list-offre',
    '/document',
  ],
  'dessinateur@ouvrage.test': [
    '/dashboard',
    '/entreprise/information-legale',
    '/entreprise/information-generale',
    '/entreprise/metier',
    '/entreprise/reference',
    '/entreprise/preference',
    '/entreprise/zone',
    '/list-offre',
    '/document',
  ],
  'pro.attente@ouvrage.test': [
    '/dashboard',
    '/entreprise/information-legale',
    '/entreprise/information-generale',
    '/entreprise/metier',
    '/entreprise/reference',
    '/entreprise/preference',
    '/entreprise/zone',
    '/document',
  ],
};

test.describe('side menu by role', () => {
  for (const [email, expected] of Object.entries(MENUS)) {
    test(`${email} sees exactly the links of their role`, async ({ page }) => {
      await loginAs(page, email);
      expect(await menuPaths(page)).toEqual([...expected].sort());
    });
  }

  test('the pending professional has no tenders entry and is told why', async ({ page }) => {
    await loginAs(page, 'pro.attente@ouvrage.test');
    expect(await menuPaths(page)).not.toContain('/list-offre');
    await expect(page.getByTestId('pending-validation')).toBeVisible();
    await page.goto('/list-offre');
    await expect(page.getByTestId('forbidden-pending')).toBeVisible();
  });
});

test.describe('page shell', () => {
  test('a press held down while the user menu’s code arrives still opens the menu', async ({ page }) => {
    // The dropdown's module is held back until the button is pressed: it arrives under the pointer.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/top-bar-dropdowns-.*\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await loginAs(page, 'architecte@ouvrage.test');
    const box = (await page.getByTestId('user-menu').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const arrived = page.waitForResponse(/top-bar-dropdowns-.*\.js$/);
    release();
    // Once the module has run and React has drawn twice, a swapped button would be under the pointer.
    const chunk = (await arrived).url();
    await page.evaluate(async (url) => {
      await import(url);
      await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
    }, chunk);
    await page.mouse.up();
    await expect(page.getByTestId('app-version')).toBeVisible();
  });

  test('user menu, submenus, placeholders and redirects for a logged-in user', async ({ page }) => {
    await loginAs(page, 'architecte@ouvrage.test');
    await expect(page.getByTestId('user-name')).toHaveText('ANTOINE');
    await expect(page.getByTestId('user-initial')).toHaveText('A');
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('app-version')).toHaveText('Version 4.2');
    await expect(page.getByTestId('logout')).toHaveText('Déconnexion');
    await page.getByTestId('profile-link').click();
    await expect(page).toHaveURL(/\/profil$/);

    // A submenu is open when the path starts with its route.
    await page.goto('/entreprise/metier');
    await expect(page.locator('[data-menu-path="/entreprise/metier"]')).toBeVisible();
    await expect(page.locator('[data-menu-path="/devis/new"]')).toBeHidden();
    // A full page outside the shell: the card checkout says what its link lacks.
    await page.goto('/payment/create');
    await expect(page.getByText('Ce lien de paiement est incomplet.', { exact: false })).toBeVisible();
    await expect(page.getByTestId('side-menu')).toHaveCount(0);

    // Any other path shows the 404 page at the address typed, with the way back (issue 36 §6).
    await page.goto('/chemin/inconnu');
    await expect(page.getByTestId('not-found')).toContainText('Page introuvable');
    await expect(page).toHaveURL(/\/chemin\/inconnu$/);
    await page.getByRole('link', { name: 'Retour au tableau de bord' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // The bell is hidden while no tender is available.
    await expect(page.getByTestId('bell')).toHaveCount(0);
  });

  test('the page scrolls to the top on each route change', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 300 });
    await loginAs(page, 'admin@ouvrage.test');
    // Scroll down once the dashboard is tall enough (its sections load after the greeting).
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo(0, 500);
          return window.scrollY;
        }),
      )
      .toBeGreaterThan(0);
    await page.locator('[data-menu-path="/gestion-categorie"]').click();
    await expect(page).toHaveURL(/gestion-categorie/);
    // The next screen's code may still be loading when the address changes: wait for its heading.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('logout clears session and local storage and goes to /', async ({ page }) => {
    await loginAs(page, 'client@ouvrage.test');
    expect(await page.evaluate(() => localStorage.getItem('datauser'))).toContain('client@ouvrage.test');
    await page.evaluate(() => sessionStorage.setItem('projet', '"999"'));
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/$/);
    // Everything stored before logout is gone (the journey at / may start afresh on its own).
    expect(await page.evaluate(() => localStorage.getItem('datauser'))).toBeNull();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k !== 'i18nextLng'))).toEqual([]);
    expect(await page.evaluate(() => sessionStorage.getItem('projet'))).not.toBe('"999"');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an expired session sends the browser to /login', async ({ page, context }) => {
    await loginAs(page, 'admin@ouvrage.test');
    await context.clearCookies();
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('languages', () => {
  test('French by default, English on demand, Arabic right to left through /layout/RtlLayout', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();

    await page.goto('/login?lng=en');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');

    await page.goto('/layout/RtlLayout');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('button', { name: 'تسجيل الدخول' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/login-ar.png', fullPage: true });
  });

  test('a language code that looks like script injection is discarded', async ({ page }) => {
    await page.goto('/login?lng=%3Cscript%3Ealert(1)%3C/script%3E');
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const stored = await page.evaluate(() => localStorage.getItem('i18nextLng'));
    expect(stored ?? 'fr').not.toContain('script');
  });

  test('the logged-in shell works in Arabic', async ({ page }) => {
    await loginAs(page, 'admin@ouvrage.test');
    await page.goto('/layout/RtlLayout');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('side-menu')).toContainText('لوحة التحكم');
    await page.screenshot({ path: 'test-results/screens/dashboard-ar.png', fullPage: true });
  });
});

test('password reset through the outbox', async ({ page, request }) => {
  test.setTimeout(120_000);
  // An account of this spec's own: its password changes here.
  const user = await createAccount(request, { user_type: 'dessinateur', firstname: 'Hugo' });
  await page.goto('/reset-password');
  await page.locator('input[name="email"]').fill(user.email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByTestId('reset-sent')).toContainText('Si un compte existe');

  // The admin reads the mail in the outbox viewer.
  await loginAs(page, DEMO_ADMIN);
  await page.goto('/boite-mail');
  await page.getByLabel('Filtrer par destinataire').fill(user.email);
  await page.getByRole('button', { name: 'Réinitialisation de votre mot de passe Ouvrage' }).first().click();
  const link = await page.getByTestId('outbox-mail').getByRole('link').first().getAttribute('href');
  expect(link).toMatch(/\/reset-password\?token=/);
  await page.screenshot({ path: 'test-results/screens/outbox-fr.png', fullPage: true });
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.locator('input[name="password"]').fill('Dessin2026nouveau');
  await page.locator('input[name="password_confirmation"]').fill('Dessin2026nouveau');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByTestId('password-saved')).toBeVisible();

  await loginAs(page, user.email, 'Dessin2026nouveau');
  // The old password no longer works.
  const old = await page.request.post('/api/login', { data: { email: user.email, password: user.password } });
  expect(old.status()).toBe(401);
});
