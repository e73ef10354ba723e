import { expect, test, type Page } from '@playwright/test';
import { loginAs, menuPaths } from './support';

/**
 * RGAA 7.3 / 12.13: the side menu of every role is usable with the keyboard alone. Tab reaches
 * every heading and every link; a submenu heading is a button that says whether it is open and
 * opens with Enter or Space; Enter on a link opens its screen.
 */

interface Focused {
  path: string | null;
  group: string | null;
  expanded: string | null;
  tag: string;
}

async function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || !el.closest('[data-testid="side-menu"]')) return null;
    return { path: el.getAttribute('data-menu-path'), group: el.getAttribute('data-menu-group'), expanded: el.getAttribute('aria-expanded'), tag: el.tagName };
  });
}

/** Tab from the top of the page through the menu, opening each closed submenu (Enter, then Space, in turn). */
async function walkMenu(page: Page, expected: string[]): Promise<{ reached: Set<string>; groups: string[] }> {
  const reached = new Set<string>();
  const groups: string[] = [];
  let followed = false;
  let entered = false;
  const wanted = new Set(expected).size;
  for (let presses = 0; presses < 80 && reached.size < wanted; presses += 1) {
    await page.keyboard.press('Tab');
    const here = await focused(page);
    // Once through the menu, Tab goes on into the page: the walk is over.
    if (!here && entered) break;
    if (!here) continue;
    entered = true;
    if (here.group) {
      expect(here.tag, `l'en-tête « ${here.group} » est un bouton`).toBe('BUTTON');
      const heading = page.locator(`[data-menu-group="${here.group}"]`);
      await expect(heading).toHaveAttribute('aria-controls', `side-menu-${here.group}`);
      if (here.expanded === 'false') {
        await page.keyboard.press(groups.length % 2 === 0 ? 'Enter' : 'Space');
        await expect(heading).toHaveAttribute('aria-expanded', 'true');
        await expect(page.locator(`#side-menu-${here.group}`)).toBeVisible();
        groups.push(here.group);
      }
    }
    if (here.path) {
      reached.add(here.path);
      // The first submenu link is followed with Enter: the keyboard user lands on its screen.
      if (!followed && groups.length > 0 && here.path !== '/' && here.path !== '/dashboard') {
        followed = true;
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(new RegExp(`${here.path.replace(/[/]/g, '\\/')}$`));
      }
    }
  }
  return { reached, groups };
}

const ROLES = {
  admin: { email: 'admin@ouvrage.test', groups: ['products', 'quotes', 'users'] },
  client: { email: 'client@ouvrage.test', groups: [] },
  architecte: { email: 'architecte@ouvrage.test', groups: ['enterprise', 'products', 'quotes'] },
  professionnel: { email: 'pro@ouvrage.test', groups: ['enterprise'] },
};

for (const [role, { email, groups }] of Object.entries(ROLES)) {
  test(`${role}: every side-menu entry is reached with Tab, submenus open with Enter or Space`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await loginAs(page, email);
    const expected = await menuPaths(page);
    const present = await page.locator('[data-menu-group]').evaluateAll((headings) => headings.map((h) => h.getAttribute('data-menu-group')));
    expect(present).toEqual(groups);
    for (const group of groups) await expect(page.locator(`[data-menu-group="${group}"]`)).toHaveAttribute('aria-expanded', 'false');

    await page.locator('body').focus();
    const { reached, groups: opened } = await walkMenu(page, expected);
    expect([...reached].sort()).toEqual([...new Set(expected)].sort());
    expect(opened.sort()).toEqual([...groups].sort());
  });
}

test('on a phone the menu toggle shows the burger when the menu is closed and says whether it is open', async ({ page }) => {
  await loginAs(page, 'admin@ouvrage.test');
  await page.setViewportSize({ width: 375, height: 812 });
  const toggle = page.getByTestId('menu-toggle');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle.locator('[data-opened]')).toHaveCount(0);
  // Collapsed on a phone, the menu is moved off the screen.
  await expect(page.locator('#side-menu-panel')).not.toBeInViewport();

  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(toggle.locator('[data-opened]')).toHaveCount(1);
  await expect(page.locator('#side-menu-panel')).toBeInViewport();

  // A menu link closes the menu again on a phone.
  await page.getByTestId('side-menu').getByRole('link', { name: 'Catégories' }).click();
  await expect(page).toHaveURL(/\/gestion-categorie$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});
