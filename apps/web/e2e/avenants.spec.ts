import { expect as baseExpect, test } from '@playwright/test';
import { architectWithAcceptedProject, loginAs, uniqueTag, validatedQuoteThroughApi, quoteLine, type ContractQuote, signThroughScreen } from './support';

// Screens load lazily: on a loaded machine the first paint of a fresh context may take a while.
const expect = baseExpect.configure({ timeout: 30_000 });

/** The contract: one lot at 10 %, 1 100 € TTC. */
const kitchenQuote: ContractQuote = {
  title: 'Rénovation de la cuisine',
  lots: [{ title: 'Électricité', lines: [quoteLine('Tableau électrique', 100_000, 1000)] }],
  payment_terms: 'Solde à la réception des travaux.',
  retention_bp: 0,
  expected_totals: { total_ht_cents: 100_000, total_tva_cents: 10_000, total_ttc_cents: 110_000 },
};

test('the architect drafts and sends an avenant on a validated quote, the client signs it, the contract is amended; French and Arabic', async ({ browser }) => {
  test.setTimeout(300_000);
  const setup = await browser.newContext();
  const setupPage = await setup.newPage();
  const { client, architect, projectId } = await architectWithAcceptedProject(setupPage.request, { raison_sociale: `Atelier Avenant ${uniqueTag()}` });
  const quoteId = await validatedQuoteThroughApi(setupPage, architect, client, projectId, kitchenQuote);
  await setup.close();

  // The architect: « Nouvel avenant », two sockets added to the lot, saved, sent.
  const proContext = await browser.newContext({ locale: 'fr-FR' });
  const pro = await proContext.newPage();
  await loginAs(pro, architect.email, architect.password);
  await pro.goto(`/devis/${quoteId}`);
  await expect(pro.getByTestId('quote-avenants')).toBeVisible();
  await pro.getByTestId('avenant-new').click();
  await pro.getByTestId('avenant-title').fill('Prises supplémentaires');
  const editor = pro.getByTestId('avenant-editor');
  await editor.getByLabel('Désignation').fill('Prise double');
  await editor.getByLabel('Quantité').fill('2');
  await editor.getByLabel('Prix unitaire HT').fill('80');
  await pro.getByTestId('avenant-save').click();
  await expect(pro.getByTestId('avenant-status')).toHaveText('Brouillon');
  await pro.getByTestId('avenant-send').click();
  await expect(pro.getByTestId('avenant-status')).toHaveText('Envoyé');
  await expect(pro.getByTestId('quote-avenants')).toContainText(/D-\d{4}-\d{4}-A1/);
  await proContext.close();

  // The client signs it with the quote's signing steps.
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await loginAs(page, client.email, client.password);
  await page.goto(`/devis/${quoteId}`);
  await page.getByTestId('avenant-sign').click();
  await expect(page.getByTestId('avenant-signing-screen')).toBeVisible();
  await signThroughScreen(page, client.email);
  await page.goto(`/devis/${quoteId}`);
  await expect(page.getByTestId('avenant-status')).toHaveText('Signé');
  // 1 100 € + 2 × 80 € HT at the new line's 20 % (160 € + 32 € TVA) = 1 292 € TTC.
  await expect(page.getByTestId('avenants-contract')).toContainText('1 292,00');
  await context.close();

  // In Arabic (right to left).
  const arContext = await browser.newContext({ locale: 'ar' });
  const ar = await arContext.newPage();
  await loginAs(ar, client.email, client.password);
  await ar.goto(`/devis/${quoteId}?lng=ar`);
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(ar.getByTestId('avenant-status')).toHaveText('موقَّع');
  await arContext.close();
});
