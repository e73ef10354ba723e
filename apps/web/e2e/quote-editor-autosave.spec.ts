import { expect, test, type Page } from '@playwright/test';
import { architectWithAcceptedProject, loginAs, uniqueTag } from './support';

/**
 * Issue 36 §1 « Work is never lost » in the quote editor: an incomplete line does not keep the rest
 * of the draft from being saved, catalogue lines are there on reopening, and leaving the editor
 * with changes not saved asks first (side menu, browser back), not only when the tab closes.
 */

const status = (page: Page) => page.getByTestId('autosave-status');

test('an empty free line does not block the autosave, catalogue lines come back, and leaving with unsaved changes asks first', async ({ page, request }) => {
  test.setTimeout(240_000);
  const tag = uniqueTag();
  const { architect, projectId } = await architectWithAcceptedProject(request, { raison_sociale: `Atelier Roux ${tag}` });
  const productName = `Évier inox ${tag}`;
  const product = await request.post('/api/produit', {
    headers: architect.headers,
    data: { name: productName, reference: `EV-${tag}`, lot: 'Plomberie', unit: 'u', unit_price_cents: 25_000, tva_rate_bp: 1000, description: 'Bac 80 cm' },
  });
  expect(product.ok(), await product.text()).toBeTruthy();

  await loginAs(page, architect.email, architect.password);
  await page.goto(`/devis/new?project=${projectId}`);
  await page.getByLabel('Objet du devis').fill('Cuisine Roux');
  await expect(page).toHaveURL(/\/devis\/\d+\/modifier$/, { timeout: 20_000 });
  const quoteId = Number(/\/devis\/(\d+)\/modifier/.exec(page.url())![1]);
  // The address changes before the edit screen replaces the new-quote one (the router keeps the old
  // screen while the next one loads): a dialog opened on the old screen would vanish with it.
  await expect(page.getByRole('link', { name: 'Voir la fiche du devis' })).toBeVisible({ timeout: 20_000 });

  // A product from the catalogue, then a free line left empty.
  const lot = page.getByTestId('quote-lot').first();
  await lot.getByRole('button', { name: 'Ajouter depuis le catalogue' }).click();
  const picker = page.getByRole('dialog');
  await picker.getByLabel('Rechercher').fill(tag);
  await picker.getByRole('button', { name: `Ajouter « ${productName} » au lot` }).click();
  await picker.getByRole('button', { name: 'Fermer', exact: true }).last().click();
  await expect(picker).toBeHidden();
  await lot.getByRole('button', { name: 'Ajouter une ligne libre' }).click();
  await expect(lot.getByTestId('quote-line')).toHaveCount(2);

  // What is complete is saved; the empty line is marked and named in the status.
  await expect(status(page)).toContainText('Enregistré à', { timeout: 20_000 });
  await expect(status(page)).toContainText('1 ligne à compléter avant l’envoi');
  await expect(page.getByText("Le brouillon n'est pas enregistré")).toHaveCount(0);
  await expect(lot.getByTestId('quote-line').nth(1).getByText('Indiquez la désignation de la ligne.')).toBeVisible();
  await expect(page.getByTestId('total-ht')).toHaveText('250,00 €');

  // Reopened: the catalogue line and the empty line are both there.
  await page.reload();
  const reopened = page.getByTestId('quote-line');
  await expect(reopened).toHaveCount(2);
  await expect(reopened.first().getByLabel('Désignation')).toHaveValue(productName);
  await expect(reopened.first().getByText('Catalogue')).toBeVisible();
  await expect(page.getByTestId('total-ht')).toHaveText('250,00 €');

  // Into the editor again through the app (its quote's page, then « Modifier »): the history entry
  // before the editor is then the app's own, which the router can hold back.
  await page.getByRole('link', { name: 'Voir la fiche du devis' }).click();
  await expect(page).toHaveURL(new RegExp(`/devis/${quoteId}$`));
  await page.getByTestId('quote-edit').click();
  await expect(page).toHaveURL(new RegExp(`/devis/${quoteId}/modifier$`));
  await expect(page.getByTestId('quote-line')).toHaveCount(2);

  // A postcode of 3 digits cannot be saved: the rest of the draft is, the field is named, and
  // leaving by the side menu asks.
  const site = page.getByRole('group', { name: 'Adresse du chantier' });
  await site.getByLabel('Code postal').fill('690');
  await page.getByLabel('Objet du devis').fill('Cuisine Roux, évier compris');
  await expect(status(page)).toContainText('1 champ à corriger n’est pas enregistré', { timeout: 20_000 });
  await expect(page.getByText("Le brouillon n'est pas enregistré")).toHaveCount(0);
  const menuLink = page.getByTestId('side-menu').getByRole('link').first();
  await menuLink.click();
  const confirm = page.getByRole('dialog', { name: 'Quitter sans enregistrer ?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Rester sur le devis' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/devis/${quoteId}/modifier$`));
  await expect(site.getByLabel('Code postal')).toHaveValue('690');

  // The browser's back button asks as well; leaving then goes.
  await page.goBack();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Rester sur le devis' }).click();
  await expect(page).toHaveURL(new RegExp(`/devis/${quoteId}/modifier$`));
  await menuLink.click();
  await confirm.getByRole('button', { name: 'Quitter sans enregistrer' }).click();
  await expect(page).not.toHaveURL(/\/modifier$/);
  // What was valid beside the postcode was saved.
  await page.goto(`/devis/${quoteId}/modifier`);
  await expect(page.getByLabel('Objet du devis')).toHaveValue('Cuisine Roux, évier compris');

  // A change typed just before leaving is saved on the way out, without a question.
  await page.goto(`/devis/${quoteId}/modifier`);
  await page.getByLabel('Objet du devis').fill('Cuisine Roux, version 2');
  await page.getByTestId('side-menu').getByRole('link').first().click();
  await expect(page).not.toHaveURL(/\/modifier$/);
  await expect(page.getByRole('dialog', { name: 'Quitter sans enregistrer ?' })).toHaveCount(0);
  await page.goto(`/devis/${quoteId}/modifier`);
  await expect(page.getByLabel('Objet du devis')).toHaveValue('Cuisine Roux, version 2');
  await expect(page.getByTestId('quote-line')).toHaveCount(2);

  // The screens, in French and Arabic, on a phone and a laptop: the marked line, then the question.
  for (const lng of ['fr', 'ar']) {
    for (const width of [375, 1366]) {
      await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
      await page.goto(`/devis/${quoteId}/modifier?lng=${lng}`);
      await expect(page.getByTestId('quote-line')).toHaveCount(2);
      await expect(status(page)).toContainText(lng === 'fr' ? '1 ligne à compléter' : 'بند واحد');
      await page.screenshot({ path: test.info().outputPath(`editor-${lng}-${width}.png`), fullPage: true });
      await page.locator('input[inputmode="numeric"][maxlength="5"]').nth(1).fill('690');
      await expect(status(page)).toContainText(lng === 'fr' ? 'champ à corriger' : 'حقل', { timeout: 20_000 });
      await page.locator(`a[href="/devis/${quoteId}"]`).first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`leave-${lng}-${width}.png`), animations: 'disabled' });
      await page.getByTestId('leave-without-saving').click();
      await expect(page).toHaveURL(new RegExp(`/devis/${quoteId}$`));
    }
  }
});
