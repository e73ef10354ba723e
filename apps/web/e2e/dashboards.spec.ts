import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { loginAs } from './support';

/**
 * The dashboards of the demo client, professional and architect (issue 12) in French, English and
 * Arabic: each widget with the demo figures, the chart's table alternative, the period selector,
 * right to left in Arabic. Screenshots go to DASHBOARD_SHOTS (test-results/screens by default).
 */
const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = process.env.DASHBOARD_SHOTS ?? fileURLToPath(new URL('../../../test-results/screens', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

type Lng = 'fr' | 'en' | 'ar';

/**
 * No serious or critical WCAG 2.1 AA violation in the dashboard's content (the main region: the
 * top bar belongs to other features and is walked by accessibility.spec.ts).
 */
async function expectNoSeriousA11yViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode(true).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} ${JSON.stringify(n.target)}`));
  expect.soft(serious, `axe-core sur ${where}`).toEqual([]);
}
const LANGUAGES: Lng[] = ['fr', 'en', 'ar'];

async function dashboardIn(page: Page, lng: Lng) {
  await page.goto(`/dashboard?lng=${lng}`);
  await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
}

const TEXTS = {
  fr: {
    nextSteps: 'Prochaines étapes',
    sign: /Signez le devis .?D-\d{4}-\d{4}/,
    answer: /Répondez au devis .?D-\d{4}-\d{4}/,
    quotes: 'Devis à accepter',
    tenders: 'Appels d’offre disponibles',
    rate: 'Taux de réponse',
    profile: 'Profil complété à',
    amounts: 'Facturé et encaissé par mois',
    table: 'Voir le tableau',
    month: 'Mois',
    pipeline: 'Devis par étape',
  },
  en: {
    nextSteps: 'Next steps',
    sign: /Sign quote .?D-\d{4}-\d{4}/,
    answer: /Answer quote .?D-\d{4}-\d{4}/,
    quotes: 'Quotes to accept',
    tenders: 'Available tenders',
    rate: 'Answer rate',
    profile: 'Profile',
    amounts: 'Invoiced and received per month',
    table: 'Show the table',
    month: 'Month',
    pipeline: 'Quotes by stage',
  },
  ar: {
    nextSteps: 'الخطوات التالية',
    sign: /وقّع عرض السعر/,
    answer: /أجب على عرض السعر/,
    quotes: 'عروض أسعار بانتظار القبول',
    tenders: 'طلبات العروض المتاحة',
    rate: 'نسبة الرد',
    profile: 'اكتمل الملف',
    amounts: 'المفوتر والمحصّل شهريًا',
    table: 'عرض الجدول',
    month: 'الشهر',
    pipeline: 'عروض الأسعار حسب المرحلة',
  },
} as const;

test.describe.configure({ timeout: 240_000 });

test('the client’s dashboard: next steps, quotes to accept, documents to sign, invoices to pay, projects', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(page, 'client@ouvrage.test');
  for (const lng of LANGUAGES) {
    const text = TEXTS[lng];
    await dashboardIn(page, lng);
    const steps = page.getByTestId('next-steps');
    await expect(steps.getByRole('heading', { name: text.nextSteps })).toBeVisible();
    await expect(steps).toContainText(text.sign);
    await expect(steps).toContainText(text.answer);
    await expect(page.getByTestId('quotes-awaiting').getByRole('heading', { name: text.quotes })).toBeVisible();
    await expect(page.getByTestId('quotes-awaiting-figure')).toHaveText('3');
    // The demo's two documents to sign, and the finished contract's DGD (decision 1222).
    await expect(page.getByTestId('documents-to-sign-figure')).toHaveText('3');
    await expect(
      page
        .getByTestId('invoices-to-pay')
        .getByRole('link', { name: /F-\d{4}-\d{4}/ })
        .first(),
    ).toBeVisible();
    await expect(page.getByTestId('client-projects').locator('[data-testid^="project-card-"]')).toHaveCount(6);
    await page.screenshot({ path: `${SHOTS}/dashboard-client-${lng}.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page, `dashboard client ${lng}`);
  }
  // Opened again by the returning user, the dashboard shows its figures in its first render: no
  // section ever shows its loader (its figures are in the cache first, decision 0971).
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('main [data-testid="screen-loader"]')) (window as unknown as { loaderSeen: boolean }).loaderSeen = true;
    }).observe(document, { subtree: true, childList: true });
  });
  await dashboardIn(page, 'fr');
  await expect(page.getByTestId('quotes-awaiting-figure')).toHaveText('3');
  expect(await page.evaluate(() => (window as unknown as { loaderSeen?: boolean }).loaderSeen ?? false), 'a section loader showed').toBe(false);
  // A next step leads where it is done.
  await page.getByTestId('next-steps').getByRole('link', { name: TEXTS.fr.sign }).click();
  await expect(page).toHaveURL(/\/devis\/\d+$/);
});

test('the professional’s dashboard: available tenders, accepted projects, answer rate, profile checklist', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(page, 'pro@ouvrage.test');
  for (const lng of LANGUAGES) {
    const text = TEXTS[lng];
    await dashboardIn(page, lng);
    await expect(page.getByTestId('available-tenders').getByRole('heading', { name: text.tenders })).toBeVisible();
    await expect(page.getByTestId('available-tenders-figure')).toHaveText('1');
    await expect(page.getByTestId('answer-rate').getByRole('heading', { name: text.rate })).toBeVisible();
    await expect(page.getByTestId('answer-rate-figure')).toContainText('50');
    await expect(page.getByTestId('profile-checklist')).toContainText(text.profile);
    await expect(page.getByTestId('profile-item-decennale').getByRole('link')).toHaveAttribute('href', '/entreprise/information-legale');
    await page.screenshot({ path: `${SHOTS}/dashboard-pro-${lng}.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page, `dashboard pro ${lng}`);
  }
  await dashboardIn(page, 'fr');
  await page.getByTestId('profile-item-decennale').getByRole('link').click();
  await expect(page).toHaveURL(/\/entreprise\/information-legale$/);
});

test('the architect’s dashboard: tenders and profile, then quotes by stage, conversion, invoiced and received per month with a table, periods', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(page, 'architecte@ouvrage.test');
  for (const lng of LANGUAGES) {
    const text = TEXTS[lng];
    await dashboardIn(page, lng);
    await expect(page.getByTestId('professional-dashboard')).toBeVisible();
    const amounts = page.getByTestId('amounts-per-month');
    await expect(amounts.getByRole('heading', { name: text.amounts })).toBeVisible();
    await expect(page.getByTestId('amounts-per-month-chart').locator('svg.recharts-surface').first()).toBeVisible();
    await expect(page.getByTestId('quote-pipeline').getByRole('heading', { name: text.pipeline })).toBeVisible();
    // 5 of 9 sent quotes signed in the demo data (decisions 1080, 1224: the chantier and the finished contract).
    await expect(page.getByTestId('conversion-figure')).toContainText(/55[,.]6/);
    await page.screenshot({ path: `${SHOTS}/dashboard-architect-${lng}.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page, `dashboard architect ${lng}`);

    // The chart's table: twelve months, the demo invoices in their month (the amounts follow the
    // demo's dates and avoirs, decision 1080: any month invoiced, not a fixed figure).
    await amounts.getByRole('button', { name: text.table }).click();
    const table = page.getByTestId('amounts-per-month-table');
    await expect(table.getByRole('columnheader', { name: text.month })).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(12);
    const invoiced = await table.locator('tbody tr > :nth-child(2)').allInnerTexts();
    expect(
      invoiced.some((cell) => /[1-9]/.test(cell)),
      `un mois facturé parmi ${invoiced.join(' | ')}`,
    ).toBe(true);
    await page.getByTestId('quote-pipeline').getByRole('button', { name: text.table }).click();
    await expect(page.getByTestId('quote-pipeline-table').locator('tbody tr')).toHaveCount(4);
    await page.screenshot({ path: `${SHOTS}/dashboard-architect-tables-${lng}.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page, `dashboard architect tables ${lng}`);
  }

  // Periods: 6 months, then a calendar year.
  await dashboardIn(page, 'fr');
  await page.getByTestId('period-select').click();
  await page.getByRole('option', { name: '24 derniers mois' }).click();
  await page.getByTestId('amounts-per-month').getByRole('button', { name: 'Voir le tableau' }).click();
  await expect(page.getByTestId('amounts-per-month-table').locator('tbody tr')).toHaveCount(24);
  await page.getByTestId('period-select').click();
  await page.getByRole('option', { name: `Année ${new Date().getFullYear() - 1}` }).click();
  await expect(page.getByTestId('amounts-totals')).toContainText(/Facturé : .?0,00 €/);
});
