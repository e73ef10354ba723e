import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { adminToken, DEMO_PASSWORD, fillContactWithMistakes, journeyField, uniqueTag } from './support';

const SHOTS = fileURLToPath(new URL('../../../test-results/screens', import.meta.url));

async function noHorizontalScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, 'pas de défilement horizontal').toBeLessThanOrEqual(client);
}

/** Mantine marks required labels with " *", so inputs are found by their accessible name. */
const field = journeyField;

async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await field(page, 'Adresse e-mail').fill(email);
  await field(page, 'Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function pick(page: Page, label: string, option: string) {
  await field(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function next(page: Page) {
  await page.getByRole('button', { name: 'Suivant' }).click();
}

/** The set-password mail of a new account, read through the admin outbox API. */
async function inviteLink(page: Page, to: string): Promise<string> {
  const token = await adminToken(page);
  const res = await page.request.get(`/api/admin/outbox?to=${encodeURIComponent(to)}&per_page=10`, { headers: { authorization: `Bearer ${token}` } });
  const mails: Array<{ subject: string; text: string }> = (await res.json()).data.items;
  expect(mails.map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/^Votre projet n° \d+ est bien enregistré$/)]));
  const invite = mails.find((m) => m.subject.startsWith('Bienvenue sur Ouvrage'));
  expect(invite, 'mail pour choisir le mot de passe').toBeDefined();
  const url = new URL(invite!.text.match(/https?:\/\/\S+reset-password\?token=\S+/)![0]);
  return url.pathname + url.search;
}

test('a visitor describes a project on a phone, sets the password from the mail, the admin validates it and the client sees it', async ({ page }) => {
  // The whole journey, three logins and an upload: longer than the default minute on a loaded machine.
  test.setTimeout(180_000);
  // A long address: the confirmation that repeats it must wrap it on a phone, not cut it.
  const email = `visiteur.sophie-lambert.renovation-oberkampf.${Date.now()}@exemple-de-fournisseur.fr`;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Décrivez votre projet' })).toBeVisible();
  await noHorizontalScroll(page);

  // 1. The need: going on without an answer shows a French message next to the field.
  await next(page);
  await expect(page.getByText("Choisissez le type d'accompagnement souhaité.")).toBeVisible();
  await page.getByLabel('Projet clé en main').check();
  await next(page);

  // 2. Category, then the goods it applies to.
  await expect(page.getByTestId('journey-step-title')).toHaveText('Votre projet');
  await page.getByLabel('Rénovation', { exact: true }).check();
  await page.getByLabel('Maison').check();
  await noHorizontalScroll(page);
  await next(page);

  // 3. Address: the offline search suggests communes; the street is typed by hand.
  await page.getByTestId('address-search').fill('75011');
  await page.getByRole('option', { name: 'Paris 11e Arrondissement 75011' }).click();
  await expect(field(page, 'Commune')).toHaveValue('Paris 11e Arrondissement');
  await field(page, 'Numéro et rue').fill('18 rue Oberkampf');
  await noHorizontalScroll(page);
  await page.screenshot({ path: `${SHOTS}/journey-address-375-fr.png`, fullPage: true });
  await next(page);

  // 4. Surfaces and budget: works larger than the property are refused.
  await field(page, 'Surface du bien').fill('68');
  await field(page, 'Surface concernée par les travaux').fill('80');
  await pick(page, 'Budget des travaux', 'De 30 000 € à 60 000 €');
  await next(page);
  await expect(page.getByText('La surface des travaux ne peut pas dépasser la surface du bien.')).toBeVisible();
  await field(page, 'Surface concernée par les travaux').fill('45,5');
  await field(page, 'Valeur estimée du bien').fill('420000');

  // Each field is kept in session storage as JSON text: a reload keeps the step and the values.
  expect(await page.evaluate(() => sessionStorage.getItem('surfaceTravaux'))).toBe('"45,5"');
  expect(await page.evaluate(() => sessionStorage.getItem('cityCode'))).toBe('"75111"');
  await page.reload();
  await expect(field(page, 'Surface concernée par les travaux')).toHaveValue('45,5');
  await next(page);

  // 5. Timing.
  await pick(page, 'Début des travaux souhaité', 'Dans les 3 mois');
  await pick(page, "Délai pour l'ensemble du projet", '6 à 12 mois');
  await pick(page, 'Vous êtes', 'Propriétaire');
  await next(page);

  // 6. Description and accompaniment.
  await field(page, 'Description du projet').fill('Rénovation complète : cuisine ouverte, salle d’eau et électricité aux normes.');
  await page.getByRole('radio', { name: 'Oui', exact: true }).check();
  await page.getByLabel('Suivi de chantier').check();
  await next(page);

  // 7. Contact details: a wrong phone and e-mail are caught before sending.
  await fillContactWithMistakes(page);
  // Leaving the phone field checks it at once (its message moves the button down): leave it first.
  await field(page, 'Téléphone').blur();
  await expect(page.getByText(/Le numéro de téléphone n'est pas valide/)).toBeVisible();
  await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(page.getByText("L'adresse e-mail n'est pas valide.")).toBeVisible();
  await expect(page.getByText(/Le numéro de téléphone n'est pas valide/)).toBeVisible();
  await field(page, 'Adresse e-mail').fill(email);
  await field(page, 'Téléphone').fill('06 12 34 56 78');
  await noHorizontalScroll(page);
  await page.getByRole('button', { name: 'Envoyer ma demande' }).click();

  const confirmation = page.getByTestId('journey-confirmation');
  // The answer never says whether the address had an account: what follows is in the mailbox (0452).
  await expect(confirmation).toContainText('Votre demande est envoyée');
  await expect(confirmation).toContainText(email);
  await noHorizontalScroll(page);
  for (const box of await confirmation.locator('*').all()) expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/journey-confirmation-375-fr.png`, fullPage: true });
  expect(await page.evaluate(() => sessionStorage.getItem('surface'))).toBeNull();

  // An empty request is refused field by field.
  const again = await page.request.post('/api/projects', { data: {} });
  expect(again.status()).toBe(400);

  // The visitor sets the password from the mail and logs in.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(await inviteLink(page, email));
  await field(page, 'Nouveau mot de passe').fill('Renovation2026');
  await field(page, 'Confirmez le mot de passe').fill('Renovation2026');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByTestId('password-saved')).toBeVisible();
  await login(page, email, 'Renovation2026');
  const firstCard = page.locator('[data-testid^="project-card-"]').first();
  await expect(firstCard).toBeVisible();
  const projectId = Number((await firstCard.getAttribute('data-testid'))!.replace('project-card-', ''));
  const card = page.getByTestId(`project-card-${projectId}`);
  await expect(card).toContainText('En attente');
  await expect(card).toContainText('Étude');
  await page.goto('/logout');

  // The admin finds the project and validates it.
  await login(page, 'admin@ouvrage.test');
  const list = page.getByTestId('admin-projects');
  await list.getByRole('textbox', { name: 'Rechercher', exact: true }).fill(email);
  await list.getByRole('link', { name: `n° ${projectId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/single-projet/${projectId}$`));
  await page.getByTestId('change-state-select').click();
  await page.getByRole('option', { name: 'Validé', exact: true }).click();
  await page.getByRole('textbox', { name: 'Message au client (facultatif)' }).first().fill('Dossier complet, merci.');
  await page.getByRole('button', { name: "Changer l'état" }).click();
  await expect(page.getByTestId('project-state')).toHaveText('Validé');
  await expect(page.getByTestId('project-activity')).toContainText('État du projet passé de « En attente » à « Validé »');
  await page.screenshot({ path: `${SHOTS}/project-admin-fr.png`, fullPage: true });
  await page.goto('/logout');

  // The client sees the new state, on the dashboard and on the project page.
  await login(page, email, 'Renovation2026');
  await expect(page.getByTestId(`project-card-${projectId}`)).toContainText('Validé');
  await page.goto('/single-projet');
  await expect(page.getByRole('heading', { name: `Projet n° ${projectId}` })).toBeVisible();
  await expect(page.getByTestId('project-state')).toHaveText('Validé');
  await expect(page.getByTestId('project-activity')).toContainText('Dossier complet, merci.');
  // Documents: a PDF goes up (progress bar while sending), then opens in the preview.
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'plan-cuisine.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  // The name also shows in the history line once it is reloaded: look in the documents list.
  await expect(page.getByText('plan-cuisine.pdf').first()).toBeVisible();
  await page.getByRole('button', { name: 'Aperçu' }).click();
  await expect(page.getByRole('dialog').locator('iframe')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('project-activity')).toContainText('Documents joints');
  // A file that is not a PDF, JPEG or PNG is refused with a French message.
  await page.locator('input[type="file"]').setInputFiles({ name: 'virus.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ not a pdf') });
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Formats acceptés : PDF, JPEG, PNG');
  await page.screenshot({ path: `${SHOTS}/project-client-fr.png`, fullPage: true });

  for (const lng of ['en', 'ar'] as const) {
    await page.goto(`/single-projet/${projectId}?lng=${lng}`);
    await expect(page.getByTestId('project-state')).toHaveText(lng === 'en' ? 'Approved' : 'مُعتمد');
    await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
    await page.screenshot({ path: `${SHOTS}/project-client-${lng}.png`, fullPage: true });
  }
});

test('the home page tells a visitor what the platform does and leads professionals to their space (issue 36 §6)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const intro = page.getByTestId('home-intro');
  await expect(intro).toContainText('de la demande au paiement');
  await expect(intro.getByRole('listitem')).toHaveCount(3);
  // One phone screen holds the promise and the form's start: the intro and the form's title in view.
  await expect(intro).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Décrivez votre projet' })).toBeInViewport();
  await noHorizontalScroll(page);
  await page.screenshot({ path: `${SHOTS}/home-375-fr.png` });
  await page.goto('/?lng=ar');
  await expect(page.getByTestId('home-intro')).toBeInViewport();
  await noHorizontalScroll(page);
  await page.screenshot({ path: `${SHOTS}/home-375-ar.png` });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/?lng=fr');
  await page.screenshot({ path: `${SHOTS}/home-1366-fr.png` });
  await page.getByTestId('home-pro-link').click();
  await expect(page).toHaveURL(/\/professionnel$/);
});

test('the journey in English and Arabic, on a phone, without horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  for (const [lng, title, nextLabel, message] of [
    ['en', 'Describe your project', 'Next', 'Choose the kind of help you need.'],
    ['ar', 'صِف مشروعك', 'التالي', 'اختر نوع المساعدة التي تحتاجها.'],
    ['fr', 'Décrivez votre projet', 'Suivant', "Choisissez le type d'accompagnement souhaité."],
  ] as const) {
    await page.goto(`/?lng=${lng}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.getByRole('button', { name: nextLabel }).click();
    await expect(page.getByText(message)).toBeVisible();
    await noHorizontalScroll(page);
    await page.screenshot({ path: `${SHOTS}/journey-375-${lng}.png`, fullPage: true });
  }
});

test('an admin manages categories and goods; deleting what projects use is refused', async ({ page }) => {
  await login(page, 'admin@ouvrage.test');
  // The admin's dashboard lists every project with filters.
  const list = page.getByTestId('admin-projects');
  await expect(list.getByRole('link', { name: /^n° \d+$/ }).first()).toBeVisible();
  await pick(page, 'État', 'Annulé');
  await expect(list).toContainText('Mimizan');
  await expect(list).not.toContainText('Écully');
  await page.screenshot({ path: `${SHOTS}/admin-projects-fr.png`, fullPage: true });
  await page.goto('/gestion-categorie');
  await expect(page.getByRole('heading', { name: 'Catégories de projet' })).toBeVisible();
  await expect(page.getByRole('cell', { name: /Rénovation/ })).toBeVisible();
  await page.getByRole('button', { name: 'Nouvelle catégorie' }).click();
  const newCategory = `Aménagement de combles ${uniqueTag()}`;
  await field(page, 'Nom').fill(newCategory);
  // Active without any good, it would stop the journey at step 2 (issue 15): refused, with the rule.
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Une catégorie active doit proposer au moins un bien actif').first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'Maison', exact: true }).check();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('cell', { name: newCategory })).toBeVisible();

  // Rénovation is used by the demo projects: refused with a clear message.
  const row = page.getByRole('row', { name: /Rénovation/ });
  await row.getByRole('button', { name: 'Supprimer' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByRole('alert')).toContainText('désactivez-la plutôt que de la supprimer');
  // A picture for a category, type checked from its content.
  await page
    .getByRole('row', { name: /Extension/ })
    .getByRole('button', { name: 'Modifier' })
    .click();
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await page.getByRole('dialog').locator('input[type="file"]').setInputFiles({ name: 'extension.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('dialog').locator('img')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
  await expect(page.getByRole('row', { name: /Extension/ }).locator('img')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/categories-fr.png`, fullPage: true });
  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: 'Décrivez votre projet' })).toBeVisible();
  await page.getByLabel('Projet clé en main').check();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.locator('label', { hasText: 'Extension' }).locator('img')).toBeVisible();
  await login(page, 'admin@ouvrage.test');

  await page.goto('/gestion-bien');
  await page.getByRole('link', { name: 'Maison' }).click();
  await expect(page).toHaveURL(/\/gestion-bien\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Bien : Maison' })).toBeVisible();
});

test('a logged-in client sees their projects and starts a new one with their details filled in', async ({ page }) => {
  await login(page, 'client@ouvrage.test');
  const section = page.getByTestId('client-projects');
  for (const state of ['En attente', 'En consultation', 'Attribué', 'Annulé']) await expect(section).toContainText(state);
  await page.screenshot({ path: `${SHOTS}/client-dashboard-fr.png`, fullPage: true });
  await section.getByRole('link', { name: 'Nouveau projet' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Décrivez votre projet' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('email'))).toBe('"client@ouvrage.test"');
  expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('userData')))!)).toMatchObject({ email: 'client@ouvrage.test' });
  await page.goto('/single-projet');
  await expect(page.getByRole('heading', { name: /^Projet n° \d+$/ })).toBeVisible();
});
