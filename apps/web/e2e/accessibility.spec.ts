import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, navigateInApp, waitForScreen } from './a11y';
import { loginAs } from './support';

/**
 * axe-core on every screen, in French and Arabic (right to left): no serious or critical
 * WCAG 2.1 AA violation (RGAA 4); in English, no French connector. One browser context per role and language, logged in once; the demo
 * accounts are only read. A screen reached through an id is found by following the first link
 * of its list, so the walk needs no knowledge of the demo data's ids.
 */

interface Screen {
  path: string;
  /**
   * After the check, visit the first link whose path matches (a detail screen of the list), then
   * the next pattern from there; a function gives the next path from the current one.
   */
  follow?: Array<RegExp | ((path: string) => string)>;
}

// English too, for French connectors only: its layout and components are French's, left to right,
// and axe-core on them again found nothing French's walk did not (the suite's time, decision 1110).
const LANGUAGES = ['fr', 'ar', 'en'] as const;
const withAxe = (lng: string) => lng !== 'en';

const PUBLIC: Screen[] = [
  { path: '/' },
  { path: '/professionnel' },
  { path: '/login' },
  { path: '/reset-password' },
  { path: '/reset-password?token=jeton-inconnu' },
  { path: '/verification' },
  { path: '/viewpdf' },
  { path: '/error-pages/error-404' },
  { path: '/error-pages/error-500' },
  { path: '/payment/traitement' },
];

const ROLES: Record<string, { email: string; screens: Screen[] }> = {
  admin: {
    email: 'admin@ouvrage.test',
    screens: [
      // The first project, then the sending of its tender (whatever its state, the screen says what it can).
      { path: '/dashboard', follow: [/^\/single-projet\/\d+$/, (project) => project.replace('/single-projet/', '/appel-offre/nouveau/')] },
      { path: '/gestion-categorie' },
      { path: '/gestion-bien', follow: [/^\/gestion-bien\/\d+$/] },
      { path: '/gestion-user/list' },
      { path: '/gestion-user/pro-list', follow: [/^\/gestion-user\/professionnel\/\d+$/] },
      { path: '/gestion-user/new' },
      { path: '/list-offre' },
      { path: '/gestion-produit/list', follow: [/^\/gestion-produit\/ajout\/\d+$/] },
      { path: '/gestion-produit/ajout' },
      { path: '/devis/list', follow: [/^\/devis\/\d+$/] },
      { path: '/devis/parametre' },
      { path: '/facture/list', follow: [/^\/facture\/\d+$/] },
      { path: '/facture/virements' },
      { path: '/boite-mail' },
      { path: '/profil' },
    ],
  },
  client: {
    email: 'client@ouvrage.test',
    screens: [
      { path: '/dashboard', follow: [/^\/single-projet\/\d+$/] },
      { path: '/devis/list', follow: [/^\/devis\/\d+$/] },
      // No list links to the comparison: project 2 is the demo project of Écully, with three quotes (fresh e2e seed).
      { path: '/devis/comparer/2' },
      { path: '/facture/list', follow: [/^\/facture\/\d+$/] },
      { path: '/payment/list' },
      { path: '/document' },
      { path: '/single-projet' },
      { path: '/profil' },
    ],
  },
  architecte: {
    email: 'architecte@ouvrage.test',
    screens: [
      { path: '/dashboard' },
      { path: '/entreprise/information-legale' },
      { path: '/entreprise/information-generale' },
      { path: '/entreprise/metier' },
      { path: '/entreprise/reference' },
      { path: '/entreprise/preference' },
      { path: '/entreprise/zone' },
      { path: '/list-offre' },
      // The project of Écully, whose tender the demo architect accepted (fresh e2e seed).
      { path: '/single-projet/2' },
      { path: '/gestion-produit/list' },
      { path: '/devis/list', follow: [/^\/devis\/\d+$/] },
      // The demo draft is quote 1 (fresh e2e seed); the list now opens on the newer dépannage (decision 1080).
      { path: '/devis/1/modifier' },
      { path: '/devis/new' },
      { path: '/devis/architect-validation-list' },
      { path: '/devis/parametre' },
      { path: '/facture/list', follow: [/^\/facture\/\d+$/] },
      { path: '/facture/parametre' },
      { path: '/facture/e-reporting' },
      { path: '/document' },
      { path: '/profil' },
    ],
  },
  professionnel: {
    email: 'pro@ouvrage.test',
    screens: [{ path: '/dashboard' }, { path: '/list-offre' }, { path: '/entreprise/information-legale' }, { path: '/entreprise/zone' }, { path: '/profil' }],
  },
};

/**
 * Outside French, no French connector in dates and numbers (« 28/11/2026 à 13:24 », « n° 12 »):
 * date-times and record numbers are formatted per language (decision 0923).
 */
async function expectNoFrenchConnectors(page: Page, lng: string, where: string): Promise<void> {
  if (lng === 'fr') return;
  const text = await page.locator('body').innerText();
  expect.soft(text.match(/\d{4} à \d{1,2}[:h]\d{2}|\bn° ?\d+|\bN° ?\d+/g) ?? [], `connecteurs français sur ${where}`).toEqual([]);
}

/** Check one screen, then the detail screens its links lead to, one after the other. */
async function check(page: Page, screen: Screen, lng: string): Promise<void> {
  const started = Date.now();
  await navigateInApp(page, screen.path);
  const drawn = Date.now();
  if (withAxe(lng)) await expectNoSeriousA11yViolations(page, `${screen.path} (${lng})`);
  await expectNoFrenchConnectors(page, lng, `${screen.path} (${lng})`);
  if (process.env.A11Y_TIMING) console.log(`${screen.path} ${lng}: drawn ${drawn - started} ms, axe ${Date.now() - drawn} ms`);
  for (const pattern of screen.follow ?? []) {
    // The list may still be loading (the English walk runs no axe that would have waited for it).
    let target: string | undefined;
    for (let waited = 0; !target && waited <= 20_000; waited += 500) {
      if (waited) await page.waitForTimeout(500);
      const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      target = typeof pattern === 'function' ? pattern(new URL(page.url()).pathname) : hrefs.find((href) => pattern.test(href));
    }
    expect.soft(target, `un lien ${pattern} sur ${page.url()}`).toBeDefined();
    if (!target) break;
    await navigateInApp(page, target);
    if (withAxe(lng)) await expectNoSeriousA11yViolations(page, `${target} (${lng})`);
    await expectNoFrenchConnectors(page, lng, `${target} (${lng})`);
  }
}

/** One context for the walk: the app is loaded once in the language, the screens are reached inside it. */
async function walk(browser: Browser, screens: Screen[], lng: string, email?: string): Promise<void> {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  if (email) await loginAs(page, email);
  await page.goto(`${email ? '/dashboard' : '/'}?lng=${lng}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
  await waitForScreen(page);
  for (const screen of screens) await check(page, screen, lng);
  await context.close();
}

// One test per walk and language: the walks share the browsers evenly (decision 1110).
const NAMES = { fr: 'French', ar: 'Arabic', en: 'English' } as const;

for (const lng of LANGUAGES) {
  const what = withAxe(lng) ? 'no serious or critical axe-core violation' : 'no French connector';
  test(`public pages: ${what}, in ${NAMES[lng]}`, async ({ browser }) => {
    test.setTimeout(600_000);
    await walk(browser, PUBLIC, lng);
  });

  for (const [role, { email, screens }] of Object.entries(ROLES)) {
    test(`${role}'s screens: ${what}, in ${NAMES[lng]}`, async ({ browser }) => {
      test.setTimeout(600_000);
      await walk(browser, screens, lng, email);
    });
  }
}
