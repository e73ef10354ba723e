import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Ouvrage2026!';

/** Log in through the real login form and wait for the dashboard. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

/** Every link path of the side menu, submenus included (open or not). */
export async function menuPaths(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  await expect(menu).toBeVisible();
  const paths = await menu.locator('[data-menu-path]').evaluateAll((links) => links.map((a) => a.getAttribute('data-menu-path') ?? ''));
  return [...paths].sort();
}

/** An admin's access token, through the API, to read the outbox like the admin's mail viewer does. */
export async function adminToken(page: Page): Promise<string> {
  const res = await page.request.post('/api/login', { data: { email: 'admin@ouvrage.test', password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data.token.token;
}

/** The newest mail sent to an address, read from the admin outbox API. */
export async function lastMailTo(page: Page, to: string): Promise<{ subject: string; text: string }> {
  const token = await adminToken(page);
  const res = await page.request.get(`/api/admin/outbox?to=${encodeURIComponent(to)}&per_page=1`, { headers: { authorization: `Bearer ${token}` } });
  const items = (await res.json()).data.items;
  expect(items.length).toBeGreaterThan(0);
  return items[0];
}
