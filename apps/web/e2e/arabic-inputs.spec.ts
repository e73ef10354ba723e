import { expect, test } from '@playwright/test';
import { waitForScreen } from './a11y';
import { createProfessional, loginAs } from './support';

/**
 * What a user types keeps its order in Arabic (decision 0981). A new architect's product form,
 * typed into without saving: an amount with a thousands space, an address starting with its
 * number, and Arabic text.
 */
test('typed values keep their order in a right-to-left page', async ({ page }) => {
  const architect = await createProfessional(page.request, {
    user_type: 'architecte',
    raison_sociale: `Atelier Sens ${Date.now()}`,
    profession: 'Architecte',
    departements: ['75'],
  });
  await loginAs(page, architect.email, architect.password);
  await page.goto('/gestion-produit/ajout?lng=ar');
  await waitForScreen(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const direction = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((input) => getComputedStyle(input).direction);

  // An amount: « 2 890,00 » once showed as « 890,00 2 ».
  const amount = page.locator('main input[inputmode="decimal"]').first();
  await amount.fill('2 890,00');
  expect(await direction('main input[inputmode="decimal"]')).toBe('ltr');
  await expect(amount).toHaveCSS('text-align', 'right');

  // A text: the direction of its first letter.
  const text = page.getByRole('textbox', { name: 'المرجع' });
  await text.fill('12 rue Paul Bert');
  expect(await text.evaluate((input) => getComputedStyle(input).direction)).toBe('ltr');
  await text.fill('مطبخ 12');
  expect(await text.evaluate((input) => getComputedStyle(input).direction)).toBe('rtl');
});
