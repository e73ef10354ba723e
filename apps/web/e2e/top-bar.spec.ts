import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator } from '@playwright/test';
import { loginAs } from './support';

/**
 * Issue 36 §2 (decision 1205): at 375 px the top bar keeps every control on screen for every role —
 * the user menu first (it was pushed off the edge for the admin and the professionals), in French
 * and in Arabic, where the bar is mirrored.
 */
const SHOTS = fileURLToPath(new URL('../../../test-results/screens', import.meta.url));
const ROLES = [
  ['admin', 'admin@ouvrage.test'],
  ['architecte', 'architecte@ouvrage.test'],
  ['artisan', 'pro@ouvrage.test'],
  ['client', 'client@ouvrage.test'],
] as const;

async function withinScreen(control: Locator, width: number, what: string) {
  await expect(control, what).toBeVisible();
  // The menus' buttons are drawn again once their dropdown's code arrives: the box of the one in place.
  const box = await control.evaluate((el) => {
    const { x, width } = el.getBoundingClientRect();
    return { x, width };
  });
  expect.soft(box.x, `${what} : bord de début`).toBeGreaterThanOrEqual(0);
  expect.soft(box.x + box.width, `${what} : bord de fin`).toBeLessThanOrEqual(width);
}

for (const [role, email] of ROLES) {
  test(`the ${role}'s top bar keeps the user menu on screen at 375 px, in French and Arabic`, async ({ browser }) => {
    mkdirSync(SHOTS, { recursive: true });
    const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await loginAs(page, email);
    for (const lng of ['fr', 'ar'] as const) {
      await page.goto(`/dashboard?lng=${lng}`);
      await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
      const header = page.locator('header');
      await withinScreen(page.getByTestId('user-menu'), 375, `menu utilisateur (${role}, ${lng})`);
      await withinScreen(page.getByTestId('menu-toggle'), 375, `menu latéral (${role}, ${lng})`);
      await withinScreen(header.getByTestId('language-switcher'), 375, `langue (${role}, ${lng})`);
      await withinScreen(page.getByTestId('notification-centre'), 375, `notifications (${role}, ${lng})`);
      await withinScreen(page.getByTestId('messages-button'), 375, `messages (${role}, ${lng})`);
      if (await page.getByTestId('bell').count()) await withinScreen(page.getByTestId('bell'), 375, `cloche (${role}, ${lng})`);
      // Nothing in the bar runs past its end.
      expect(await header.evaluate((el) => el.scrollWidth - el.clientWidth), `barre (${role}, ${lng})`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/top-bar-${role}-${lng}-375.png` });
      // The menu opens and its « log out » is reachable.
      await page.getByTestId('user-menu').tap();
      await withinScreen(page.getByTestId('logout'), 375, `déconnexion (${role}, ${lng})`);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('logout')).toBeHidden();
    }
    await page.setViewportSize({ width: 1366, height: 800 });
    for (const lng of ['fr', 'ar'] as const) {
      await page.goto(`/dashboard?lng=${lng}`);
      await expect(page.getByTestId('user-name')).toBeVisible();
      await withinScreen(page.getByTestId('user-menu'), 1366, `menu utilisateur (${role}, ${lng}, 1366)`);
      await page.screenshot({ path: `${SHOTS}/top-bar-${role}-${lng}-1366.png` });
    }
    await context.close();
  });
}
