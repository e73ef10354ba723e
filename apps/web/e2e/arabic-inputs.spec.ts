import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { waitForScreen } from './a11y';
import { architectWithAcceptedProject, createProfessional, loginAs, quoteLine, uniqueTag } from './support';

const SHOTS = process.env.E2E_SHOTS_DIR ?? fileURLToPath(new URL('../../../test-results/screens', import.meta.url));

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

/**
 * A quote read in Arabic and in English (decision 1206): the project line composed by the web in
 * the reader's language (no French category or good), the typed French description in its own
 * direction (« Fourni et posé. » keeps its stop at its end), the insurer as typed, isolated; the
 * quotes list names the project the same way. Screenshots at 375 and 1366 px.
 */
test('a quote’s typed texts and composed labels in Arabic and English', async ({ page }) => {
  const { architect, projectId } = await architectWithAcceptedProject(page.request, { raison_sociale: `Atelier Sens ${uniqueTag()}` });
  const created = await page.request.post('/api/devis', {
    headers: architect.headers,
    data: {
      project_id: projectId,
      kind: 'travaux',
      title: 'Salle de bains',
      validity_days: 30,
      deposit_bp: 3000,
      late_penalty_bp: 1000,
      retention_bp: 0,
      payment_terms: 'À réception.',
      lots: [{ title: 'Carrelage', lines: [{ ...quoteLine('Carrelage mural', 45_000, 1000), description: 'Fourni et posé.' }] }],
      expected_totals: { total_ht_cents: 45_000, total_tva_cents: 4_500, total_ttc_cents: 49_500 },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const quote = (await created.json()).data as { id: number; project: { name: { category_name: string; bien_name: string; city: string } } };
  const { category_name: category, bien_name: bien, city } = quote.project.name;
  mkdirSync(SHOTS, { recursive: true });

  await loginAs(page, architect.email, architect.password);
  for (const lng of ['ar', 'en'] as const) {
    for (const width of [375, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/devis/${quote.id}?lng=${lng}`);
      await waitForScreen(page);
      const client = page.getByTestId('quote-client');
      await expect(client).toContainText(city);
      await expect(client).not.toContainText(category);
      await expect(client).not.toContainText(`${bien} —`);
      const description = page.getByText('Fourni et posé.').first();
      expect(await description.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
      await expect(page.getByTestId('insurance-text').first().locator('bdi').first()).toHaveText('MAF Assurances');
      // The typed payment terms: « À réception. » once read « .À réception » in Arabic.
      expect(
        await page
          .getByText('À réception.')
          .first()
          .evaluate((el) => getComputedStyle(el).direction),
      ).toBe('ltr');
      // A phone number reads 06 … 44 from the left in both directions: « 44 33 22 11 06 » once in Arabic.
      const order = await page
        .getByTestId('quote-issuer')
        .locator('bdi[dir="ltr"]', { hasText: /^0\d( \d\d){4}$/ })
        .evaluate((el) => {
          const text = el.firstChild!;
          const at = (from: number) => {
            const range = document.createRange();
            range.setStart(text, from);
            range.setEnd(text, from + 2);
            return range.getBoundingClientRect().x;
          };
          return at(0) < at((text.textContent ?? '').length - 2);
        });
      expect(order).toBe(true);
      await page.screenshot({ path: `${SHOTS}/i18n-quote-${lng}-${width}.png`, fullPage: true });
      await page.getByTestId('quote-issuer').screenshot({ path: `${SHOTS}/i18n-quote-issuer-${lng}-${width}.png` });
    }
    await page.goto(`/devis/list?lng=${lng}`);
    await waitForScreen(page);
    const row = page.locator('tr', { has: page.getByTestId(`quote-link-${quote.id}`) });
    await expect(row).toContainText(city);
    await expect(row).not.toContainText(category);
    await page.screenshot({ path: `${SHOTS}/i18n-quotes-${lng}-1366.png`, fullPage: true });
  }
});
