import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin, architectWithAcceptedProject, livingRoomQuote, loginAs, uniqueTag, validatedQuoteThroughApi } from './support';

// Screens load lazily: on a loaded CI machine the first paint of a fresh context may take a while.
const expect = baseExpect.configure({ timeout: 30_000 });

const SHOTS = process.env.E2E_SHOTS_DIR ?? fileURLToPath(new URL('../../../test-results/screens', import.meta.url));

/** The timeline alone and the whole page, from the top (the shell's fixed bar stays at the top). */
async function shoot(page: Page, timeline: Locator, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await timeline.boundingBox();
  if (box) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, clip: box });
  await page.screenshot({ path: `${SHOTS}/${name}-page.png`, fullPage: true });
}

test('the client follows their project’s activity: request, tender, quote signed and validated, deposit invoice — in French and in Arabic, and opens a record from it', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  const tag = uniqueTag();
  const { client, architect, projectId } = await architectWithAcceptedProject(request, { raison_sociale: `Atelier Activité ${tag}` });
  const quoteId = await validatedQuoteThroughApi({ request }, architect, client, projectId, livingRoomQuote(0));
  const issued = await request.post('/api/facture', { headers: architect.headers, data: { quote_id: quoteId, kind: 'acompte', percent_bp: 3000 } });
  expect(issued.status(), await issued.text()).toBe(201);
  const invoice = (await issued.json()).data as { id: number; number: string };

  // French: the timeline on the project page, newest first.
  const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const page = await context.newPage();
  await loginAs(page, client.email, client.password);
  await page.goto(`/single-projet/${projectId}`);
  const timeline = page.getByTestId('project-activity');
  await expect(timeline.getByRole('heading', { name: 'Activité du projet' })).toBeVisible();
  const items = timeline.locator('[data-kind]');
  await expect(items.first()).toHaveAttribute('data-kind', 'invoice.issued');
  // Numbers and amounts sit in left-to-right isolates (they keep their order in Arabic): read without them.
  const text = (await timeline.innerText()).replace(/[\u2066-\u2069]/g, '');
  const first = (await items.first().innerText()).replace(/[\u2066-\u2069]/g, '');
  expect(first).toMatch(new RegExp(`Facture ${invoice.number} émise \\(acompte\\) : 1[\\s\u202f]050,00[\\s\u202f]€ TTC`));
  expect(text).toMatch(/Devis D-\d{4}-\d{4} signé électroniquement/);
  expect(text).toContain('Appel d’offre accepté');
  expect(text).toContain('État du projet passé de « En attente » à « Validé »');
  expect(text).toContain('Projet déposé');
  await expect(timeline.locator('[data-kind="quote.signed"]')).toContainText(`${client.firstname} ${client.lastname} · Client`);
  const kinds = await items.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-kind')));
  const at = (kind: string) => kinds.indexOf(kind);
  for (const [newer, older] of [
    ['invoice.issued', 'quote.validated'],
    ['quote.validated', 'quote.signed'],
    ['quote.signed', 'quote.sent'],
    ['quote.sent', 'tender.accepted'],
    ['tender.accepted', 'tender.sent'],
    ['tender.sent', 'project.created'],
  ]) {
    expect(at(newer), `${newer} avant ${older} dans ${kinds.join(', ')}`).toBeGreaterThanOrEqual(0);
    expect(at(newer)).toBeLessThan(at(older));
  }
  await shoot(page, timeline, 'activity-client-fr');

  // A link leads to the record: the invoice.
  await items.first().getByRole('link', { name: 'Voir la facture' }).click();
  await expect(page).toHaveURL(new RegExp(`/facture/${invoice.id}$`));
  await page.goBack();
  await timeline.locator('[data-kind="quote.signed"]').getByRole('link', { name: 'Voir le devis' }).click();
  await expect(page).toHaveURL(new RegExp(`/devis/${quoteId}$`));
  await context.close();

  // Arabic, right to left: the same timeline in Arabic words, amounts and numbers kept in order.
  const arContext = await browser.newContext({ locale: 'ar', timezoneId: 'Europe/Paris' });
  const ar = await arContext.newPage();
  await loginAs(ar, client.email, client.password);
  await ar.goto(`/single-projet/${projectId}?lng=ar`);
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  const arTimeline = ar.getByTestId('project-activity');
  await expect(arTimeline.getByRole('heading', { name: 'نشاط المشروع' })).toBeVisible();
  await expect(arTimeline.locator('[data-kind="invoice.issued"]')).toContainText(`صدرت الفاتورة`);
  expect((await arTimeline.locator('[data-kind="invoice.issued"]').innerText()).replace(/[\u2066-\u2069]/g, '')).toContain(invoice.number);
  await expect(arTimeline.locator('[data-kind="project.created"]')).toContainText('تم إيداع المشروع');
  await expect(arTimeline.getByRole('link', { name: 'عرض الفاتورة' })).toBeVisible();
  await shoot(ar, arTimeline, 'activity-client-ar');
  await arContext.close();
});

test('the demo client’s Écully project shows a rich timeline (French and Arabic)', async ({ browser, request }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const client = await apiLogin(request, 'client@ouvrage.test');
  const list = await request.get(`/api/project/list-per-user/${client.id}?per_page=50`, { headers: client.headers });
  const ecully = ((await list.json()).data.items as Array<{ id: number; ville: string }>).find((p) => p.ville === 'Écully')!;
  for (const lng of ['fr', 'ar'] as const) {
    const context = await browser.newContext({ locale: lng === 'fr' ? 'fr-FR' : 'ar', timezoneId: 'Europe/Paris' });
    const page = await context.newPage();
    await loginAs(page, 'client@ouvrage.test');
    await page.goto(`/single-projet/${ecully.id}?lng=${lng}`);
    const timeline = page.getByTestId('project-activity');
    await expect(timeline.locator('[data-kind="reception.recorded"]')).toBeVisible();
    // The deposit and the situation after it (decision 1080), and the attic chantier's two milestones (decision 1224).
    await expect(timeline.locator('[data-kind="invoice.issued"]')).toHaveCount(4);
    await expect(timeline.locator('[data-kind="project.created"]')).toBeVisible();
    await shoot(page, timeline, `activity-demo-${lng}`);
    await context.close();
  }
});
