import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, createAccount, createProfessional, DEMO_ADMIN, loginAs, validatedProject } from './support';

/** Issue 15 — first use of the existing screens: honest forms, a client who sees where their project stands, three languages. */
const SHOTS = '/tmp/helperE-shots';
mkdirSync(SHOTS, { recursive: true });
// The machine is shared: first loads of lazily built screens may be slow.
test.setTimeout(180_000);

async function inLanguage(page: Page, lng: 'fr' | 'en' | 'ar', path: string) {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
}

test('sign-up forms say why a button is disabled, link the terms and privacy pages, and share one phone rule', async ({ page }) => {
  await page.goto('/professionnel');
  await expect(page.getByRole('button', { name: 'Créer mon compte professionnel' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('disabled-reason')).toContainText('le mot de passe respecte toutes les règles');
  await expect(page.getByRole('button', { name: 'Créer mon compte professionnel' })).toBeDisabled();
  await expect(page.getByRole('link', { name: "conditions générales d'utilisation" })).toHaveAttribute('href', '/conditions-generales');
  await expect(page.getByRole('link', { name: 'politique de confidentialité' })).toHaveAttribute('href', '/confidentialite');
  await page.getByLabel('Téléphone').fill('06 12');
  await page.getByLabel('Téléphone').blur();
  await expect(page.getByText("Le numéro de téléphone n'est pas valide").first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/signup-fr.png`, fullPage: true });

  await page.goto('/reset-password?token=x');
  await expect(page.getByTestId('disabled-reason')).toBeVisible();

  for (const [path, title] of [
    ['/conditions-generales', "Conditions générales d'utilisation"],
    ['/confidentialite', 'Politique de confidentialité'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
  await inLanguage(page, 'ar', '/confidentialite');
  await expect(page.getByRole('heading', { level: 1, name: 'سياسة الخصوصية' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/privacy-ar.png`, fullPage: true });
});

test('profile values out of range are refused with their rule, in French and in English', async ({ page, request }) => {
  const pro = await createProfessional(request, { raison_sociale: 'Honnête Bâtiment', profession: 'Plombier', departements: ['69'] });
  await loginAs(page, pro.email, pro.password);
  await page.goto('/entreprise/reference');
  await page.getByLabel('Titre du chantier').fill('Salle de bains');
  await page.getByLabel('Année').fill('2030');
  await page.getByLabel('Année').blur();
  await expect(page.getByLabel('Année')).toHaveValue('2030');
  await page.getByRole('button', { name: 'Ajouter la référence' }).click();
  const year = new Date().getFullYear();
  await expect(page.getByText(`L'année doit être comprise entre 1900 et ${year}.`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/reference-year-fr.png`, fullPage: true });

  await page.goto('/entreprise/information-legale');
  await page.getByLabel('Capital social').fill('-1000');
  await page.getByLabel('Capital social').blur();
  await page.getByRole('button', { name: 'Enregistrer' }).first().click();
  await expect(page.getByText('Le montant doit être positif ou nul (0 € ou plus).')).toBeVisible();

  await inLanguage(page, 'en', '/entreprise/reference');
  await page.getByLabel('Project title').fill('Bathroom');
  await page.getByLabel('Year').fill('2030');
  await page.getByLabel('Year').press('Enter');
  await expect(page.getByText(`The year must be between 1900 and ${year}.`)).toBeVisible();
  await inLanguage(page, 'fr', '/dashboard');
});

test('a client follows their project and cancels it with a reason; English and Arabic carry no French connector', async ({ page, request }) => {
  const admin = await apiLogin(request, DEMO_ADMIN);
  const client = await createAccount(request, { user_type: 'client' });
  const projectId = await validatedProject(request, admin, client);
  await loginAs(page, client.email, client.password);

  await page.goto('/');
  await page.getByTestId('back-to-dashboard').click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`/single-projet/${projectId}`);
  await expect(page.getByTestId('project-progress')).toContainText('Étape 2 sur 6 : Validé', { timeout: 30_000 });
  await expect(page.getByTestId('project-progress')).toContainText('Phase des travaux : Étude');
  await page.screenshot({ path: `${SHOTS}/project-fr.png`, fullPage: true });

  for (const lng of ['en', 'ar'] as const) {
    await inLanguage(page, lng, `/single-projet/${projectId}`);
    await expect(page.getByTestId('project-progress')).toBeVisible({ timeout: 30_000 });
    const history = await page.getByTestId('project-activity').innerText();
    expect(history).not.toMatch(/ à \d|n°/);
    await page.screenshot({ path: `${SHOTS}/project-${lng}.png`, fullPage: true });
  }
  await inLanguage(page, 'fr', `/single-projet/${projectId}`);

  await page.getByRole('button', { name: 'Annuler mon projet' }).click();
  await page.getByRole('button', { name: 'Annuler le projet' }).click();
  await expect(page.getByText(/raison de l'annulation/i).last()).toBeVisible();
  await page.getByLabel("Raison de l'annulation").fill('Nous reportons les travaux à l’an prochain.');
  await page.screenshot({ path: `${SHOTS}/cancel-fr.png`, fullPage: true });
  await page.getByRole('button', { name: 'Annuler le projet' }).click();
  await expect(page.getByTestId('project-state')).toHaveText('Annulé');
  await expect(page.getByTestId('project-progress')).toContainText('Ce projet est annulé.');
  await expect(page.getByTestId('project-activity')).toContainText('Nous reportons les travaux');
  await expect(page.getByRole('button', { name: 'Annuler mon projet' })).toHaveCount(0);
});

test('a pending professional reads why the tenders page is closed; the admin reads « Profil d’entreprise »', async ({ page, request }) => {
  const pending = await createAccount(request, { user_type: 'professionnel', raison_sociale: 'En Attente SARL' });
  await loginAs(page, pending.email, pending.password);
  await page.goto('/list-offre');
  await expect(page.getByTestId('forbidden-pending')).toContainText('en attente de validation');
  await page.screenshot({ path: `${SHOTS}/pending-list-offre-fr.png`, fullPage: true });
  await inLanguage(page, 'ar', '/list-offre');
  await expect(page.getByTestId('forbidden-pending')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/pending-list-offre-ar.png`, fullPage: true });
  await inLanguage(page, 'fr', '/dashboard');

  await loginAs(page, DEMO_ADMIN);
  await page.goto(`/gestion-user/professionnel/${pending.id}`);
  await expect(page.getByRole('heading', { name: /^Profil d'entreprise/ })).toBeVisible({ timeout: 30_000 });
  await page.goto('/list-offre');
  await expect(page.getByTestId('filter-status')).toHaveValue('');
  await expect(page.getByTestId('filter-project')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-tenders-fr.png`, fullPage: true });
});
