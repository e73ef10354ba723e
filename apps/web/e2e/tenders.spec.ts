import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiLogin, createAccount, createProfessional, DEMO_ADMIN, loginAs, uniqueTag, validatedProject } from './support';

const SHOTS = fileURLToPath(new URL('../../../test-results/screens', import.meta.url));

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'fr-FR' });
  return context.newPage();
}

test('the admin sends a tender to two professionals; the bell of one shows 1 live; they accept; the client sees them', async ({ browser, request }) => {
  test.setTimeout(120_000);
  // The spec's own client and professionals: a plumber working in the Rhône, an architect in Paris.
  const tag = uniqueTag();
  const admin = await apiLogin(request, DEMO_ADMIN);
  const client = await createAccount(request, { user_type: 'client', firstname: 'Julie', lastname: `Bernard${tag}` });
  const plumberName = `Plomberie Benali ${tag}`;
  const architectName = `Atelier Lefèvre ${tag}`;
  const pro = await createProfessional(request, { raison_sociale: plumberName, profession: 'Plombier', departements: ['69'] });
  const architect = await createProfessional(request, {
    user_type: 'architecte',
    raison_sociale: architectName,
    profession: 'Architecte',
    departements: ['75'],
  });
  const projectId = await validatedProject(request, admin, client);

  // The professional is on their dashboard: no tender available, no bell.
  const proPage = await newPage(browser);
  await loginAs(proPage, pro.email, pro.password);
  await expect(proPage.getByTestId('bell')).toHaveCount(0);

  // The admin opens « Créer un appel d'offre » from the project page.
  const adminPage = await newPage(browser);
  await loginAs(adminPage, DEMO_ADMIN);
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
  // No polling draws the bell: only the stream can. A generous wait (a loaded machine is slow).
  await expect(proPage.getByTestId('bell-count')).toContainText('1', { timeout: 30_000 });
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
  await expect(card).not.toContainText(client.email);
  await expect(card).not.toContainText('3 rue de Marseille');
  await proPage.screenshot({ path: `${SHOTS}/tender-list-fr.png`, fullPage: true });
  await card.getByTestId('tender-accept').click();
  await expect(card.getByTestId('client-contact')).toContainText(client.email);
  await expect(card.getByTestId('client-contact')).toContainText('3 rue de Marseille');
  // Accepted, the tender leads to the conversation with the client (decision 1230).
  await expect(card.getByTestId('tender-write-client')).toHaveText('Écrire au client');
  await expect(proPage.getByTestId('bell')).toHaveCount(0);
  await proPage.screenshot({ path: `${SHOTS}/tender-accepted-fr.png`, fullPage: true });

  // The architect accepts too (through the API, as their screen would).
  const architectList = await request.get(`/api/professionnel/mes-offres/${architect.id}?scope=available`, { headers: architect.headers });
  const architectTender = (await architectList.json()).data.items.find((t: { project: { id: number } }) => t.project.id === projectId).id;
  expect((await request.post(`/api/professionnel/mes-offres/validate/${architectTender}`, { headers: architect.headers, data: {} })).ok()).toBeTruthy();

  // My projects and my clients.
  await proPage.getByRole('tab', { name: 'Mes clients' }).click();
  await expect(proPage.getByTestId('my-clients')).toContainText(client.email);

  // The client sees who accepted, with the public profile, on the project page; the project is « Attribué ».
  const clientPage = await newPage(browser);
  await loginAs(clientPage, client.email, client.password);
  await clientPage.goto(`/single-projet/${projectId}`);
  const accepted = clientPage.getByTestId('accepted-professionals');
  await expect(accepted.getByTestId(`accepted-professional-${pro.id}`)).toContainText(plumberName);
  await expect(accepted.getByTestId(`accepted-professional-${pro.id}`)).toContainText('Plombier');
  await expect(accepted.getByTestId(`accepted-professional-${architect.id}`)).toBeVisible();
  await expect(clientPage.getByTestId('project-state')).toHaveText('Attribué');
  await clientPage.screenshot({ path: `${SHOTS}/tender-client-project-fr.png`, fullPage: true });
  await expect(accepted.getByRole('heading')).toHaveText('Professionnels qui ont accepté votre projet (2)');
  // The admin reads the same section about « the client », not as its addressee.
  await adminPage.goto(`/single-projet/${projectId}`);
  await expect(adminPage.getByTestId('accepted-professionals').getByRole('heading')).toHaveText('Professionnels qui ont accepté ce projet (2)');
  await expect(adminPage.getByTestId('accepted-professionals')).toContainText('Ils vont prendre contact avec le client');

  // The admin's list shows both acceptances.
  await adminPage.goto('/list-offre');
  await adminPage.getByTestId('filter-status').click();
  await adminPage.getByRole('option', { name: 'Acceptée', exact: true }).click();
  await expect(adminPage.getByTestId('sent-tenders')).toContainText(plumberName);
  await expect(adminPage.getByTestId('sent-tenders')).toContainText(architectName);
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
    // The trade is named in the reader's language (decision 0982), not in the seed's French.
    const acceptedPlumber = clientPage.getByTestId(`accepted-professional-${pro.id}`);
    await expect(acceptedPlumber).toContainText(lng === 'ar' ? 'سبّاك' : 'Plumber');
    await expect(acceptedPlumber).not.toContainText('Plombier');
    await clientPage.screenshot({ path: `${SHOTS}/tender-client-project-${lng}.png`, fullPage: true });
    await adminPage.goto(`/appel-offre/nouveau/${projectId}?lng=${lng}`);
    await expect(adminPage.getByTestId(`suggestion-${pro.id}`)).toBeVisible();
    await adminPage.screenshot({ path: `${SHOTS}/tender-create-${lng}.png`, fullPage: true });
  }
});
