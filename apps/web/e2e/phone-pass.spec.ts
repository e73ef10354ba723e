import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, horizontalOverflow, navigateInApp, offScreenActions, waitForScreen } from './a11y';
import { loginAs } from './support';

/**
 * The client's and the architect's main screens on a 375 px phone, in French and Arabic (issue 36
 * §2, decision 1204): no screen scrolls sideways, no visible button or link lies outside the
 * screen's width, and axe-core finds no serious or critical violation. Lists are cards there, quote
 * and invoice lines too. The demo accounts are only read; a screen reached through an id is found
 * by following the first link of its list.
 */

interface Screen {
  path: string;
  /** After the check, visit the first link whose path matches (a detail screen of the list). */
  follow?: RegExp;
}

const ROLES: Record<string, { email: string; screens: Screen[] }> = {
  client: {
    email: 'client@ouvrage.test',
    screens: [
      { path: '/dashboard' },
      { path: '/single-projet', follow: /^\/single-projet\/\d+$/ },
      { path: '/devis/list', follow: /^\/devis\/\d+$/ },
      { path: '/facture/list', follow: /^\/facture\/\d+$/ },
      { path: '/payment/list' },
      { path: '/document' },
      { path: '/profil' },
    ],
  },
  architecte: {
    email: 'architecte@ouvrage.test',
    screens: [
      { path: '/dashboard' },
      { path: '/list-offre' },
      { path: '/list-offre?onglet=projets' },
      { path: '/list-offre?onglet=clients' },
      // The project of Écully, whose tender the demo architect accepted (fresh e2e seed).
      { path: '/single-projet/2' },
      { path: '/devis/list', follow: /^\/devis\/\d+$/ },
      { path: '/facture/list', follow: /^\/facture\/\d+$/ },
      { path: '/gestion-produit/list' },
      { path: '/document' },
      { path: '/profil' },
    ],
  },
};

const PHONE = { width: 375, height: 812 };

/** One screen as it is now: sideways scroll, actions off the screen, axe-core. */
async function checkScreen(page: Page, where: string): Promise<void> {
  expect.soft(await horizontalOverflow(page), `défilement horizontal sur ${where}`).toBeLessThanOrEqual(0);
  expect.soft(await offScreenActions(page), `actions hors de l'écran sur ${where}`).toEqual([]);
  await expectNoSeriousA11yViolations(page, where);
  await page.screenshot({ path: test.info().outputPath(`${where.replace(/[^a-z0-9]+/gi, '-')}.png`), fullPage: true });
}

async function walk(browser: Browser, email: string, screens: Screen[], lng: string): Promise<void> {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await loginAs(page, email);
  await page.goto(`/dashboard?lng=${lng}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
  await waitForScreen(page);
  for (const screen of screens) {
    await navigateInApp(page, screen.path);
    await checkScreen(page, `${screen.path} (${lng})`);
    if (!screen.follow) continue;
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    const target = hrefs.find((href) => screen.follow!.test(href));
    expect.soft(target, `un lien ${screen.follow} sur ${screen.path} (${lng})`).toBeDefined();
    if (!target) continue;
    await navigateInApp(page, target);
    await checkScreen(page, `${target} (${lng})`);
  }
  await context.close();
}

const NAMES = { fr: 'French', ar: 'Arabic' } as const;

for (const lng of ['fr', 'ar'] as const) {
  for (const [role, { email, screens }] of Object.entries(ROLES)) {
    test(`${role}'s main screens at 375 px in ${NAMES[lng]}: no sideways scroll, no action off the screen, no serious axe violation`, async ({ browser }) => {
      test.setTimeout(600_000);
      await walk(browser, email, screens, lng);
    });
  }
  // The quote editor: its lot and line buttons go under the title on a phone (they lay past the edge before).
  test(`the architect's quote editor at 375 px in ${NAMES[lng]}: no sideways scroll, no action off the screen, no serious axe violation`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    await walk(browser, ROLES.architecte.email, [{ path: '/devis/1/modifier' }], lng);
  });
}

/** The names a card shows above its cells (the `::before` of the shown cells with a `data-label`), in order. */
async function cardLabels(row: Locator): Promise<string[]> {
  return row.locator('[data-label]').evaluateAll((cells) =>
    cells
      .filter((cell) => (cell as HTMLElement).checkVisibility())
      .map((cell) => /^"([^"]*)"/.exec(getComputedStyle(cell, '::before').content)?.[1] ?? '')
      .filter(Boolean),
  );
}

test("the client's invoices on a phone: one card per invoice with its number, status, amounts and « Payer » while a balance is due", async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await loginAs(page, 'client@ouvrage.test');
  await navigateInApp(page, '/facture/list');
  const table = page.getByTestId('invoices-table');
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  // Cards: the column headers are out of sight, the figures named in the card, one card under the other.
  await expect(table.locator('thead')).toHaveCSS('position', 'absolute');
  const first = rows.first();
  await expect(first).toHaveCSS('display', 'flex');
  expect(await cardLabels(first)).toEqual(['Projet', 'Montant TTC', 'Reste à payer', 'Échéance']);
  // A column without a place in the card is left out (the kind, the issue date).
  await expect(first.locator('td:not([data-card])').first()).toBeHidden();
  const count = await rows.count();
  if (count > 1) {
    const [a, b] = [(await rows.nth(0).boundingBox())!, (await rows.nth(1).boundingBox())!];
    expect(b.y, 'les cartes sont l’une sous l’autre').toBeGreaterThanOrEqual(a.y + a.height);
  }
  // « Payer » on the invoices with a balance due, and it leads to the invoice's pay button.
  const pay = table.getByRole('link', { name: /^Payer la facture / }).first();
  await expect(pay).toBeVisible();
  const box = (await pay.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await pay.click();
  await expect(page).toHaveURL(/\/facture\/\d+\?payer=1$/);
  await expect(page.getByTestId('pay-by-card')).toBeFocused();
  await context.close();
});

test('a quote and an invoice on a phone: each line a card with its figures, at 1 366 px a table', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await loginAs(page, 'client@ouvrage.test');
  await navigateInApp(page, '/devis/list');
  await page.getByTestId('quotes-table').locator('a[href^="/devis/"]').first().click();
  const line = page.locator('[data-testid^="quote-line-"]').first();
  await expect(line).toBeVisible();
  await expect(line).toHaveCSS('display', 'flex');
  expect(await cardLabels(line)).toEqual(['Quantité', 'Unité', 'Prix unitaire HT', 'Remise', 'TVA', 'Montant HT']);
  for (const figure of await line.locator('[data-card="figure"]').all()) {
    const box = (await figure.boundingBox())!;
    expect(box.x + box.width, 'chaque chiffre de la ligne tient dans l’écran').toBeLessThanOrEqual(PHONE.width);
  }
  await page.screenshot({ path: test.info().outputPath('quote-375.png'), fullPage: true });
  const quotePath = new URL(page.url()).pathname;

  // A situation's lots (the demo client's « Situation de travaux »): each a card with its figures.
  await navigateInApp(page, '/facture/list');
  await page.getByTestId('invoices-table').locator('tbody tr').filter({ hasText: 'Situation de travaux' }).first().locator('[data-card="title"] a').click();
  const lot = page.getByTestId('invoice-lines').locator('tbody tr').first();
  await expect(lot).toHaveCSS('display', 'flex');
  expect(await cardLabels(lot)).toEqual(['Marché HT', 'Avancement', 'Précédent', 'Cumul HT']);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('situation-375.png'), fullPage: true });
  await context.close();

  // A desktop: the same screens are tables, and the client's « Payer » sits beside the balance, in sight.
  const desktop = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1366, height: 900 } });
  const wide = await desktop.newPage();
  await loginAs(wide, 'client@ouvrage.test');
  await navigateInApp(wide, quotePath);
  const row = wide.locator('[data-testid^="quote-line-"]').first();
  await expect(row).toHaveCSS('display', 'table-row');
  await expect(wide.locator('[data-testid^="quote-lot-"] thead').first()).not.toHaveCSS('position', 'absolute');
  expect(await cardLabels(row)).toEqual([]);
  await wide.screenshot({ path: test.info().outputPath('quote-1366.png'), fullPage: true });
  for (const lng of ['fr', 'ar']) {
    await wide.goto(`/facture/list?lng=${lng}`);
    await waitForScreen(wide);
    const invoices = wide.getByTestId('invoices-table');
    await expect(invoices.locator('tbody tr').first()).toHaveCSS('display', 'table-row');
    const region = (await invoices.getByRole('region').boundingBox())!;
    const pay = (await invoices.locator('[data-testid^="invoice-pay-"]').first().boundingBox())!;
    expect(pay.x >= region.x && pay.x + pay.width <= region.x + region.width, `« Payer » en vue sans défiler (${lng})`).toBe(true);
    await wide.screenshot({ path: test.info().outputPath(`invoices-1366-${lng}.png`), fullPage: true });
  }
  await desktop.close();
});
