import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, DEMO_PASSWORD, menuPaths } from './support';

// Repository-root test-results/screens, whatever the working directory.
const SHOTS = fileURLToPath(new URL('../../../test-results/screens', import.meta.url));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
// A real 1×1 PNG (the server re-encodes images with sharp).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
// DURAND MACONNERIE in the offline company registry (apps/api/src/adapters/company-registry/fake.ts).
const SIRET = '856 789 011 00017';
const PRO = { email: `paul.durand.${Date.now()}@exemple.fr`, password: 'Chantier2026x' };

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('textbox', { name: label }).click({ force: true });
  await page.getByRole('option', { name: option }).first().click();
}

/** Log in through the login form (own helper: independent of other specs' helpers). */
async function loginAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email);
  await page.locator('input[type="password"]').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

async function saved(page: Page) {
  await expect(page.getByText('Modifications enregistrées.').last()).toBeVisible();
}

test('the landing page in French, English and Arabic', async ({ page }) => {
  await page.goto('/professionnel?lng=en');
  await expect(page.getByRole('heading', { name: 'Professional sign-up' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/professionnel-en.png`, fullPage: true });
  await page.goto('/professionnel?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'التسجيل المهني' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/professionnel-ar.png`, fullPage: true });
  await page.goto('/professionnel?lng=fr');
  await expect(page.getByRole('heading', { name: 'Inscription professionnelle' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/professionnel-fr.png`, fullPage: true });
});

test('a professional signs up, completes the profile, the admin validates them, and tenders appear in their menu', async ({ browser }) => {
  test.setTimeout(240_000);
  const proContext = await browser.newContext();
  const page = await proContext.newPage();
  page.on('pageerror', (error) => console.log(`[page error] ${error.message}\n${error.stack ?? ''}`));

  // 1. Sign-up with a SIRET from the (fake) company registry.
  await page.goto('/professionnel?lng=fr');
  await page.getByLabel('Numéro SIRET').fill('856 789 011 00018');
  await page.getByTestId('siret-search').click();
  await expect(page.getByText('clé de contrôle incorrecte')).toBeVisible();
  await page.getByLabel('Numéro SIRET').fill('790 123 459 00014');
  await page.getByTestId('siret-search').click();
  await expect(page.getByTestId('registry-closed')).toBeVisible();
  await page.getByLabel('Numéro SIRET').fill(SIRET);
  await page.getByTestId('siret-search').click();
  await expect(page.getByTestId('registry-found')).toContainText('DURAND MACONNERIE');
  await expect(page.getByLabel('Raison sociale')).toHaveValue('DURAND MACONNERIE');
  await expect(page.getByLabel('Code NAF (APE)')).toHaveValue('43.99C');
  await pick(page, 'Métier', 'Maçon');
  await pick(page, 'Prestations', 'Gros œuvre');
  await page.keyboard.press('Escape');
  await pick(page, 'Civilité', 'M.');
  await page.getByLabel('Prénom').fill('Paul');
  await page.getByRole('textbox', { name: /^Nom/ }).fill('Durand');
  await page.getByLabel('Adresse e-mail').fill(PRO.email);
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await page.getByLabel(/^Mot de passe/).fill(PRO.password);
  await page.getByLabel('Confirmez le mot de passe').fill(PRO.password);
  await page.getByLabel(/J'accepte les conditions/).check();
  await page.getByRole('button', { name: 'Créer mon compte professionnel' }).click();
  await expect(page.getByTestId('signup-done')).toBeVisible();

  // 2. The pending professional completes the profile; no tenders entry yet.
  await loginAs(page, PRO.email, PRO.password);
  await expect(page.getByTestId('pending-validation')).toBeVisible();
  expect(await menuPaths(page)).not.toContain('/list-offre');

  await page.goto('/entreprise/information-legale');
  await expect(page.getByTestId('profile-checklist')).toBeVisible();
  await expect(page.getByTestId('check-decennale')).toHaveAttribute('data-done', 'false');
  const year = new Date().getFullYear();
  for (const kind of ['decennale', 'rc_pro']) {
    const card = page.getByTestId(`insurance-${kind}`);
    await card.getByLabel('Assureur', { exact: true }).fill('SMABTP');
    await card.getByLabel('Adresse de l’assureur').fill('8 rue Louis Armand, 75015 Paris');
    await card.getByLabel('N° de police').fill(`P-${kind}-42`);
    // The kit's date field, typed the French way (jj/mm/aaaa).
    await card.getByLabel('Valide du').fill(`01/01/${year}`);
    await card.getByLabel('au', { exact: true }).fill(`31/12/${year + 1}`);
    await card.getByLabel('Zone géographique couverte').fill('France métropolitaine');
    await card.getByRole('button', { name: 'Enregistrer' }).click();
    await saved(page);
    await card.locator('input[type=file]').setInputFiles({ name: `attestation-${kind}.pdf`, mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByText('Attestation enregistrée.').last()).toBeVisible();
  }
  await expect(page.getByTestId('check-decennale')).toHaveAttribute('data-done', 'true');
  await page.screenshot({ path: `${SHOTS}/entreprise-legale-fr.png`, fullPage: true });

  await page.goto('/entreprise/information-generale');
  await page.getByLabel("Description de l'activité").fill('Maçonnerie générale, gros œuvre et extensions à Toulouse et en Haute-Garonne.');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await saved(page);
  await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('logo-preview')).toBeVisible();

  await page.goto('/entreprise/zone');
  await pick(page, 'Département', /Haute-Garonne/);
  await page.getByRole('button', { name: 'Ajouter la zone' }).click();
  await expect(page.getByTestId('zones-table')).toContainText('Haute-Garonne');
  await page.getByText('Commune et rayon').click();
  await page.getByRole('textbox', { name: 'Commune' }).fill('Montauban');
  await page.getByRole('option', { name: /^Montauban \(82\)/ }).click();
  await page.getByRole('textbox', { name: 'Rayon' }).fill('30');
  await page.getByRole('button', { name: 'Ajouter la zone' }).click();
  await expect(page.getByTestId('zones-table')).toContainText('Montauban (82)');
  await expect(page.getByTestId('zones-table')).toContainText('30 km');

  await page.goto('/entreprise/reference');
  await page.getByLabel('Titre du chantier').fill('Extension de 30 m², Colomiers');
  await page.getByLabel('Ville').fill('Colomiers');
  await page.getByRole('textbox', { name: 'Montant des travaux' }).fill('45000');
  await page.getByRole('button', { name: 'Ajouter la référence' }).click();
  await expect(page.getByTestId('reference-card')).toContainText('45 000,00 €');
  await page.getByTestId('reference-card').locator('input[type=file]').setInputFiles({ name: 'chantier.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('reference-card').getByRole('img')).toHaveCount(1);

  await page.goto('/entreprise/preference');
  await page.getByLabel('Rénovation').check();
  await page.getByLabel('Extension').check();
  await page.getByLabel('Maison').check();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await saved(page);
  await expect(page.getByTestId('completeness-percent')).toContainText('100');

  // 3. The admin checks the identity and validates the professional.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin, 'admin@ouvrage.test');
  await admin.goto('/gestion-user/pro-list');
  await admin.getByLabel('Rechercher').fill('DURAND');
  await admin.getByRole('link', { name: 'DURAND MACONNERIE' }).click();
  await expect(admin).toHaveURL(/\/gestion-user\/professionnel\/\d+$/);
  await admin.getByRole('button', { name: 'Lancer le contrôle' }).click();
  await expect(admin.getByTestId('identity-result')).toContainText('Tous les contrôles sont satisfaisants');
  await admin.screenshot({ path: `${SHOTS}/admin-pro-fr.png`, fullPage: true });
  await admin.getByRole('button', { name: 'Valider le compte' }).click();
  await expect(admin.getByTestId('validation-card')).toContainText('validé');
  await admin.goto('/gestion-user/pro-list?lng=en');
  await expect(admin.getByTestId('pros-table')).toContainText('DURAND MACONNERIE');
  await expect(admin.getByTestId('pros-table')).toContainText('Validated');
  // The trade in the reader's language too (decision 0982).
  await expect(admin.getByTestId('pros-table')).toContainText('Mason');
  await admin.screenshot({ path: `${SHOTS}/admin-pro-list-en.png`, fullPage: true });
  await admin.goto('/gestion-user/pro-list?lng=ar');
  await expect(admin.getByTestId('pros-table')).toContainText('تم التحقق');
  await expect(admin.getByTestId('pros-table')).toContainText('بنّاء');
  await admin.screenshot({ path: `${SHOTS}/admin-pro-list-ar.png`, fullPage: true });
  // The professional's page names the trade and its services in Arabic as well.
  await admin.getByRole('link', { name: 'DURAND MACONNERIE' }).click();
  await expect(admin).toHaveURL(/\/gestion-user\/professionnel\/\d+/);
  await expect(admin.getByRole('main')).toContainText('بنّاء');
  await expect(admin.getByRole('main')).toContainText('الأشغال الكبرى (الهيكل)');
  await expect(admin.getByRole('main')).not.toContainText(/\bMaçon\b/);
  await admin.screenshot({ path: `${SHOTS}/admin-pro-ar.png`, fullPage: true });
  await adminContext.close();

  // 4. At the next page load, the tenders entry appears in the professional's menu.
  await page.goto('/dashboard');
  await expect.poll(async () => menuPaths(page)).toContain('/list-offre');
  await expect(page.getByTestId('pending-validation')).toHaveCount(0);
  await page.goto('/entreprise/zone?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('zones-table')).toContainText('Haute-Garonne');
  await expect(page.getByTestId('profile-checklist')).toContainText('تم التحقق');
  await page.screenshot({ path: `${SHOTS}/entreprise-zone-ar.png`, fullPage: true });
  await page.goto('/entreprise/metier?lng=ar');
  await expect(page.getByRole('textbox', { name: 'المهنة' })).toHaveValue('بنّاء');
  await expect(page.getByRole('checkbox', { name: 'الأشغال الكبرى (الهيكل)' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'الأساسات' })).not.toBeChecked();
  await page.screenshot({ path: `${SHOTS}/entreprise-metier-ar.png`, fullPage: true });
  await page.goto('/entreprise/preference?lng=en');
  await expect(page.getByLabel('Renovation').or(page.getByLabel('Rénovation')).first()).toBeChecked();
  await expect(page.getByTestId('profile-checklist')).toContainText('Validated');
  await page.screenshot({ path: `${SHOTS}/entreprise-preference-en.png`, fullPage: true });
  await proContext.close();
});

test('a user changes their details on /profil', async ({ page, request }) => {
  // An account of this spec's own: its details change here.
  const client = await createAccount(request, { user_type: 'client', firstname: 'Léa' });
  await loginAs(page, client.email, client.password);
  await page.goto('/profil?lng=fr');
  await expect(page.getByRole('heading', { name: 'Mon profil' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Téléphone/ }).fill('06 98 76 54 32');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Vos informations ont été enregistrées.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/profil-fr.png`, fullPage: true });
});

test('the admin creates a user who receives a link, and finds them in the clients list', async ({ page }) => {
  await loginAs(page, 'admin@ouvrage.test');
  await page.goto('/gestion-user/new?lng=fr');
  const email = `marie.curie.${Date.now()}@exemple.fr`;
  await page.getByRole('textbox', { name: /^Prénom/ }).fill('Marie');
  await page.getByRole('textbox', { name: /^Nom/ }).fill('Curie');
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await page.getByRole('button', { name: 'Créer le compte' }).click();
  await expect(page.getByTestId('user-created')).toContainText(email);
  await page.goto('/gestion-user/list');
  await page.getByLabel('Rechercher').fill('Curie');
  await expect(page.getByTestId('clients-table')).toContainText(email);
  await expect(page.getByTestId('clients-table')).not.toContainText('client@ouvrage.test');
  await page.screenshot({ path: `${SHOTS}/clients-fr.png`, fullPage: true });
});
