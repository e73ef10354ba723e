import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { waitForScreen } from './a11y';
import { unstyledKitClasses } from './kit-styles';

/**
 * Issue 13 — the first pages show with their own share of the UI kit's styles only (decision
 * 0947): with the rest of the styles held back, every kit class on the page, dropdowns opened,
 * still has its rules. In French and Arabic, on a phone; screenshots in .tmp/shots-fe.
 */
const FIRST_PAGES = ['/', '/login', '/professionnel'];
const SHOTS = process.env.E2E_SHOTS_DIR ?? fileURLToPath(new URL('../../../.tmp/shots-fe', import.meta.url));

for (const lng of ['fr', 'ar'] as const) {
  test(`the first pages need no more styles than their own (${lng})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    // The rest of the kit's styles never arrive.
    await page.route(/\/assets\/all-styles-[^/]*$/, (route) => route.abort());
    for (const path of FIRST_PAGES) {
      await page.goto(`${path}?lng=${lng}`);
      await waitForScreen(page);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
      expect(await unstyledKitClasses(page), `${path} (${lng})`).toEqual([]);
      const name = path === '/' ? 'journey' : path.slice(1);
      await page.screenshot({ path: `${SHOTS}/${name}-${lng}.png`, fullPage: true });
      // The kit's dropdowns of the page, opened one by one.
      // What is below the first screen comes after it (the sign-up form): wait for it.
      await expect(page.locator('[data-deferred-part]')).toHaveCount(0);
      const lists = page.locator('input[aria-haspopup="listbox"]:visible:not([disabled])');
      for (let i = 0; i < (await lists.count()); i++) {
        await lists.nth(i).click();
        expect(await unstyledKitClasses(page), `${path} (${lng}), liste ${i + 1} ouverte`).toEqual([]);
        await page.keyboard.press('Escape');
      }
    }
    await context.close();
  });
}
