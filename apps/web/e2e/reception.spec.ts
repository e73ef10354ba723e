import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test } from '@playwright/test';
import {
  architectWithAcceptedProject,
  lastSigningCode,
  loginAs,
  signaturePngDataUrl,
  uniqueTag,
  validatedQuoteThroughApi,
  quoteLine,
  type ContractQuote,
  readToTheEnd,
} from './support';

// Screens load lazily: on a loaded machine the first paint of a fresh context may take a while.
const expect = baseExpect.configure({ timeout: 30_000 });

const SHOTS = process.env.RECEPTION_SHOTS ?? fileURLToPath(new URL('../../../test-results/screens', import.meta.url));

/** The contract the réception starts from: two lots at 20 %, 1 800 € TTC, 5 % retenue. */
const bathroomQuote: ContractQuote = {
  title: 'Rénovation de la salle de bains',
  lots: [
    { title: 'Plomberie', lines: [quoteLine('Douche à l’italienne', 100_000, 2000)] },
    { title: 'Carrelage', lines: [quoteLine('Faïence murale', 50_000, 2000)] },
  ],
  payment_terms: 'Solde à la réception des travaux.',
  retention_bp: 500,
  expected_totals: { total_ht_cents: 150_000, total_tva_cents: 30_000, total_ttc_cents: 180_000 },
};

const photoPng = () => Buffer.from(signaturePngDataUrl().split(',')[1], 'base64');

test('the architect records a réception with a reservation and its photo, the client signs the PV, the reservation is lifted; French and Arabic', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  const setup = await browser.newContext();
  const setupPage = await setup.newPage();
  const { client, architect, projectId } = await architectWithAcceptedProject(setupPage.request, { raison_sociale: `Atelier Réception ${uniqueTag()}` });
  const quoteId = await validatedQuoteThroughApi(setupPage, architect, client, projectId, bathroomQuote);
  // The balance invoice withholds the 5 % retenue (90,00 €).
  const balance = await setupPage.request.post('/api/facture', {
    headers: architect.headers,
    data: { quote_id: quoteId, kind: 'solde', payment_delay_days: 30 },
  });
  expect(balance.status(), await balance.text()).toBe(201);
  const invoiceId = (await balance.json()).data.id as number;
  await setup.close();

  // The architect: from the validated quote to the réception form, one reservation with a photo.
  const proContext = await browser.newContext({ locale: 'fr-FR' });
  const pro = await proContext.newPage();
  await loginAs(pro, architect.email, architect.password);
  await pro.goto(`/devis/${quoteId}`);
  await pro.getByTestId('quote-reception-link').click();
  await expect(pro).toHaveURL(new RegExp(`/devis/${quoteId}/reception$`));
  await expect(pro.getByTestId('reception-form')).toBeVisible();
  await pro.getByTestId('reception-kind').getByText('Avec réserves').click();
  await pro.getByTestId('reservation-lot-0').click();
  await pro.getByRole('option', { name: 'Carrelage' }).click();
  await pro.getByTestId('reservation-description-0').fill('Joints de la faïence à reprendre derrière le lavabo');
  await pro.getByTestId('reservation-draft-0').locator('input[type="file"]').setInputFiles({ name: 'faience.png', mimeType: 'image/png', buffer: photoPng() });
  await expect(pro.getByTestId('reservation-draft-0')).toContainText('faience.png');
  await pro.screenshot({ path: `${SHOTS}/reception-form-fr.png`, fullPage: true });
  await pro.getByTestId('reception-submit').click();
  await expect(pro.getByTestId('reception-card')).toBeVisible();
  await expect(pro.getByTestId('reception-kind-badge')).toHaveText('Avec réserves');
  await expect(pro.getByTestId('reception-status')).toHaveText('Procès-verbal à signer');
  await expect(pro.getByTestId('reservation-0')).toContainText('Carrelage');
  await expect(pro.getByTestId('reservation-0')).toContainText('Voir la photo de la réserve n° 1');
  await expect(pro.getByTestId('retention-state')).toHaveText('En attente du procès-verbal signé');
  await expect(pro.getByTestId('retention-amount')).toContainText('90,00 €');

  // The client signs the PV with the quotes' signing steps.
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await loginAs(page, client.email, client.password);
  await page.goto(`/devis/${quoteId}/reception`);
  await expect(page.getByTestId('reception-status')).toHaveText('Procès-verbal à signer');
  await page.screenshot({ path: `${SHOTS}/reception-client-fr.png`, fullPage: true });
  await page.getByTestId('reception-sign').click();
  await expect(page).toHaveURL(new RegExp(`/devis/${quoteId}/reception/signer$`));
  await page.getByTestId('signing-send-code').click();
  await expect(page.getByTestId('signing-code-timer')).toContainText('Code valable encore');
  const code = await lastSigningCode(page, client.email);
  await page.getByTestId('signing-code-input').locator('input').first().click();
  await page.keyboard.type(code);
  await expect(page.getByTestId('signing-read')).toBeVisible();
  await readToTheEnd(page);
  await page.getByTestId('signing-accept').check();
  const canvas = page.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 24; i += 1) await page.mouse.move(box.x + 30 + i * 10, box.y + box.height * (0.7 - 0.4 * Math.sin(i / 3)), { steps: 2 });
  await page.mouse.up();
  await page.screenshot({ path: `${SHOTS}/reception-signing-fr.png`, fullPage: true });
  await page.getByTestId('signing-submit').click();
  await expect(page.getByTestId('signing-done')).toContainText('Document signé', { timeout: 60_000 });
  await page.goto(`/devis/${quoteId}/reception`);
  await expect(page.getByTestId('reception-status')).toHaveText('Procès-verbal signé');
  await expect(page.getByTestId('reception-sign')).toHaveCount(0);
  await context.close();

  // The architect lifts the reservation; the retenue waits for its date, one year after the réception.
  await pro.reload();
  await expect(pro.getByTestId('reception-status')).toHaveText('Procès-verbal signé');
  await expect(pro.getByTestId('retention-state')).toHaveText('Bloquée : réserves à lever');
  await expect(pro.getByTestId('retention-release')).toBeDisabled();
  await pro.getByTestId('reservation-lift-0').click();
  await pro.getByTestId('lift-confirm').click();
  await expect(pro.getByTestId('reservation-0')).toContainText('Levée le');
  await expect(pro.getByTestId('retention-state')).toHaveText('Retenue jusqu’à la date de libération');
  await expect(pro.getByTestId('retention-date')).toContainText('Libérable à partir du');
  await expect(pro.getByTestId('retention-release')).toBeDisabled();
  await pro.screenshot({ path: `${SHOTS}/reception-architect-fr.png`, fullPage: true });
  // The invoice shows the release date too.
  await pro.goto(`/facture/${invoiceId}`);
  await expect(pro.getByTestId('invoice-reception')).toContainText('Libérable à partir du');
  await proContext.close();

  // In Arabic (right to left): the client's réception and invoice.
  const arContext = await browser.newContext({ locale: 'ar' });
  const ar = await arContext.newPage();
  await loginAs(ar, client.email, client.password);
  await ar.goto(`/devis/${quoteId}/reception?lng=ar`);
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(ar.getByTestId('reception-status')).toHaveText('محضر موقّع');
  await expect(ar.getByTestId('reception-kind-badge')).toHaveText('مع تحفظات');
  await ar.screenshot({ path: `${SHOTS}/reception-client-ar.png`, fullPage: true });
  await ar.goto(`/facture/${invoiceId}?lng=ar`);
  await expect(ar.getByTestId('invoice-reception')).toContainText('قابل للإفراج ابتداءً من');
  await ar.screenshot({ path: `${SHOTS}/reception-invoice-ar.png`, fullPage: true });
  await arContext.close();
});
