import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, fillContactWithMistakes, journeyField, loginAs, uniqueSiret, uniqueTag } from './support';

/**
 * The project request's last step on a phone (issue 36 §1, §2 and §6, decision 1205): the phone
 * field's check does not swallow the first press on « Envoyer ma demande »; the two buttons line
 * up; a logged-in client starts from their known details.
 */
const SHOTS = fileURLToPath(new URL('../../../test-results/screens', import.meta.url));
test.setTimeout(180_000);

const field = journeyField;

/** The steps before the contact step, as a visitor would have answered them (kept in session storage). */
async function earlierSteps(request: APIRequestContext) {
  const categories = (await (await request.get('/api/categoryprojects')).json()).data as Array<{ id: number; slug: string }>;
  const renovation = categories.find((c) => c.slug === 'renovation')!;
  const biens = (await (await request.get(`/api/biens/category-bien/${renovation.id}`)).json()).data as Array<{ id: number; slug: string }>;
  return {
    support: 'Projet clé en main',
    projet: renovation.id,
    bien: biens.find((b) => b.slug === 'maison')!.id,
    street: '18 rue Oberkampf',
    codePostale: '75011',
    ville: 'Paris 11e Arrondissement',
    cityCode: '75111',
    showAdresse: false,
    country: 'France',
    surface: '68',
    surfaceTravaux: '45,5',
    budget: '30k-60k',
    times: 'Dans les 3 mois',
    delai: '6 à 12 mois',
    proprio: 'Propriétaire',
    description: 'Rénovation complète : cuisine ouverte, salle d’eau et électricité aux normes.',
    accompagnement: true,
    besoinAccompagnement: 'Suivi de chantier',
    etape: 6,
  };
}

async function atContactStep(page: Page, steps: Record<string, unknown>) {
  await page.evaluate((values) => {
    for (const [key, value] of Object.entries(values)) sessionStorage.setItem(key, JSON.stringify(value));
  }, steps);
  await page.reload();
  await expect(page.getByTestId('journey-step-title')).toHaveText('Vos coordonnées');
}

test('a visitor on a phone types the phone last and presses « Envoyer ma demande » once: it is checked, then sent', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await atContactStep(page, await earlierSteps(page.request));
  await fillContactWithMistakes(page);
  // Straight from the phone field to the button: the press leaves the field, and it still counts.
  const send = page.getByRole('button', { name: 'Envoyer ma demande' });
  await send.click();
  await expect(page.getByText('Corrigez les champs signalés pour continuer.')).toBeVisible();
  await expect(page.getByText("L'adresse e-mail n'est pas valide.")).toBeVisible();
  await expect(page.getByText(/Le numéro de téléphone n'est pas valide/).first()).toBeVisible();
  // Refused, every typed value stays.
  await expect(field(page, 'Nom')).toHaveValue('Lambert');
  await expect(field(page, 'Prénom')).toHaveValue('Sophie');
  await expect(field(page, 'Adresse e-mail')).toHaveValue('sophie@');
  await expect(field(page, 'Téléphone')).toHaveValue('12 34');
  await expect(page.getByLabel('Madame')).toBeChecked();
  await page.screenshot({ path: `${SHOTS}/journey-refused-375-fr.png`, fullPage: true });

  const email = `visiteur.${uniqueTag()}@exemple.fr`;
  await field(page, 'Adresse e-mail').fill(email);
  await field(page, 'Téléphone').fill('06 12 34 56 78');
  await send.click();
  await expect(page.getByTestId('journey-confirmation')).toContainText('Votre demande est envoyée');
});

test('the last step’s two buttons: stacked at full width on a phone, side by side on a computer, of one height', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.goto('/');
  const steps = await earlierSteps(page.request);
  for (const lng of ['fr', 'ar'] as const) {
    for (const width of [375, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/?lng=${lng}`);
      await page.evaluate((values) => {
        for (const [key, value] of Object.entries(values)) sessionStorage.setItem(key, JSON.stringify(value));
      }, steps);
      await page.reload();
      const buttons = page.getByTestId('journey-buttons').getByRole('button');
      await expect(buttons).toHaveCount(2);
      await expect(buttons.nth(1)).toHaveText(lng === 'fr' ? 'Envoyer ma demande' : 'إرسال طلبي');
      const [previous, send] = [(await buttons.nth(0).boundingBox())!, (await buttons.nth(1).boundingBox())!];
      expect(Math.abs(previous.height - send.height), `même hauteur (${lng}, ${width})`).toBeLessThanOrEqual(1);
      if (width === 375) {
        expect(Math.abs(previous.x - send.x), `alignés (${lng})`).toBeLessThanOrEqual(1);
        expect(Math.abs(previous.width - send.width), `même largeur (${lng})`).toBeLessThanOrEqual(1);
        expect(send.y, `l’un sous l’autre (${lng})`).toBeGreaterThanOrEqual(previous.y + previous.height);
        expect(previous.x).toBeGreaterThanOrEqual(0);
        expect(send.x + send.width).toBeLessThanOrEqual(375);
      } else {
        expect(Math.abs(previous.y - send.y), `côte à côte (${lng})`).toBeLessThanOrEqual(1);
      }
      await page.screenshot({ path: `${SHOTS}/journey-last-step-${lng}-${width}.png`, fullPage: true });
    }
  }
});

test('a logged-in client’s new request starts from their civility, client type, company and phone', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  const request = page.request;
  // The account is created with « Mme » and 06 11 22 33 44; its first request was made as a company.
  const client = await createAccount(request, { user_type: 'client', firstname: 'Hélène', phone: '06 11 22 33 44' });
  const steps = await earlierSteps(request);
  const siret = uniqueSiret();
  const first = await request.post('/api/projects', {
    headers: client.headers,
    data: {
      ...steps,
      etape: undefined,
      surface: 68,
      surfaceTravaux: 45.5,
      valueBien: null,
      typeClient: 'entreprise',
      companyName: 'SCI Les Tilleuls',
      siret,
      civility: 'Mme',
      lastname: client.lastname,
      firstname: client.firstname,
      email: client.email,
      phone: '06 11 22 33 44',
    },
  });
  expect(first.status(), await first.text()).toBe(201);

  await page.setViewportSize({ width: 375, height: 812 });
  await loginAs(page, client.email, client.password);
  await page.goto('/');
  // The profile's answer fills the request kept in the session.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('typeClient'))).toBe('"entreprise"');
  await atContactStep(page, steps);
  await expect(page.getByLabel('Madame')).toBeChecked();
  await expect(page.getByLabel('Entreprise')).toBeChecked();
  await expect(field(page, 'Raison sociale')).toHaveValue('SCI Les Tilleuls');
  await expect(field(page, 'Numéro SIRET')).toHaveValue(siret);
  await expect(field(page, 'Téléphone')).toHaveValue('06 11 22 33 44');
  await expect(field(page, 'Nom')).toHaveValue(client.lastname);
  await page.screenshot({ path: `${SHOTS}/journey-client-prefilled-375-fr.png`, fullPage: true });
  await page.goto('/?lng=ar');
  await expect(page.getByRole('radio', { name: 'السيدة' })).toBeChecked();
  // The number keeps its order in a right-to-left page.
  const phone = page.locator('input[type="tel"]');
  await expect(phone).toHaveAttribute('dir', 'ltr');
  expect(await phone.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  await page.screenshot({ path: `${SHOTS}/journey-client-prefilled-375-ar.png`, fullPage: true });
  await page.goto('/?lng=fr');

  // Sent as it stands: the new project carries them.
  await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(page.getByTestId('journey-confirmation')).toBeVisible();
  const list = await request.get(`/api/project/list-per-user/${client.id}?page=1&per_page=5`, { headers: client.headers });
  const newest = (await list.json()).data.items[0] as { id: number };
  expect(newest.id).not.toBe((await first.json()).data.project.id);
  const { project } = (await (await request.get(`/api/project/detail-project/${newest.id}`, { headers: client.headers })).json()).data;
  expect(project).toMatchObject({ typeClient: 'entreprise', companyName: 'SCI Les Tilleuls', siret, civility: 'Mme' });
  expect(project.phone).toMatch(/611223344$/);
});
