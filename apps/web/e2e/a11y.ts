import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rules of WCAG 2.1 A and AA (what RGAA 4 follows); best practices are left to review. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One line per offending node: rule, impact, target and axe's summary, to read in the test output. */
function describe(violation: { id: string; impact?: string | null; nodes: Array<{ target: unknown; failureSummary?: string }> }): string[] {
  return violation.nodes.map((node) => `${violation.id} (${violation.impact}) ${JSON.stringify(node.target)}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300)}`);
}

/** The serious and critical WCAG violations axe-core finds on the page as it is now. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe in the page itself: no extra blank page per check (we have no cross-origin frames).
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap(describe);
}

/**
 * Fails the test (softly: every screen of a walk is still checked) when axe-core finds a
 * serious or critical WCAG 2.1 AA violation on the page.
 */
export async function expectNoSeriousA11yViolations(page: Page, where = page.url()): Promise<void> {
  expect.soft(await seriousA11yViolations(page), `axe-core sur ${where}`).toEqual([]);
}

const inFlight = new WeakMap<Page, Set<unknown>>();

/** Count the page's requests in flight (once per page), for `waitForScreen`. */
function trackRequests(page: Page): Set<unknown> {
  let pending = inFlight.get(page);
  if (!pending) {
    const set = new Set<unknown>();
    // The live bell's stream stays open as long as the page: it is not a screen loading its data.
    page.on('request', (r) => {
      if (!(r.headers()['accept'] ?? '').includes('text/event-stream')) set.add(r);
    });
    page.on('requestfinished', (r) => set.delete(r));
    page.on('requestfailed', (r) => set.delete(r));
    inFlight.set(page, set);
    pending = set;
  }
  return pending;
}

/** Wait until the screen has drawn its data: no request in flight for 250 ms and no loader left. */
export async function waitForScreen(page: Page): Promise<void> {
  const pending = trackRequests(page);
  // Screens that poll (the outbox, the bell) are never quiet: 4 s at most.
  const deadline = Date.now() + 4_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    await page.waitForTimeout(50);
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 250) break;
  }
  await expect(page.locator('.mantine-Loader:visible')).toHaveCount(0, { timeout: 10_000 }).catch(() => undefined);
}

/** Go to a path inside the single-page app without reloading it (as its own links do). */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  trackRequests(page);
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await waitForScreen(page);
}

/** The page scrolls sideways when its document is wider than the viewport. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
