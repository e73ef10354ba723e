import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { DEMO_ADMIN, loginAs } from './support';

/**
 * Price references (issue 40), read by the demo client on the comparison of the quotes of his
 * project at Écully (Rhône), and kept by the demo admin: trends, coverage, an outlier excluded
 * then reintegrated. The demo seed's architects price the same lines in the Rhône and elsewhere,
 * and the server computes the figures once the demo is seeded.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? fileURLToPath(new URL('../../../test-results/screens', import.meta.url));
const PHONE = { width: 375, height: 812 };
const PLACEMENTS_FR = ['Dans la fourchette habituelle', 'Au-dessus de la fourchette habituelle', 'En dessous de la fourchette habituelle'];
const PLACEMENTS_AR = ['ضمن النطاق المعتاد', 'أعلى من النطاق المعتاد', 'أقل من النطاق المعتاد'];

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: PHONE, isMobile: true, hasTouch: true });
  return context.newPage();
}

/** Nothing wider than the screen: the page does not scroll sideways on a phone. */
async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

/** Every lot of every compared quote says where it falls, in words; at least one has a reference. */
async function expectPlacements(page: Page, words: string[], none: string) {
  const lots = page.getByTestId('price-comparison').getByTestId('price-lot');
  await expect(lots.first()).toBeVisible();
  const count = await lots.count();
  let placed = 0;
  for (let i = 0; i < count; i += 1) {
    const lot = lots.nth(i);
    const placement = await lot.getAttribute('data-placement');
    const badge = lot.getByTestId('price-placement');
    if (placement === 'none') {
      await expect(badge).toHaveText(none);
      continue;
    }
    placed += 1;
    await expect(badge).toHaveText(words[['within', 'above', 'below'].indexOf(placement!)]!);
    // How many of the lot's lines are compared: « Lignes comparées : 2 sur 3 ».
    await expect(lot.getByTestId('price-lot-lines')).toHaveText(/\d+/);
  }
  expect(placed, 'des lots situés par rapport aux prix de référence').toBeGreaterThan(0);
}

test('the demo client reads where each lot of his quotes falls against the zone’s prices, in French then Arabic, on a phone', async ({ browser }) => {
  const page = await phonePage(browser);
  await loginAs(page, 'client@ouvrage.test');
  // Project 2 is the demo project of Écully (Rhône), with its quotes (fresh e2e seed, as accessibility.spec).
  await page.goto('/devis/comparer/2');
  const section = page.getByTestId('price-comparison');
  await expect(section.getByRole('heading', { name: 'Vos devis face aux prix habituels de la zone' })).toBeVisible();
  // One explanation of the range, for the whole section.
  const explanation = section.getByTestId('price-range-explanation');
  await expect(explanation).toHaveCount(1);
  await expect(explanation).toContainText(
    'La fourchette habituelle va du quart des devis les moins chers au quart des plus chers pour des travaux comparables',
  );
  await expect(explanation).toContainText('Rhône');
  await expect(explanation).toContainText('sur les 12 derniers mois ; elle vient d’au moins 5 devis de 3 architectes, sans aucun nom ni projet.');
  await expectPlacements(page, PLACEMENTS_FR, 'Pas de référence');
  // No other architect's name in the section: only the client's own quotes, by their numbers.
  for (const name of ['Vasseur', 'Perrin', 'Benhamou', 'Charvet', 'Jacquier', 'Aubert', 'Marchal']) await expect(section).not.toContainText(name);
  await expectNoSideScroll(page);
  await expectNoSeriousA11yViolations(page);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/price-comparison-client-phone-fr.png`, fullPage: true });

  await page.goto('/devis/comparer/2?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('price-range-explanation')).toContainText('يمتد النطاق المعتاد من ربع عروض الأسعار الأرخص');
  await expectPlacements(page, PLACEMENTS_AR, 'لا يوجد مرجع');
  // Amounts stay left to right inside the Arabic sentence (each in its own isolate).
  const amounts = await page.getByTestId('price-lot-amounts').first().textContent();
  expect(amounts).toMatch(/\u2066[^\u2069]*€[^\u2069]*\u2069/);
  await expectNoSideScroll(page);
  await page.screenshot({ path: `${SHOTS}/price-comparison-client-phone-ar.png`, fullPage: true });

  // On a desktop too.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/devis/comparer/2?lng=fr');
  await expectPlacements(page, PLACEMENTS_FR, 'Pas de référence');
  await page.screenshot({ path: `${SHOTS}/price-comparison-client-desktop-fr.png`, fullPage: true });
  await page.context().close();
});

test('the admin reads the trends and the coverage, recalculates, and excludes an outlier with a reason then reintegrates it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, DEMO_ADMIN);
  await page.getByTestId('side-menu').locator('[data-menu-path="/prix-de-reference"]').click();
  await expect(page).toHaveURL(/\/prix-de-reference$/);
  await expect(page.getByRole('heading', { name: 'Prix de référence', level: 1 })).toBeVisible();

  // Coverage: the share of the last 12 months' lines that have a reference, per lot, and the last run.
  const coverage = page.getByTestId('price-coverage');
  await expect(coverage.getByTestId('price-coverage-total')).toContainText(
    /\d+ lignes sur \d+ des devis envoyés ces 12 derniers mois ont un prix de référence/,
  );
  await expect(coverage.getByTestId('price-coverage-table')).toBeVisible();
  await expect(coverage.getByTestId('price-last-run')).toContainText('Dernier calcul le');

  // Recalculate now: the counts come back.
  await page.getByTestId('price-refresh').click();
  await expect(page.getByText(/Recalcul terminé : \d+ devis lus, \d+ lignes recalculées, \d+ références publiées\./)).toBeVisible();

  // Trends in the Rhône: a chart per line, with its table.
  const trends = page.getByTestId('price-trends');
  await trends
    .locator('label')
    .filter({ hasText: /^Département$/ })
    .click();
  await trends.getByLabel('Zone', { exact: true }).click();
  await page.getByRole('option', { name: '69 — Rhône' }).click();
  const chart = trends.getByTestId('price-trend').first();
  await expect(chart).toBeVisible();
  await expect(chart.getByTestId('price-trend-chart').locator('svg.recharts-surface').first()).toBeVisible();
  await expect(chart.getByTestId('price-trend-chart')).toHaveAttribute('aria-label', /médiane de/);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/price-references-admin-desktop-fr.png`, fullPage: true });
  await chart.getByTestId('price-trend-toggle').click();
  await expect(chart.getByTestId('price-trend-table').getByRole('columnheader', { name: 'Médiane' })).toBeVisible();
  await expect(chart.getByTestId('price-trend-table').locator('tbody tr').first()).toContainText('€');

  // An outlier excluded with a reason…
  const outliers = page.getByTestId('price-outliers');
  const candidate = outliers
    .locator('tr[data-testid^="price-outlier-"]')
    .filter({ has: page.getByTestId('price-outlier-exclude') })
    .first();
  await expect(candidate).toBeVisible();
  const rowId = await candidate.getAttribute('data-testid');
  await candidate.getByTestId('price-outlier-exclude').click();
  const dialog = page.getByRole('dialog', { name: 'Écarter ce prix des références' });
  await dialog.getByTestId('price-exclusion-reason').fill('Prix saisi dix fois trop haut : erreur de virgule.');
  await dialog.getByTestId('price-exclusion-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(outliers.getByTestId(rowId!)).toHaveCount(0);
  await outliers
    .locator('label')
    .filter({ hasText: /^Écartés$/ })
    .click();
  const excluded = outliers.getByTestId(rowId!);
  await expect(excluded.getByTestId('price-outlier-reason')).toHaveText('Prix saisi dix fois trop haut : erreur de virgule.');
  await expect(excluded.getByTestId('price-outlier-status')).toHaveText('Écarté');
  // …then reintegrated: back among the candidates.
  await excluded.getByTestId('price-outlier-restore').click();
  await expect(outliers.getByTestId(rowId!)).toHaveCount(0);
  await outliers
    .locator('label')
    .filter({ hasText: /^À examiner$/ })
    .click();
  await expect(outliers.getByTestId(rowId!).getByTestId('price-outlier-status')).toHaveText('Atypique');

  // The page in Arabic, on a phone: lists as cards, charts and tables inside the screen.
  await page.setViewportSize(PHONE);
  await page.goto('/prix-de-reference?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'الأسعار المرجعية', level: 1 })).toBeVisible();
  await expect(page.getByTestId('price-trend').first()).toBeVisible();
  await expect(page.getByTestId('price-outliers').locator('tr[data-testid^="price-outlier-"]').first()).toBeVisible();
  await expectNoSideScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/price-references-admin-phone-ar.png`, fullPage: true });
});
