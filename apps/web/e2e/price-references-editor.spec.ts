import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin, loginAs } from './support';

/**
 * Issue 40 « Prix de référence » in the quote editor: the demo architect's new quote at Écully
 * (Rhône, 69) finds the references of the demo data's lines (other demo architects' sent quotes),
 * shows each line's sentence and where its price falls, sets a new line's price to the median in one
 * click, and compares the lot and the quote; then the same in Arabic on a phone.
 *
 * « Données propres »: the spec makes its own draft quote and reads only it (the demo architect's
 * participation is read, never changed).
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? fileURLToPath(new URL('../../../test-results/screens', import.meta.url));
const ARCHITECT = 'architecte@ouvrage.test';

const status = (page: Page) => page.getByTestId('autosave-status');

async function addFreeLine(page: Page, lot: Locator, line: { designation: string; quantity: string; unit: string }) {
  await lot.getByRole('button', { name: 'Ajouter une ligne libre' }).click();
  const row = lot.getByTestId('quote-line').last();
  await row.getByLabel('Désignation').fill(line.designation);
  await row.getByLabel('Quantité').fill(line.quantity);
  await row.getByRole('textbox', { name: 'Unité' }).click();
  await page.getByRole('option', { name: line.unit, exact: true }).click();
  return row;
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/price-references-${name}.png`, fullPage: true });
}

test('the demo architect sees the Rhône’s reference prices in his quote, uses a median, and compares the lot and the quote — in French and in Arabic', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const demo = await apiLogin(request, ARCHITECT);
  const projects = (await (await request.get('/api/devis/projets', { headers: demo.headers })).json()).data as Array<{
    project_id: number;
    site_address: { postcode: string } | null;
  }>;
  const ecully = projects.find((p) => p.site_address?.postcode === '69130');
  expect(ecully, 'le projet d’Écully (69) parmi ceux que l’architecte de démo peut chiffrer').toBeDefined();

  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(page, ARCHITECT);
  await page.goto(`/devis/new?project=${ecully!.project_id}`);
  await page.getByLabel('Objet du devis').fill('Cuisine et peintures, prix de référence');
  await expect(page).toHaveURL(/\/devis\/\d+\/modifier$/, { timeout: 20_000 });
  const quoteId = Number(/\/devis\/(\d+)\/modifier/.exec(page.url())![1]);
  await expect(page.getByRole('link', { name: 'Voir la fiche du devis' })).toBeVisible({ timeout: 20_000 });

  // Two lots of the demo data's lines, typed as free lines without a price.
  const tiles = page.getByTestId('quote-lot').first();
  await tiles.getByRole('textbox', { name: /Titre du lot 1/ }).fill('Revêtements');
  const tiling = await addFreeLine(page, tiles, { designation: 'Carrelage grès cérame 60×60, pose droite', quantity: '20', unit: 'm²' });
  await page.getByRole('button', { name: 'Ajouter un lot' }).click();
  const paint = page.getByTestId('quote-lot').nth(1);
  await paint.getByRole('textbox', { name: /Titre du lot 2/ }).fill('Peinture');
  const painting = await addFreeLine(page, paint, { designation: 'Peinture acrylique mate, deux couches', quantity: '120', unit: 'm²' });

  // The sentence of each line: the Rhône's figures over 12 months; no placement while there is no price.
  const sentence = tiling.getByTestId('price-reference-sentence');
  await expect(sentence).toContainText(/^Prix de référence dans le .?Rhône.? : .+ HT \/ .?m².? \(médiane .+, \d+ devis\)$/, { timeout: 20_000 });
  await expect(painting.getByTestId('price-reference-sentence')).toContainText('Prix de référence dans le');
  await expect(tiling.getByTestId('price-placement')).toHaveCount(0);

  // « Utiliser la médiane »: the price field takes it, the line is within the usual range.
  await tiling.getByRole('button', { name: /^Utiliser la médiane/ }).click();
  await expect(tiling.getByLabel('Prix unitaire HT')).not.toHaveValue('');
  await expect(tiling.getByTestId('price-placement')).toHaveAttribute('data-placement', 'within');
  await expect(tiling.getByTestId('price-placement')).toHaveText(/Votre prix est dans la fourchette habituelle/);
  await expect(tiles.getByTestId('lot-price-reference')).toContainText('Lot dans la fourchette de référence (');
  await expect(tiles.getByTestId('lot-price-reference')).toContainText('sur la médiane), 1 ligne sur 1');

  // A price well above: the line and the lot say so, at once.
  await tiling.getByLabel('Prix unitaire HT').fill('95');
  await expect(tiling.getByTestId('price-placement')).toHaveAttribute('data-placement', 'above');
  await expect(tiling.getByTestId('price-placement')).toHaveText(/Votre prix est au-dessus de la fourchette/);
  await expect(tiles.getByTestId('lot-price-reference')).toContainText(
    /^▲ Lot au-dessus de la fourchette de référence \(.\+\d+\s%.? sur la médiane\), 1 ligne sur 1$/,
  );
  const quoteSummary = page.getByTestId('quote-price-reference');
  await expect(quoteSummary).toContainText('Devis au-dessus de la fourchette de référence');
  await expect(quoteSummary).toContainText('1 ligne sur 2');
  // The painting line keeps its median button for the Arabic part: the draft is saved as it is.
  await expect(painting.getByRole('button', { name: /^Utiliser la médiane/ })).toBeVisible();
  await expect(status(page)).toContainText('Enregistré à', { timeout: 20_000 });
  await tiling.scrollIntoViewIfNeeded();
  await shoot(page, 'fr-1366');
  await page.setViewportSize({ width: 375, height: 800 });
  await tiling.scrollIntoViewIfNeeded();
  await shoot(page, 'fr-375');

  // Arabic on a phone: the same quote, right to left, amounts in their order.
  await page.goto(`/devis/${quoteId}/modifier?lng=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arPaint = page.getByTestId('quote-lot').nth(1);
  const arPainting = arPaint.getByTestId('quote-line').first();
  await expect(arPainting.getByTestId('price-reference-sentence')).toContainText('السعر المرجعي في', { timeout: 20_000 });
  await expect(arPainting.getByTestId('price-reference-sentence')).toContainText(/من .+ إلى .+ دون ضريبة لكل/);
  await arPainting.getByRole('button', { name: /^استخدام الوسيط/ }).click();
  await expect(arPainting.getByTestId('price-placement')).toHaveAttribute('data-placement', 'within');
  await expect(arPainting.getByTestId('price-placement')).toHaveText(/سعرك ضمن النطاق المعتاد/);
  await expect(arPaint.getByTestId('lot-price-reference')).toContainText('الحصة ضمن النطاق المرجعي');
  await expect(page.getByTestId('quote-price-reference')).toContainText('عرض السعر');
  await expect(page.getByTestId('quote-price-reference')).toContainText('بندان من 2');
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await arPainting.scrollIntoViewIfNeeded();
  await shoot(page, 'ar-375');
  await page.setViewportSize({ width: 1366, height: 900 });
  await arPainting.scrollIntoViewIfNeeded();
  await shoot(page, 'ar-1366');
});
