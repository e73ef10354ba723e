import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createProfessional, loginAs, uniqueTag } from './support';

test('an architect adds a product priced « 1 234,56 », finds it, edits it and exports the CSV', async ({ page, request }) => {
  const tag = uniqueTag();
  const architect = await createProfessional(request, {
    user_type: 'architecte',
    raison_sociale: `Atelier Produits ${tag}`,
    profession: 'Architecte',
    departements: ['75'],
  });
  await loginAs(page, architect.email, architect.password);

  await page.goto('/gestion-produit/list');
  const main = page.locator('#main');
  await expect(page.getByRole('heading', { name: 'Produits' })).toBeVisible();
  await main.getByRole('link', { name: 'Ajouter un produit' }).click();
  await expect(page).toHaveURL(/\/gestion-produit\/ajout$/);

  const name = `Robinet thermostatique ${tag}`;
  await main.getByRole('textbox', { name: 'Nom' }).fill(name);
  await main.getByRole('textbox', { name: 'Référence' }).fill(`REF-${tag}`);
  await page.getByRole('textbox', { name: 'Lot' }).click();
  await page.getByRole('option', { name: 'Plomberie' }).click();
  await page.getByRole('textbox', { name: 'Prix unitaire HT' }).fill('1 234,56');
  await page.getByRole('textbox', { name: 'TVA' }).click();
  await page.getByRole('option', { name: '10 %' }).click();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status')).toHaveText('Produit enregistré.');
  await expect(page).toHaveURL(/\/gestion-produit\/ajout\/\d+$/);

  await main.getByRole('link', { name: '← Produits' }).click();
  await page.getByRole('textbox', { name: 'Rechercher' }).fill(`REF-${tag}`);
  const table = page.getByTestId('products-table');
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/1\s234,56\s€/);
  await expect(row).toContainText('Plomberie');
  await expect(row).toContainText('10 %');

  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('textbox', { name: 'Prix unitaire HT' })).toHaveValue(/1\s234,56/);
  await page.getByRole('textbox', { name: 'Prix unitaire HT' }).fill('99,90');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status')).toHaveText('Produit enregistré.');

  await main.getByRole('link', { name: '← Produits' }).click();
  await page.getByRole('textbox', { name: 'Rechercher' }).fill(`REF-${tag}`);
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText(/99,90\s€/);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter en CSV' }).click();
  const file = await (await download).path();
  const bytes = readFileSync(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  expect(text).toContain('Nom;Référence;Lot;Unité;Prix unitaire HT;TVA (%);Description');
  expect(text).toContain(`${name};REF-${tag};Plomberie;u;99,9;10;`);
});
