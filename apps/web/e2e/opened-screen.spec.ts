import { expect, test, type Page } from '@playwright/test';
import { createAccount, loginAs } from './support';

/**
 * Issue 13 — the opened screen's script is inline in the HTML (decision 0977) and the content
 * security policy lets it run by its hash: no violation is reported, the first pages' screens are
 * asked for before the entry script has run, and so are a stored client's dashboard and shell; its
 * session's renewal and figures are the app's own, asked once (decision 1160).
 */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

test('the opened screen script runs under the security policy', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await recordViolations(page);

  // An anonymous first page: its screen's files are preloaded from the HTML's own script.
  const html = await (await page.request.get('/login')).text();
  expect(html).toMatch(/<script>\(function \(\) \{/);
  expect(html).not.toMatch(/<script[^>]*src="\/assets\/opened-screen/);
  // With the entry script held back, whatever is asked for was asked by the inline script.
  const entry = /\/assets\/index-[^/]*\.js$/;
  await page.route(entry, (route) => route.abort());
  await page.goto('/login');
  await expect(page.locator('link[rel="modulepreload"][href*="login-screen"]')).toHaveCount(1);
  expect(await violations(page)).toEqual([]);
  await page.unroute(entry);

  // A stored client's dashboard: its screen's files, asked for by the script.
  const client = await createAccount(page.request, { user_type: 'client' });
  // The app's own figures after the login have come before the reloads are watched (the page
  // never idles: the notifications' stream stays open).
  const ownFigures = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/dashboard/client');
  await loginAs(page, client.email, client.password);
  await ownFigures;
  const asked: string[] = [];
  const order: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    order.push(path);
    if (path === '/api/refresh' || path.startsWith('/api/dashboard/')) asked.push(`${request.method()} ${path}`);
  });
  await page.route(entry, (route) => route.abort());
  await page.reload();
  await expect.poll(() => order.some((path) => /^\/assets\/signed-in-/.test(path))).toBe(true);
  // The session's renewal and the figures wait for the app.
  expect(asked).toEqual([]);
  expect(await violations(page)).toEqual([]);
  await page.unroute(entry);

  // With the entry: one renewal and the figures, once each.
  asked.length = 0;
  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByText('Suivez vos projets, vos devis, vos factures et vos paiements.')).toBeVisible();
  expect(asked).toEqual(['POST /api/refresh', 'GET /api/dashboard/client']);
  expect(await violations(page)).toEqual([]);
  await context.close();
});
