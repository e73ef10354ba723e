import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, loginAs } from './support';

const SHOTS = fileURLToPath(new URL('../../../test-results/screens', import.meta.url));

async function apiLogin(request: APIRequestContext, email: string) {
  const res = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  const data = (await res.json()).data;
  return { id: data.datauser.id as number, headers: { authorization: `Bearer ${data.token.token}` } };
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'fr-FR' });
  return context.newPage();
}

/** A fresh project of client@ouvrage.test in Lyon 7e, validated by the admin (so it can go out to tender). */
async function validatedProject(request: APIRequestContext, admin: { headers: Record<string, string> }) {
  const client = await apiLogin(request, 'client@ouvrage.test');
  const categories = (await (await request.get('/api/categoryprojects')).json()).data as Array<{ id: number; slug: string }>;
  const renovation = categories.find((c) => c.slug === 'renovation')!;
  const biens = (await (await request.get(`/api/biens/category-bien/${renovation.id}`)).json()).data as Array<{ id: number; slug: string }>;
  const maison = biens.find((b) => b.slug === 'maison')!;
  const res = await request.post('/api/projects', {
    headers: client.headers,
    data: {
      support: 'Réalisation des travaux',
      projet: renovation.id,
      bien: maison.id,
      street: '3 rue de Marseille',
      codePostale: '69007',
      ville: 'Lyon 7e Arrondissement',
      cityCode: '69387',
      showAdresse: false,
      surface: 90,
      surfaceTravaux: 9,
      valueBien: null,
      budget: '10k-30k',
      times: 'Dans les 3 mois',
      delai: 'Moins de 6 mois',
      proprio: 'Propriétaire',
      description: 'Refaire entièrement la salle de bains : douche à l’italienne, meuble double vasque et faïence.',
      accompagnement: false,
      besoinAccompagnement: null,
      typeClient: 'particulier',
      companyName: null,
      siret: null,
      civility: 'Mme',
      lastname: 'Bernard',
      firstname: 'Julie',
      email: 'client@ouvrage.test',
      phone: '06 12 34 56 78',
      country: 'France',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const projectId = (await res.json()).data.project.id as number;
  const validated = await request.post('/api/admin/project/change-state', { headers: admin.headers, data: { project_id: projectId, state: 'Validé' } });
  expect(validated.ok()).toBeTruthy();
  return projectId;
}

/** Withdraw the demo tenders still available to these professionals, so that their bells start at 0. */
async function clearAvailable(request: APIRequestContext, admin: { headers: Record<string, string> }, professionalIds: number[]) {
  for (const id of professionalIds) {
    const list = await request.get(`/admin/account/liste-offre-envoyer?professional_id=${id}&status=Disponible`, { headers: admin.headers });
    for (const t of (await list.json()).data.items as Array<{ id: number }>) {
      expect((await request.delete(`/admin/supprimer/offre/${t.id}`, { headers: admin.headers })).ok()).toBeTruthy();
    }
  }
}

test('the admin sends a tender to two professionals; the bell of one shows 1 live; they accept; the client sees them', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await apiLogin(request, 'admin@ouvrage.test');
  const pro = await apiLogin(request, 'pro@ouvrage.test');
  // The architect, not the architect: foundation.spec changes the architect's password.
  const architect = await apiLogin(request, 'architecte@ouvrage.test');
  await clearAvailable(request, admin, [pro.id, architect.id]);
  const projectId = await validatedProject(request, admin);

  // The professional is on their dashboard: no tender available, no bell.
  const proPage = await newPage(browser);
  await loginAs(proPage, 'pro@ouvrage.test');
  await expect(proPage.getByTestId('bell')).toHaveCount(0);

  // The admin opens « Créer un appel d'offre » from the project page.
  const adminPage = await newPage(browser);
  await loginAs(adminPage, 'admin@ouvrage.test');
  await adminPage.goto(`/single-projet/${projectId}`);
  await adminPage.getByTestId('create-tender').click();
  await expect(adminPage).toHaveURL(new RegExp(`/appel-offre/nouveau/${projectId}$`));
  const proSuggestion = adminPage.getByTestId(`suggestion-${pro.id}`);
  await expect(proSuggestion).toContainText('Intervient dans tout le département 69.');
  await expect(proSuggestion).toContainText('Métier adapté à ce type de projet : Plombier.');
  // The architect works in Île-de-France: shown only when asked for, marked « Hors zone ».
  await expect(adminPage.getByTestId(`suggestion-${architect.id}`)).toHaveCount(0);
  await adminPage.getByLabel('Afficher aussi les professionnels hors zone').check();
  await expect(adminPage.getByTestId(`suggestion-${architect.id}`)).toContainText('Hors zone');
  await adminPage.getByTestId(`pick-${pro.id}`).check();
  await adminPage.getByTestId(`pick-${architect.id}`).check();
  await adminPage.locator('textarea[name="message"]').fill('Salle de bains à refaire, la cliente est disponible en semaine.');
  await adminPage.screenshot({ path: `${SHOTS}/tender-create-fr.png`, fullPage: true });
  const clickedAt = Date.now();
  await adminPage.getByTestId('send-tenders').click();

  // Without any reload, the professional's bell shows 1 (server-sent events).
  await expect(proPage.getByTestId('bell-count')).toContainText('1', { timeout: 8_000 });
  console.log(`bell updated ${Date.now() - clickedAt} ms after « Envoyer »`);
  await expect(adminPage.getByTestId('tender-sent')).toContainText("2 appels d'offre envoyés.");
  await proPage.screenshot({ path: `${SHOTS}/tender-bell-fr.png` });
  await proPage.getByTestId('bell').click();
  await proPage.getByTestId('bell-see').click();
  await expect(proPage).toHaveURL(/\/list-offre$/);

  // The tender shows the project but not the client's contact details until accepted.
  const list = await request.get(`/api/professionnel/mes-offres/${pro.id}?scope=available`, { headers: pro.headers });
  const tenderId = (await list.json()).data.items.find((t: { project: { id: number } }) => t.project.id === projectId).id as number;
  const card = proPage.getByTestId(`tender-${tenderId}`);
  await expect(card).toContainText('Rénovation — Maison à Lyon 7e Arrondissement');
  await expect(card).toContainText('Salle de bains à refaire');
  await expect(card.getByTestId('tender-deadline')).toContainText('Répondre avant le');
  await expect(card).not.toContainText('client@ouvrage.test');
  await expect(card).not.toContainText('3 rue de Marseille');
  await proPage.screenshot({ path: `${SHOTS}/tender-list-fr.png`, fullPage: true });
  await card.getByTestId('tender-accept').click();
  await expect(card.getByTestId('client-contact')).toContainText('client@ouvrage.test');
  await expect(card.getByTestId('client-contact')).toContainText('3 rue de Marseille');
  await expect(proPage.getByTestId('bell')).toHaveCount(0);
  await proPage.screenshot({ path: `${SHOTS}/tender-accepted-fr.png`, fullPage: true });

  // The architect accepts too (through the API, as their screen would).
  const architectList = await request.get(`/api/professionnel/mes-offres/${architect.id}?scope=available`, { headers: architect.headers });
  const architectTender = (await architectList.json()).data.items.find((t: { project: { id: number } }) => t.project.id === projectId).id;
  expect((await request.post(`/api/professionnel/mes-offres/validate/${architectTender}`, { headers: architect.headers, data: {} })).ok()).toBeTruthy();

  // My projects and my clients.
  await proPage.getByRole('tab', { name: 'Mes clients' }).click();
  await expect(proPage.getByTestId('my-clients')).toContainText('client@ouvrage.test');

  // The client sees who accepted, with the public profile, on the project page; the project is « Attribué ».
  const clientPage = await newPage(browser);
  await loginAs(clientPage, 'client@ouvrage.test');
  await clientPage.goto(`/single-projet/${projectId}`);
  const accepted = clientPage.getByTestId('accepted-professionals');
  await expect(accepted.getByTestId(`accepted-professional-${pro.id}`)).toContainText('Benali Plomberie');
  await expect(accepted.getByTestId(`accepted-professional-${pro.id}`)).toContainText('Plombier');
  await expect(accepted.getByTestId(`accepted-professional-${architect.id}`)).toBeVisible();
  await expect(clientPage.getByTestId('project-state')).toHaveText('Attribué');
  await clientPage.screenshot({ path: `${SHOTS}/tender-client-project-fr.png`, fullPage: true });

  // The admin's list shows both acceptances.
  await adminPage.goto('/list-offre');
  await adminPage.getByTestId('filter-status').click();
  await adminPage.getByRole('option', { name: 'Acceptée', exact: true }).click();
  await expect(adminPage.getByTestId('sent-tenders')).toContainText('Benali Plomberie');
  await expect(adminPage.getByTestId('sent-tenders')).toContainText('Atelier Lefèvre');
  await adminPage.screenshot({ path: `${SHOTS}/tender-admin-list-fr.png`, fullPage: true });

  // The same screens in English and Arabic (right to left).
  for (const lng of ['en', 'ar'] as const) {
    await proPage.goto(`/list-offre?onglet=historique&lng=${lng}`);
    await expect(proPage.locator('html')).toHaveAttribute('lang', lng);
    await expect(proPage.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
    await expect(proPage.getByTestId(`tender-${tenderId}`)).toBeVisible();
    await proPage.screenshot({ path: `${SHOTS}/tender-list-${lng}.png`, fullPage: true });
    await clientPage.goto(`/single-projet/${projectId}?lng=${lng}`);
    await expect(clientPage.getByTestId('accepted-professionals')).toBeVisible();
    await clientPage.screenshot({ path: `${SHOTS}/tender-client-project-${lng}.png`, fullPage: true });
    await adminPage.goto(`/appel-offre/nouveau/${projectId}?lng=${lng}`);
    await expect(adminPage.getByTestId(`suggestion-${pro.id}`)).toBeVisible();
    await adminPage.screenshot({ path: `${SHOTS}/tender-create-${lng}.png`, fullPage: true });
  }
});
