import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { architectWithAcceptedProject, livingRoomQuote, loginAs, uniqueTag, validatedQuoteThroughApi } from './support';

/**
 * A journal entry as a progress invoice's justification (issue 39 §2, decision 1232): the architect
 * writes an entry with a photo on a phone, issues a situation citing it, and sees the invoice named
 * on the entry; the client finds « Justificatifs » on the invoice page and opens the entry with its
 * photo — in French and in Arabic, on a desktop and at 375 px. Screenshots of each.
 */

// Screens load lazily: on a loaded machine the first paint of a fresh context may take a while.
const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = process.env.E2E_SHOTS_DIR ?? new URL('../../../.tmp/shots-site-log-justification', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } as const;
const DESKTOP = { viewport: { width: 1366, height: 900 } } as const;

/** The text of a locator without the Unicode isolates around numbers and names. */
const plain = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).replace(/[\u2066-\u2069]/g, '');

/** Nothing sticks out sideways (retried: after a resize the page settles a moment later). */
async function expectNoSidewaysScroll(page: Page) {
  await expect(async () => expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)).toPass({
    timeout: 10_000,
  });
}

test('the architect justifies a situation with a journal entry; the client opens it from the invoice, in French and Arabic', async ({ browser }) => {
  test.setTimeout(300_000);
  const setup = await browser.newContext();
  const { client, architect, projectId } = await architectWithAcceptedProject(setup.request, { raison_sociale: `Atelier Justif ${uniqueTag()}` });
  const quoteId = await validatedQuoteThroughApi({ request: setup.request }, architect, client, projectId, livingRoomQuote(0));
  await setup.close();
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4080c0' } })
    .jpeg()
    .toBuffer();

  // The architect, on a phone: an entry with its photo.
  const phone = await browser.newContext({ locale: 'fr-FR', ...PHONE });
  const pro = await phone.newPage();
  await loginAs(pro, architect.email, architect.password);
  await pro.goto(`/single-projet/${projectId}`);
  await pro.getByTestId('site-log-new').tap();
  await pro.getByTestId('site-log-form-body').fill('Ouverture du mur porteur faite, IPN posé et calé.');
  await pro.getByTestId('site-log-form-lot').fill('Maçonnerie');
  await pro.getByTestId('site-log-form-photos').setInputFiles([{ name: 'ipn.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  await pro.getByTestId('site-log-form-submit').tap();
  await expect(pro.getByTestId('site-log-saved')).toBeVisible();
  await expect(pro.getByTestId('site-log-entry-1').getByTestId('site-log-photos').getByRole('button')).toHaveCount(1);

  // A situation: half of each lot, justified by entry n° 1, seen in the review before issuing.
  await pro.goto(`/devis/${quoteId}`);
  await pro.getByTestId('issue-invoice').tap();
  const dialog = pro.getByRole('dialog');
  await dialog.getByText('Situation de travaux').tap();
  await pro.getByTestId('invoice-progress-0').fill('50');
  await pro.getByTestId('invoice-progress-1').fill('50');
  await pro.getByTestId('invoice-justifications').tap();
  await pro.getByRole('option', { name: /^n° 1 · .* — Ouverture du mur porteur/ }).tap();
  await pro.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expectNoSidewaysScroll(pro);
  await pro.screenshot({ path: `${SHOTS}/issue-justification-fr-375.png` });
  await dialog.getByTestId('invoice-review-open').tap();
  expect(await plain(pro, 'invoice-review-justifications')).toBe('Justificatifs (journal de chantier) : entrée n° 1');
  await pro.screenshot({ path: `${SHOTS}/review-justification-fr-375.png` });
  await dialog.getByTestId('invoice-confirm').tap();
  await expect(pro).toHaveURL(/\/facture\/\d+$/);
  const invoiceId = Number(/\/facture\/(\d+)$/.exec(pro.url())![1]);
  const number = (await plain(pro, 'invoice-number')).match(/F-\d{4}-\d{4}/)![0];
  expect(await plain(pro, 'invoice-justifications')).toMatch(/entrée n° 1 du \d{2}\/\d{2}\/\d{4}$/);

  // The entry's card names the situation it justifies, as a link to it.
  await pro.goto(`/single-projet/${projectId}`);
  const cited = pro.getByTestId('site-log-entry-1').getByTestId(`site-log-cited-invoice-${invoiceId}`);
  expect((await cited.innerText()).replace(/[\u2066-\u2069]/g, '')).toBe(`Justifie la situation n° ${number}`);
  await pro.getByTestId('site-log-entry-1').screenshot({ path: `${SHOTS}/entry-cited-fr-375.png` });
  await phone.close();

  // The client, on a desktop: the invoice's justification opens the entry and its photo.
  const desk = await browser.newContext({ locale: 'fr-FR', ...DESKTOP });
  const page = await desk.newPage();
  await loginAs(page, client.email, client.password);
  await page.goto(`/facture/${invoiceId}`);
  const justification = page.getByTestId('invoice-justifications');
  await expect(justification).toContainText('Justificatifs');
  await expect(justification).toContainText('Journal de chantier :');
  await page.screenshot({ path: `${SHOTS}/invoice-client-fr-1366.png`, fullPage: true });
  await justification.getByTestId('cited-entry-1').click();
  const entry = page.getByTestId('site-log-cited-entry');
  await expect(entry).toContainText('Ouverture du mur porteur faite');
  expect((await entry.innerText()).replace(/[\u2066-\u2069]/g, '')).toContain(`Justifie la situation n° ${number}`);
  await expect(entry.getByTestId('site-log-photos').getByRole('button')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/entry-client-fr-1366.png` });
  await entry.getByTestId('site-log-photos').getByRole('button').click();
  const full = page.getByTestId('site-log-photo-full');
  await expect(full).toBeVisible();
  expect(await full.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([64, 48]);

  // In Arabic, on the desktop then at 375 px.
  await page.goto(`/facture/${invoiceId}?lng=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(justification).toContainText('المستندات المبرِّرة');
  await page.screenshot({ path: `${SHOTS}/invoice-client-ar-1366.png`, fullPage: true });
  await justification.getByTestId('cited-entry-1').click();
  await expect(entry).toContainText('سجل الورشة');
  await expect(entry).toContainText('يبرّر فاتورة تقدم الأشغال رقم');
  await page.screenshot({ path: `${SHOTS}/entry-client-ar-1366.png` });
  await page.keyboard.press('Escape');
  await expect(entry).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 812 });
  await justification.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/invoice-client-ar-375.png` });
  await justification.getByTestId('cited-entry-1').click();
  await expect(entry.getByTestId('site-log-photos').getByRole('button')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/entry-client-ar-375.png` });
  await page.keyboard.press('Escape');

  // French at 375 px, and the journal on the project page names the invoice to the client too.
  await page.goto(`/facture/${invoiceId}?lng=fr`);
  await expect(justification).toContainText('Justificatifs');
  await justification.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/invoice-client-fr-375.png` });
  await page.goto(`/single-projet/${projectId}`);
  await expect(page.getByTestId('site-log-entry-1').getByTestId(`site-log-cited-invoice-${invoiceId}`)).toBeVisible();
  await desk.close();
});
