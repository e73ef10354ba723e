import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { waitForScreen } from './a11y';
import { unstyledKitClasses } from './kit-styles';
import { DEMO_PASSWORD } from './support';

/**
 * Issue 13 — a stored user's `/dashboard` shows with the first pages' and the dashboard's shares
 * of the UI kit's styles (decision 0971): with the whole kit's styles held back, every kit class of
 * the shell and of each role's dashboard — the top bar's dropdowns, the side menu on a phone, the
 * charts' tables and periods opened — still has its rules. Demo accounts, only read; in French on
 * a desktop and in Arabic on a phone (see ROLES); screenshots in .tmp/shots-fe.
 */
const SHOTS = process.env.E2E_SHOTS_DIR ?? fileURLToPath(new URL('../../../.tmp/shots-fe', import.meta.url));
// Every role in French on a desktop; on the phone, in Arabic, the client and the admin (the most
// controls): the kit classes do not depend on the language, the phone adds the side menu's.
const ROLES = { fr: ['client', 'pro', 'dessinateur', 'architecte', 'admin'], ar: ['client', 'admin'] } as const;

test.describe.configure({ timeout: 180_000 });

for (const lng of ['fr', 'ar'] as const) {
  test(`the dashboard needs no more of the kit's styles than its share, each role (${lng})`, async ({ browser }) => {
    const phone = lng === 'ar';
    for (const role of ROLES[lng]) {
      const context = await browser.newContext({
        locale: 'fr-FR',
        ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1366, height: 900 } }),
      });
      const page = await context.newPage();
      await page.goto(`/login?lng=${lng}`);
      await page.locator('input[name="email"]').fill(`${role}@ouvrage.test`);
      await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
      await page.locator('button[type="submit"]').click();
      await expect(page).toHaveURL(/\/dashboard$/);
      // Opened again with the stored user, the whole kit's styles never arriving.
      let heldBack = 0;
      await page.route(/\/assets\/all-styles-[^/]*$/, (route) => {
        heldBack += 1;
        return route.abort();
      });
      await page.goto(`/dashboard?lng=${lng}`);
      await waitForScreen(page);
      await expect(page.getByTestId('side-menu').or(page.getByTestId('menu-toggle')).first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
      await expect.poll(() => heldBack, { message: 'the whole kit is still asked for, after the dashboard shows' }).toBeGreaterThan(0);
      expect(await unstyledKitClasses(page), `${role} (${lng})`).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/dashboard-styles-${role}-${lng}.png`, fullPage: true });

      // The top bar's and the dashboard's controls, opened one by one.
      const controls = page.locator(
        'header button:visible, main [aria-haspopup]:visible, main button:visible:has-text("tableau"), main button:visible:has-text("جدول")',
      );
      const count = await controls.count();
      const kitElements = () => page.locator('[class*="m_"]').count();
      for (let i = 0; i < count; i++) {
        const control = controls.nth(i);
        if (!(await control.isVisible())) continue;
        const before = { expanded: await control.getAttribute('aria-expanded'), kit: await kitElements() };
        await control.click();
        // What the control does is drawn: it says it is open or closed now (a dropdown, the side
        // menu), or the page holds other kit elements than before (a chart shown as a table). A
        // control that draws nothing of the kit (a link-like button) has nothing more to check.
        await expect
          .poll(async () => (await control.getAttribute('aria-expanded')) !== before.expanded || (await kitElements()) !== before.kit, { timeout: 5_000 })
          .toBe(true)
          .catch(() => undefined);
        expect(await unstyledKitClasses(page), `${role} (${lng}), contrôle ${i + 1} ouvert`).toEqual([]);
        await page.keyboard.press('Escape');
        // The side menu on a phone closes with its own button, not with Escape.
        const toggle = page.getByTestId('menu-toggle');
        if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
      }
      await context.close();
    }
  });
}
