import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { waitForScreen } from './a11y';
import { apiLogin, createAccount, createProfessional, DEMO_ADMIN, loginAs, uniqueTag, validatedProject } from './support';

const SHOTS = fileURLToPath(new URL('../../../test-results/screens', import.meta.url));

/**
 * Trades and services are reference data named in French; the interface names them in the
 * reader's language (decision 0982). The admin reads in Arabic why a plumber suits a project.
 */
test('a suggested professional’s trade, services and the help asked read in Arabic', async ({ page, request }) => {
  const tag = uniqueTag();
  const admin = await apiLogin(request, DEMO_ADMIN);
  const client = await createAccount(request, { user_type: 'client', firstname: 'Inès', lastname: `Haddad${tag}` });
  const plumber = await createProfessional(request, { raison_sociale: `Plomberie Amrani ${tag}`, profession: 'Plombier', departements: ['69'] });
  const services: Array<{ id: number; slug: string }> = (await (await request.get('/api/list-service')).json()).data;
  const professions: Array<{ id: number; slug: string }> = (await (await request.get('/api/list-profession')).json()).data;
  const trade = await request.patch(`/api/professionnel/store-details/${plumber.id}`, {
    headers: plumber.headers,
    data: {
      trade: {
        profession_id: professions.find((p) => p.slug === 'plombier')!.id,
        service_ids: services.filter((s) => s.slug === 'salle-de-bains' || s.slug === 'recherche-fuite').map((s) => s.id),
      },
    },
  });
  expect(trade.ok(), await trade.text()).toBeTruthy();
  const projectId = await validatedProject(request, admin, client);

  await loginAs(page, DEMO_ADMIN);
  await page.goto(`/appel-offre/nouveau/${projectId}?lng=ar`);
  await waitForScreen(page);
  const suggestion = page.getByTestId(`suggestion-${plumber.id}`);
  await expect(suggestion).toContainText('مهنة مناسبة لهذا النوع من المشاريع: سبّاك.');
  await expect(suggestion).toContainText('(تنفيذ الأشغال): سبّاك');
  await expect(suggestion).toContainText('إنشاء حمّام، كشف التسربات');
  await expect(suggestion).not.toContainText('Plombier');
  await suggestion.screenshot({ path: `${SHOTS}/tender-suggestion-ar.png` });
});
