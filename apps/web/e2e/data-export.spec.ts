import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Download, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { architectWithAcceptedProject, loginAs } from './support';

const SHOTS = process.env.E2E_SHOTS_DIR ?? fileURLToPath(new URL('../../../.tmp/shots-data-export', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

const phone = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } as const;

/** The downloaded archive opened: its files and `donnees.json` read. */
async function archiveOf(download: Download) {
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  return { files, data: JSON.parse(strFromU8(files['donnees.json'])) as Record<string, any> };
}

async function downloadMyData(page: Page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('my-data-download').tap()]);
  expect(download.suggestedFilename()).toMatch(/^ouvrage-mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
  return archiveOf(download);
}

/**
 * Issue 39 §3 (decision 1233): on a phone, the client downloads her data from /profil in French —
 * a ZIP with her conversation and its messages; the professional does the same in Arabic, and a
 * second try within 10 minutes is refused with a message in Arabic.
 */
test('the client and the professional download their data from /profil on a phone, in French and in Arabic', async ({ browser }) => {
  test.setTimeout(180_000);
  const setup = await browser.newContext();
  const { client, architect, projectId } = await architectWithAcceptedProject(setup.request, { raison_sociale: 'Atelier Roux Architectes' });
  const opened = await setup.request.post(`/api/projet/${projectId}/conversations`, { headers: client.headers, data: { with_user_id: architect.id } });
  expect(opened.ok(), await opened.text()).toBeTruthy();
  const conversationId = (await opened.json()).data.id as number;
  const say = (who: { headers: Record<string, string> }, body: string) =>
    setup.request.post(`/api/conversations/${conversationId}/messages`, { headers: who.headers, data: { body } });
  expect((await say(client, 'Bonjour, la cuisine peut-elle commencer en mars ?')).ok()).toBeTruthy();
  expect((await say(architect, 'Oui, le 3 mars.')).ok()).toBeTruthy();

  // 1. The client, in French on a phone.
  const clientPage = await (await browser.newContext({ locale: 'fr-FR', ...phone })).newPage();
  await loginAs(clientPage, client.email, client.password);
  await clientPage.goto('/profil');
  const section = clientPage.getByTestId('my-data');
  await expect(section.getByRole('heading', { name: 'Mes données' })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  const { files, data } = await downloadMyData(clientPage);
  await expect(section.getByRole('status')).toHaveText('Votre archive est téléchargée.');
  await section.screenshot({ path: `${SHOTS}/data-export-fr-375.png` });
  expect(strFromU8(files['README.txt'])).toContain('Vos données sur Ouvrage');
  expect(data.profile.email).toBe(client.email);
  const conversation = data.conversations.find((c: { id: number }) => c.id === conversationId);
  expect(conversation.messages.map((m: { author: string; text: string }) => [m.author, m.text])).toEqual([
    ['vous', 'Bonjour, la cuisine peut-elle commencer en mars ?'],
    [`${architect.firstname} ${architect.lastname}`, 'Oui, le 3 mars.'],
  ]);

  // 2. The professional, in Arabic on a phone: his archive, then the 10-minute limit said in Arabic.
  const proPage = await (await browser.newContext({ locale: 'fr-FR', ...phone })).newPage();
  await loginAs(proPage, architect.email, architect.password);
  await proPage.goto('/profil?lng=ar');
  await expect(proPage.locator('html')).toHaveAttribute('dir', 'rtl');
  const proSection = proPage.getByTestId('my-data');
  await expect(proSection.getByRole('heading', { name: 'بياناتي' })).toBeVisible();
  await proSection.scrollIntoViewIfNeeded();
  const pro = await downloadMyData(proPage);
  expect(pro.data.conversations.find((c: { id: number }) => c.id === conversationId).messages.map((m: { text: string }) => m.text)).toEqual([
    'Bonjour, la cuisine peut-elle commencer en mars ?',
    'Oui, le 3 mars.',
  ]);
  await proPage.getByTestId('my-data-download').tap();
  await expect(proSection.getByRole('alert')).toContainText('منذ أقل من 10 دقائق');
  await proSection.screenshot({ path: `${SHOTS}/data-export-ar-375.png` });
  // The button stays within the phone's width.
  const box = (await proPage.getByTestId('my-data-download').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
});
