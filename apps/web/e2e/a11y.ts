import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rules of WCAG 2.1 A and AA (what RGAA 4 follows); best practices are left to review. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One line per offending node: rule, impact, target and axe's summary, to read in the test output. */
function describe(violation: { id: string; impact?: string | null; nodes: Array<{ target: unknown; failureSummary?: string }> }): string[] {
  return violation.nodes.map(
    (node) => `${violation.id} (${violation.impact}) ${JSON.stringify(node.target)}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300)}`,
  );
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
  let found = await seriousA11yViolations(page);
  if (found.length > 0) {
    // A screen caught between two states on a loaded machine (a transition half way, a list still
    // drawing) is checked again once settled: what is still there is what a user meets.
    await waitForScreen(page);
    await page.evaluate(() => Promise.race([Promise.all(document.getAnimations().map((a) => a.finished)), new Promise((r) => setTimeout(r, 2_000))]));
    const again = await seriousA11yViolations(page);
    if (again.length < found.length) console.log(`axe-core sur ${where} : passager, plus là une fois l’écran posé :\n${found.join('\n')}`);
    found = again;
  }
  expect.soft(found, `axe-core sur ${where}`).toEqual([]);
}

interface Tracker {
  /** Requests in flight. */
  pending: Set<unknown>;
  /** Called whenever a request starts or ends. */
  listeners: Set<() => void>;
}

const inFlight = new WeakMap<Page, Tracker>();

/** Follow the page's requests in flight (once per page), for `waitForScreen`. */
function trackRequests(page: Page): Tracker {
  let tracker = inFlight.get(page);
  if (!tracker) {
    const t: Tracker = { pending: new Set(), listeners: new Set() };
    const changed = () => t.listeners.forEach((listener) => listener());
    // The live bell's stream stays open as long as the page: it is not a screen loading its data.
    page.on('request', (r) => {
      if ((r.headers()['accept'] ?? '').includes('text/event-stream')) return;
      t.pending.add(r);
      changed();
    });
    const done = (r: unknown) => {
      if (t.pending.delete(r)) changed();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    inFlight.set(page, t);
    tracker = t;
  }
  return tracker;
}

/**
 * Wait until the screen has drawn its data: its requests answered, none started again for 250 ms
 * (a screen that reads in two steps), and no loader left. Driven by the requests' own events, not
 * by polling; screens that never fall quiet (the outbox polls) are given 4 s at most.
 */
export async function waitForScreen(page: Page): Promise<void> {
  const tracker = trackRequests(page);
  await new Promise<void>((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      clearTimeout(quiet);
      clearTimeout(cap);
      tracker.listeners.delete(onChange);
      resolve();
    };
    const onChange = () => {
      clearTimeout(quiet);
      quiet = tracker.pending.size === 0 ? setTimeout(finish, 250) : undefined;
    };
    const cap = setTimeout(finish, 4_000);
    tracker.listeners.add(onChange);
    onChange();
  });
  await expect(page.locator('.mantine-Loader:visible'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
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

/**
 * The visible buttons and links that lie, even partly, outside the viewport's width: an action a
 * phone user would have to scroll sideways to reach — or could not reach at all. Visually hidden
 * ones (1 px, skip links) and those hidden by CSS are left out. One line each: its text and where
 * it lies.
 */
export async function offScreenActions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const actions = Array.from(document.querySelectorAll<HTMLElement>('button, a[href], [role="button"], [role="link"]'));
    return actions
      .filter((el) => {
        const box = el.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) return false;
        if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
        return box.left < -0.5 || box.right > width + 0.5;
      })
      .map((el) => {
        const box = el.getBoundingClientRect();
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
        const id = el.getAttribute('data-testid');
        return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''} « ${name} » de ${Math.round(box.left)} à ${Math.round(box.right)} px (largeur ${width})`;
      });
  });
}
