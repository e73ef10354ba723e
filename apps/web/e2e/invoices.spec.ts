import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test } from '@playwright/test';
import { architectWithAcceptedProject, loginAs, uniqueTag, validatedQuoteThroughApi, livingRoomQuote } from './support';

// Screens load lazily: on a loaded CI machine the first paint of a fresh context may take a while.
const expect = baseExpect.configure({ timeout: 30_000 });

const SHOTS = fileURLToPath(new URL('../../../test-results/screens', import.meta.url));

test('an architect issues a deposit invoice from a validated quote; the client sees it in /facture/list and opens it (French and Arabic)', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const tag = uniqueTag();
  const { client, architect, projectId } = await architectWithAcceptedProject(request, { raison_sociale: `Atelier Garnier ${tag}` });
  const quoteId = await validatedQuoteThroughApi({ request }, architect, client, projectId, livingRoomQuote(500));
  const year = new Date().getFullYear();

  // The architect opens the validated quote and issues a 30 % deposit; the amounts follow live.
  const proContext = await browser.newContext({ locale: 'fr-FR' });
  const pro = await proContext.newPage();
  await loginAs(pro, architect.email, architect.password);
  await pro.goto(`/devis/${quoteId}`);
  await expect(pro.getByTestId('quote-status').first()).toHaveText('Validé');
  await pro.getByTestId('issue-invoice').click();
  const dialog = pro.getByRole('dialog');
  await expect(dialog.getByTestId('invoice-preview-ttc')).toContainText('1 050,00 €');
  await dialog.getByTestId('invoice-percent').fill('50');
  await expect(dialog.getByTestId('invoice-preview-ttc')).toContainText('1 750,00 €');
  await dialog.getByTestId('invoice-percent').fill('30');
  await expect(dialog.getByTestId('invoice-preview-ttc')).toContainText('1 050,00 €');
  await pro.screenshot({ path: `${SHOTS}/invoice-issue-fr.png`, fullPage: true });
  // Nothing is issued before the review of exactly what will be (decision 1060).
  await dialog.getByTestId('invoice-review-open').click();
  await expect(dialog.getByTestId('invoice-review-ttc')).toContainText('1 050,00 €');
  await expect(dialog.getByTestId('invoice-review-kind')).toContainText('Facture d’acompte');
  await dialog.getByTestId('invoice-confirm').click();
  await expect(pro).toHaveURL(/\/facture\/\d+$/);
  const invoiceId = Number(/\/facture\/(\d+)$/.exec(pro.url())![1]);
  await expect(pro.getByTestId('invoice-number')).toContainText(`F-${year}-0001`);
  await expect(pro.getByTestId('invoice-status')).toHaveText('Émise');
  await expect(pro.getByTestId('invoice-ttc')).toContainText('1 050,00 €');
  await expect(pro.getByTestId('invoice-title')).toContainText('Facture d’acompte');
  await pro.screenshot({ path: `${SHOTS}/invoice-detail-architect-fr.png`, fullPage: true });

  // A progress statement after it deducts the deposit, computed before confirming.
  await pro.goto(`/devis/${quoteId}`);
  await pro.getByTestId('issue-invoice').click();
  await pro.getByRole('dialog').getByText('Situation de travaux').click();
  await pro.getByTestId('invoice-progress-0').fill('100');
  await pro.getByTestId('invoice-progress-1').fill('50');
  await expect(pro.getByRole('dialog').getByTestId('invoice-preview')).toContainText(`F-${year}-0001`);
  // Work to date 1 100 + 1 200 = 2 300 € TTC, less the deposit 1 050 €.
  await expect(pro.getByRole('dialog').getByTestId('invoice-preview-ttc')).toContainText('1 250,00 €');
  await pro.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
  await proContext.close();

  // The client finds it in « Mes factures » and opens it; « Voir » opens the PDF in the viewer.
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await loginAs(page, client.email, client.password);
  await page.goto('/facture/list');
  await expect(page.getByRole('heading', { name: 'Mes factures' })).toBeVisible();
  const row = page.getByTestId(`invoice-row-${invoiceId}`);
  await expect(row).toContainText(`F-${year}-0001`);
  await expect(row).toContainText('Émise');
  await expect(row).toContainText('1 050,00 €');
  await page.screenshot({ path: `${SHOTS}/invoice-list-client-fr.png`, fullPage: true });
  await page.getByTestId(`invoice-link-${invoiceId}`).click();
  await expect(page).toHaveURL(new RegExp(`/facture/${invoiceId}$`));
  await expect(page.getByTestId('invoice-number')).toContainText(`F-${year}-0001`);
  await expect(page.getByTestId('invoice-credit')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/invoice-detail-client-fr.png`, fullPage: true });
  // The detail header on a phone (decision 1150): title, badge, lines and buttons wrap under each other.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId('invoice-pdf')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/invoice-detail-header-375-fr.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  const [viewer] = await Promise.all([context.waitForEvent('page'), page.getByTestId('view-document').click()]);
  await expect(viewer).toHaveURL(/\/viewpdf\?t=invoice-pdf\.\d+\.\d+\./);
  await expect(viewer.getByRole('heading', { name: `facture-F-${year}-0001.pdf` })).toBeVisible();
  // pdf.js draws the first page (slow on a loaded machine).
  await expect(viewer.locator('[data-testid="pdf-pages"] canvas').first()).toBeVisible({ timeout: 90_000 });
  await context.close();

  // In Arabic (right to left): the list and the detail.
  const arContext = await browser.newContext({ locale: 'ar' });
  const ar = await arContext.newPage();
  await loginAs(ar, client.email, client.password);
  await ar.goto('/facture/list?lng=ar');
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(ar.getByRole('heading', { name: 'فواتيري' })).toBeVisible();
  await expect(ar.getByTestId(`invoice-row-${invoiceId}`)).toContainText('صادرة');
  await ar.screenshot({ path: `${SHOTS}/invoice-list-client-ar.png`, fullPage: true });
  await ar.goto(`/facture/${invoiceId}?lng=ar`);
  await expect(ar.getByTestId('invoice-number')).toContainText(`F-${year}-0001`);
  await ar.screenshot({ path: `${SHOTS}/invoice-detail-client-ar.png`, fullPage: true });
  await ar.setViewportSize({ width: 375, height: 800 });
  await expect(ar.getByTestId('invoice-pdf')).toBeVisible();
  await ar.screenshot({ path: `${SHOTS}/invoice-detail-header-375-ar.png` });
  await arContext.close();
});
