import { expect, test } from '@playwright/test';
import { horizontalOverflow, waitForScreen } from './a11y';
import { loginAs } from './support';

/** Every full-page screen (no top bar): on a 375 px phone, nothing scrolls sideways, in French and Arabic. */
const FULL_PAGES = [
  '/',
  '/professionnel',
  '/login',
  '/reset-password',
  '/reset-password?token=jeton-inconnu',
  '/verification',
  '/viewpdf',
  '/viewpdf?token=jeton-inconnu',
  '/payment/traitement',
  '/payment/create',
  '/error-pages/error-404',
  '/error-pages/error-500',
];

test('no full-page screen scrolls sideways at 375 px, in French and Arabic', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  for (const lng of ['fr', 'ar']) {
    for (const path of FULL_PAGES) {
      await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
      await waitForScreen(page);
      expect.soft(await horizontalOverflow(page), `défilement horizontal sur ${path} (${lng})`).toBeLessThanOrEqual(0);
    }
  }
  await context.close();
});

test('/professionnel on a phone: the SIRET field takes the full width and the search button goes below', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/professionnel');
  const siret = page.getByRole('textbox', { name: /SIRET/ });
  const search = page.getByTestId('siret-search');
  await siret.fill('12345678901234');
  const field = (await siret.boundingBox())!;
  const button = (await search.boundingBox())!;
  expect(button.y, 'le bouton est sous le champ').toBeGreaterThanOrEqual(field.y + field.height);
  // The 14 digits fit in the field.
  expect(await siret.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
  const submit = page.locator('form button[type="submit"]');
  const box = (await submit.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: 'test-results/screens/professionnel-375-fr.png', fullPage: true });
  await context.close();
});

test('at 1 366 px the admin project list fits or shows that it scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(page, 'admin@ouvrage.test');
  const list = page.getByTestId('admin-projects');
  const region = list.getByRole('region');
  // The dashboard loads every widget at once; the list can come last on a busy machine.
  await expect(region).toBeVisible({ timeout: 30_000 });
  const hidden = await region.evaluate((el) => el.scrollWidth - el.clientWidth);
  if (hidden > 1) await expect(list.getByTestId('paged-table-scroll-cue')).toBeVisible();
  else await expect(list.getByTestId('paged-table-scroll-cue')).toHaveCount(0);
  // With the menu closed there is room: the table fits whole.
  await page.getByTestId('menu-toggle').click();
  await expect(page.getByTestId('menu-toggle')).toHaveAttribute('aria-expanded', 'false');
  // The menu slides away: the table widens as it goes.
  await expect.poll(() => region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
});
