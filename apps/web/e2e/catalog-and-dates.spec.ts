import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { apiLogin, createAccount, createProfessional, DEMO_ADMIN, loginAs, uniqueTag, validatedProject } from './support';

/** Issue 15 — the catalogue in three languages, and the UI kit's French date fields. */
const SHOTS = fileURLToPath(new URL('../../../test-results/screens', import.meta.url));
mkdirSync(SHOTS, { recursive: true });
// The machine is shared: first loads of lazily built screens may be slow.
test.setTimeout(180_000);

async function inLanguage(page: Page, lng: 'fr' | 'en' | 'ar', path: string) {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
}

/** The journey's second step (category, then good), after choosing the first kind of help. */
async function journeyStepTwo(page: Page, lng: 'fr' | 'en' | 'ar', next: string) {
  await inLanguage(page, lng, '/');
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: next }).click();
}

test('the journey shows the catalogue in English and Arabic, French where the admin left it untranslated', async ({ page, request }) => {
  // An active category of the spec's own, translated in English only, offering the seeded « Maison ».
  const admin = await apiLogin(request, DEMO_ADMIN);
  const maison = ((await (await request.get('/api/catalog-labels')).json()).data.biens as Array<{ id: number; slug: string }>).find(
    (b) => b.slug === 'maison',
  )!;
  const name = `Piscine ${uniqueTag()}`;
  const created = await request.post('/api/admin/save-category', {
    headers: admin.headers,
    data: {
      name,
      description: 'Construire une piscine.',
      biens: [maison.id],
      position: 90,
      translations: { en: { name: `Pool ${name.slice(8)}`, description: 'Build a swimming pool.' } },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const category = (await created.json()).data as { id: number };

  try {
    await journeyStepTwo(page, 'en', 'Next');
    await expect(page.getByLabel('Renovation', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Renovate, refit or bring an existing property up to standard.')).toBeVisible();
    await expect(page.getByLabel(`Pool ${name.slice(8)}`)).toBeVisible();
    await page.getByLabel('Renovation', { exact: true }).check();
    await expect(page.getByLabel('House', { exact: true })).toBeVisible();
    await expect(page.getByText('Rénovation', { exact: true })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/journey-catalog-en.png`, fullPage: true });

    await journeyStepTwo(page, 'ar', 'التالي');
    await expect(page.getByLabel('تجديد', { exact: true })).toBeVisible({ timeout: 30_000 });
    // Not translated into Arabic: the French name is shown.
    await expect(page.getByLabel(name)).toBeVisible();
    await page.getByLabel('تجديد', { exact: true }).check();
    await expect(page.getByLabel('منزل', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'parcours, étape 2 (ar)');
    await page.screenshot({ path: `${SHOTS}/journey-catalog-ar.png`, fullPage: true });
  } finally {
    await request.patch('/api/admin/update-category', { headers: admin.headers, data: { id: category.id, name, biens: [maison.id], active: false } });
  }
});

test('a project names its category and good in the reader’s language', async ({ page, request }) => {
  const admin = await apiLogin(request, DEMO_ADMIN);
  const client = await createAccount(request, { user_type: 'client' });
  const projectId = await validatedProject(request, admin, client);
  await loginAs(page, client.email, client.password);
  // On the dashboard, category and good are listed with the language's comma (Arabic « ، »).
  for (const [lng, label, listed] of [
    ['fr', 'Rénovation — Maison', 'Rénovation, Maison'],
    ['en', 'Renovation — House', 'Renovation, House'],
    ['ar', 'تجديد — منزل', 'تجديد، منزل'],
  ] as const) {
    await inLanguage(page, lng, `/single-projet/${projectId}`);
    await expect(page.getByText(label).first()).toBeVisible({ timeout: 30_000 });
    await inLanguage(page, lng, '/dashboard');
    await expect(page.getByText(listed).first()).toBeVisible({ timeout: 30_000 });
  }
  await inLanguage(page, 'fr', '/dashboard');
});

test('the admin fills a category’s English and Arabic labels in its form', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(page, DEMO_ADMIN);
  await page.goto('/gestion-categorie');
  // At 1 366 px the table fits, or says there is more.
  const region = page.getByRole('region', { name: 'Catégories de projet' });
  await expect(region).toBeVisible({ timeout: 30_000 });
  const hidden = await region.evaluate((el) => el.scrollWidth - el.clientWidth);
  if (hidden > 1) await expect(page.getByTestId('paged-table-scroll-cue')).toBeVisible();
  else await expect(page.getByTestId('paged-table-scroll-cue')).toHaveCount(0);

  await page.getByRole('button', { name: 'Nouvelle catégorie' }).click();
  const dialog = page.getByRole('dialog');
  const name = `Combles ${uniqueTag()}`;
  await dialog.getByRole('textbox', { name: 'Nom', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'Nom en anglais' }).fill('Loft conversion');
  await dialog.getByRole('textbox', { name: 'Description en anglais' }).fill('Turn an attic into a living space.');
  await dialog.getByRole('textbox', { name: 'Nom en arabe' }).fill('تهيئة العلية');
  await expect(dialog.getByRole('textbox', { name: 'Nom en arabe' })).toHaveAttribute('dir', 'rtl');
  // Inactive: a category without goods cannot be active, and this one stays out of the journey.
  await dialog.getByRole('switch', { name: 'Active (proposée aux clients)' }).uncheck();
  await page.screenshot({ path: `${SHOTS}/category-form-fr.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toHaveCount(0);

  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Modifier' }).click();
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Nom en anglais' })).toHaveValue('Loft conversion');
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Nom en arabe' })).toHaveValue('تهيئة العلية');
  const labels = (await (await page.request.get('/api/catalog-labels')).json()).data.categories as Array<{ name: string; translations: unknown }>;
  expect(labels.find((c) => c.name === name)?.translations).toEqual({
    en: { name: 'Loft conversion', description: 'Turn an attic into a living space.' },
    ar: { name: 'تهيئة العلية', description: '' },
  });

  await inLanguage(page, 'ar', '/gestion-categorie');
  await page.getByRole('row').filter({ hasText: name }).getByRole('button').first().click();
  await expect(page.getByRole('dialog').getByTestId('catalog-translations')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'formulaire de catégorie (ar)');
  await page.screenshot({ path: `${SHOTS}/category-form-ar.png`, fullPage: true });
  await inLanguage(page, 'fr', '/dashboard');
});

test('date fields: French calendar starting on Monday, jj/mm/aaaa typed and kept as the day', async ({ page, request }) => {
  const pro = await createProfessional(request, { raison_sociale: 'Calendrier Bâtiment', profession: 'Plombier', departements: ['69'] });
  await loginAs(page, pro.email, pro.password);
  await page.goto('/entreprise/information-legale');
  const from = page.getByRole('textbox', { name: 'Valide du' }).first();
  const until = page.getByRole('textbox', { name: 'au', exact: true }).first();
  await expect(from).toBeVisible({ timeout: 30_000 });
  await expect(from).toHaveAttribute('placeholder', 'jj/mm/aaaa');
  await from.fill('01/01/2026');
  await until.click();
  // The calendar opens in French, weeks from Monday to Sunday, whatever the browser's locale.
  const calendar = page.locator('.mantine-Popover-dropdown table').first();
  await expect(calendar).toBeVisible();
  await expect(calendar.locator('thead th').first()).toHaveText(/^lu/i);
  await expect(calendar.locator('thead th').last()).toHaveText(/^di/i);
  await page.screenshot({ path: `${SHOTS}/date-picker-fr.png`, fullPage: true });
  await until.fill('31/12/2027');
  await until.press('Tab');
  await expect(from).toHaveValue('01/01/2026');
  await expect(until).toHaveValue('31/12/2027');
  await page.getByRole('textbox', { name: 'Assureur' }).first().fill('SMABTP');
  await page.getByRole('textbox', { name: 'N° de police' }).first().fill('D-2026-42');
  const saved = page.waitForResponse((r) => r.url().includes('/api/professionnel/store-details/') && r.request().method() === 'PATCH');
  await from.locator('xpath=ancestor::form').getByRole('button', { name: 'Enregistrer' }).click();
  const body = (await saved).request().postDataJSON() as { decennale: { valid_from: string; valid_until: string } };
  // The wire format is unchanged: the day, YYYY-MM-DD.
  expect(body.decennale).toMatchObject({ valid_from: '2026-01-01', valid_until: '2027-12-31' });
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'au', exact: true }).first()).toHaveValue('31/12/2027', { timeout: 30_000 });

  await inLanguage(page, 'ar', '/entreprise/information-legale');
  const arFrom = page.getByRole('textbox', { name: 'ساري من' }).first();
  await expect(arFrom).toHaveValue('01/01/2026', { timeout: 30_000 });
  await arFrom.click();
  await expect(page.locator('.mantine-Popover-dropdown').filter({ has: page.locator('table') })).toContainText('يناير');
  await expectNoSeriousA11yViolations(page, 'calendrier (ar)');
  await page.screenshot({ path: `${SHOTS}/date-picker-ar.png`, fullPage: true });
  await inLanguage(page, 'fr', '/dashboard');
});

test('the admin filters projects by dates typed jj/mm/aaaa; an e-mail that has an account says so once', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(page, DEMO_ADMIN);
  const list = page.getByTestId('admin-projects');
  await expect(list).toBeVisible({ timeout: 30_000 });
  const filtered = page.waitForRequest((r) => r.url().includes('date_from=2020-01-01'));
  await list.getByRole('textbox', { name: 'Déposé à partir du' }).fill('01/01/2020');
  await list.getByRole('textbox', { name: 'Déposé à partir du' }).press('Tab');
  await filtered;
  await expect(list.getByRole('textbox', { name: 'Déposé à partir du' })).toHaveValue('01/01/2020');

  await page.goto('/gestion-user/new');
  await page.getByRole('textbox', { name: 'Prénom' }).fill('Claire');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Doublon');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(DEMO_ADMIN);
  await page.getByRole('button', { name: 'Créer le compte' }).click();
  await expect(page.getByText('Un compte existe déjà avec cette adresse e-mail.')).toHaveCount(1);
});
