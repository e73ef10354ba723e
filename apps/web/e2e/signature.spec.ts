import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { architectWithAcceptedProject, lastSigningCode, loginAs, uniqueTag, readToTheEnd } from './support';

const SHOTS = fileURLToPath(new URL('../../../test-results/screens', import.meta.url));

/** An accepted quote at 10 % TVA (so the client also ticks the certification). */
async function acceptedQuote(page: Page) {
  const { client, architect, projectId } = await architectWithAcceptedProject(page.request, { raison_sociale: `Atelier Signature ${uniqueTag()}` });
  const body = {
    project_id: projectId,
    title: 'Isolation des combles',
    lots: [
      {
        title: 'Isolation',
        lines: [{ designation: 'Laine soufflée 30 cm', quantity_milli: 1000, unit: 'forfait', unit_price_cents: 100_000, tva_rate_bp: 1000 }],
      },
    ],
    validity_days: 30,
    deposit_bp: 3000,
    payment_terms: 'Solde à la réception des travaux.',
    late_penalty_bp: 1000,
    retention_bp: 0,
    expected_totals: { total_ht_cents: 100_000, total_tva_cents: 10_000, total_ttc_cents: 110_000 },
  };
  const created = await page.request.post('/api/devis', { headers: architect.headers, data: body });
  expect(created.ok(), await created.text()).toBeTruthy();
  const id = (await created.json()).data.id as number;
  const sent = await page.request.post(`/api/send-devis-email/${id}`, { headers: architect.headers });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  const accepted = await page.request.post(`/api/validate-devis-client/${id}`, { headers: client.headers, data: {} });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
  return { id, client, architect };
}

test('the client signs an accepted quote with the mouse and downloads the signed PDF, which pdfsig verifies', async ({ browser }) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({ locale: 'fr-FR', acceptDownloads: true });
  const page = await context.newPage();
  const { id, client } = await acceptedQuote(page);

  await loginAs(page, client.email, client.password);
  await page.goto(`/devis/${id}`);
  await page.getByTestId('quote-sign').click();
  await expect(page).toHaveURL(new RegExp(`/devis/${id}/signer$`));

  // The code from the mail.
  await page.getByTestId('signing-send-code').click();
  await expect(page.getByTestId('signing-code-timer')).toContainText('Code valable encore');

  // A reload finds the code sent and still valid: it is asked for, not sent again (issue 36 §3).
  // Before reading the outbox: the admin's API login there would become the page's session on a reload.
  await page.reload();
  await expect(page.getByTestId('signing-code-sent-to')).toContainText('Un code a été envoyé à');
  await expect(page.getByTestId('signing-resend')).toBeDisabled();
  await expect(page.getByTestId('signing-resend')).toContainText(/Renvoyer un code \(\d+ s\)/);
  await expect(page.getByTestId('signing-send-code')).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/signature-code-reload-fr-375.png`, fullPage: true });
  await page.goto(`/devis/${id}/signer?lng=ar`);
  await expect(page.getByTestId('signing-code-sent-to')).toContainText('أُرسل رمز إلى');
  await page.screenshot({ path: `${SHOTS}/signature-code-reload-ar-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/devis/${id}/signer?lng=fr`);
  await expect(page.getByTestId('signing-code-sent-to')).toContainText('Un code a été envoyé à');
  const code = await lastSigningCode(page, client.email);
  await page.getByTestId('signing-code-input').locator('input').first().click();
  await page.keyboard.type(code);

  // The whole document, its SHA-256 shown.
  await expect(page.getByTestId('signing-read')).toBeVisible({ timeout: 30_000 });
  const shown = (await page.getByTestId('signing-sha').innerText()).trim();
  expect(shown).toMatch(/^[0-9a-f]{64}$/);
  await expect(page.getByTestId('signing-accept')).toBeDisabled();
  await readToTheEnd(page);
  await page.getByTestId('signing-accept').check();
  await page.getByTestId('signing-certify').check();

  // A signature drawn with the mouse.
  const canvas = page.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 24; i += 1) await page.mouse.move(box.x + 30 + i * 10, box.y + box.height * (0.7 - 0.4 * Math.sin(i / 3)), { steps: 2 });
  await page.mouse.up();
  await expect(page.getByTestId('signing-submit')).toBeEnabled();
  await page.screenshot({ path: `${SHOTS}/signature-quote-fr.png`, fullPage: true });
  await page.getByTestId('signing-submit').click();
  await expect(page.getByTestId('signing-done')).toContainText('Document signé', { timeout: 60_000 });

  // The signed PDF, checked by a verifier that is not ours.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('signing-download').click();
  const file = await (await downloading).path();
  const report = execFileSync('pdfsig', [file], { encoding: 'utf8' });
  expect(report).toContain('Signature is Valid');
  expect(report).toContain('Total document signed');
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  expect(text.replace(/\s+/g, '')).toContain(shown);
  expect(readFileSync(file).length).toBeGreaterThan(1000);

  // The quote says so, with the signed PDF to download.
  await page.goto(`/devis/${id}`);
  await expect(page.getByTestId('quote-signed-badge')).toHaveText('Devis signé');
  await expect(page.getByTestId('quote-status').first()).toHaveText('Signé');

  // Anyone, logged out, checks the file on /verification: sealed, unchanged, and who signed it;
  // then pastes its SHA-256 instead (decision 0635).
  const visitor = await browser.newContext({ locale: 'fr-FR' });
  const check = await visitor.newPage();
  await check.goto('/verification');
  await check.locator('input[type="file"]').setInputFiles(file);
  const card = check.getByRole('status').filter({ hasText: 'Document scellé par Ouvrage et non modifié' });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId('sealed-record')).toContainText('Signé par :');
  await expect(card.getByTestId('sealed-record')).toContainText('Isolation des combles');
  const signedSha = createHash('sha256').update(readFileSync(file)).digest('hex');
  await check.getByLabel('Empreinte SHA-256 du PDF signé').fill(signedSha.toUpperCase());
  await check.getByRole('button', { name: 'Rechercher l’empreinte' }).click();
  const found = check.locator('[data-found="true"]');
  await expect(found).toContainText('Document signé et scellé sur Ouvrage');
  await expect(found.getByTestId('sealed-record')).toContainText('Signé par :');
  await check.screenshot({ path: `${SHOTS}/seal-verification-signers-fr.png`, fullPage: true });
  await check.getByLabel('Empreinte SHA-256 du PDF signé').fill('1234');
  await check.getByRole('button', { name: 'Rechercher l’empreinte' }).click();
  await expect(check.getByText('Une empreinte SHA-256 compte 64 caractères hexadécimaux (0-9, a-f).')).toBeVisible();
  await check.goto('/verification?lng=ar');
  await check.getByLabel('بصمة SHA-256 لملف PDF الموقَّع').fill(signedSha);
  await check.getByRole('button', { name: 'البحث عن البصمة' }).click();
  await expect(check.locator('[data-found="true"]')).toContainText('وقَّعه:');
  await check.screenshot({ path: `${SHOTS}/seal-verification-signers-ar.png`, fullPage: true });
  await visitor.close();
  await context.close();
});

test('the signing screen in English and Arabic (right to left), and on a phone', async ({ browser }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const setup = await browser.newContext({ locale: 'fr-FR' });
  const { id, client } = await acceptedQuote(await setup.newPage());
  await setup.close();
  for (const [lng, viewport] of [
    ['en', { width: 1280, height: 900 }],
    ['ar', { width: 375, height: 800 }],
  ] as const) {
    const context = await browser.newContext({ locale: 'fr-FR', viewport });
    const page = await context.newPage();
    await loginAs(page, client.email, client.password);
    await page.goto(`/devis/${id}/signer?lng=${lng}`);
    if (lng === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByTestId('signing-send-code').click();
    // The first language gets a code; the second finds the session verified and goes on.
    await expect(page.getByTestId('signing-code').or(page.getByTestId('signing-read'))).toBeVisible({ timeout: 30_000 });
    if (await page.getByTestId('signing-code').isVisible()) {
      await page.screenshot({ path: `${SHOTS}/signature-code-${lng}.png`, fullPage: true });
      await page.getByTestId('signing-code-input').locator('input').first().click();
      await page.keyboard.type(await lastSigningCode(page, client.email));
    }
    await expect(page.getByTestId('signing-read')).toBeVisible({ timeout: 30_000 });
    await readToTheEnd(page);
    const canvas = page.getByTestId('signature-canvas');
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    // The pad takes the width of the screen on a phone.
    if (lng === 'ar') expect(box.width).toBeGreaterThan(300);
    await page.screenshot({ path: `${SHOTS}/signature-quote-${lng}.png`, fullPage: true });
    await context.close();
  }
});

/**
 * Open the reading step of the signing page (a code asked and typed, or the session already
 * verified). The code is read from the outbox by `mailbox`, another browser context: the admin's
 * login there must not become the page's session.
 */
async function openReader(page: Page, mailbox: Page, id: number, email: string, lng: 'fr' | 'ar') {
  await page.goto(`/devis/${id}/signer?lng=${lng}`);
  await page.getByTestId('signing-send-code').click();
  await expect(page.getByTestId('signing-code').or(page.getByTestId('signing-read'))).toBeVisible({ timeout: 30_000 });
  if (await page.getByTestId('signing-code').isVisible()) {
    await page.getByTestId('signing-code-input').locator('input').first().click();
    await page.keyboard.type(await lastSigningCode(mailbox, email));
  }
  await expect(page.getByTestId('signing-read')).toBeVisible({ timeout: 30_000 });
  const first = page.getByTestId('signing-pages').locator('[data-page] canvas').first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  return first;
}

test('on a phone the document to sign takes the screen’s width, zooms, and counts a page once it was on screen', async ({ browser }) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  const setup = await browser.newContext({ locale: 'fr-FR' });
  const mailbox = await setup.newPage();
  const { id, client } = await acceptedQuote(mailbox);
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 375, height: 800 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await loginAs(page, client.email, client.password);
  const canvas = await openReader(page, mailbox, id, client.email, 'fr');

  // The page is drawn across the screen (it was some 320 px of 375), sharp at the screen's density.
  const fitted = (await canvas.boundingBox())!;
  expect(fitted.width).toBeGreaterThanOrEqual(375 - 12);
  expect(fitted.x).toBeGreaterThanOrEqual(0);
  expect(fitted.x + fitted.width).toBeLessThanOrEqual(375);
  expect(await canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThanOrEqual(Math.floor(fitted.width * 2) - 2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  // Only what was on screen counts: the first page, not the others below it.
  const progress = page.getByTestId('signing-pages-read');
  const total = Number(/sur (\d+)/.exec(await progress.innerText())![1]);
  expect(total).toBeGreaterThan(1);
  await expect(progress).toHaveText(/^[01] page sur \d+ lue$/);
  await expect(page.getByTestId('signing-read-more')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/signature-reader-fr-375.png` });

  // Zoomed with the buttons, and back to the width.
  await page.getByTestId('signing-zoom-in').tap();
  await expect(page.getByTestId('signing-zoom')).toHaveText('125 %');
  await expect.poll(async () => (await canvas.boundingBox())!.width).toBeGreaterThan(fitted.width * 1.2);
  expect(await page.getByTestId('signing-pages').evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/signature-reader-zoomed-fr-375.png` });
  await page.getByTestId('signing-fit').tap();
  await expect(page.getByTestId('signing-zoom')).toHaveText('100 %');
  await expect.poll(async () => Math.round((await canvas.boundingBox())!.width)).toBe(Math.round(fitted.width));

  await readToTheEnd(page);
  await expect(progress).toHaveText(`${total} pages sur ${total} lues`);
  await expect(page.getByTestId('signing-accept')).toBeEnabled();

  // Arabic on the phone, then a computer's screen.
  const inArabic = await openReader(page, mailbox, id, client.email, 'ar');
  expect((await inArabic.boundingBox())!.width).toBeGreaterThanOrEqual(375 - 12);
  await expect(progress).toContainText('الصفحات المقروءة');
  await page.screenshot({ path: `${SHOTS}/signature-reader-ar-375.png` });
  await page.setViewportSize({ width: 1366, height: 900 });
  for (const lng of ['fr', 'ar'] as const) {
    await openReader(page, mailbox, id, client.email, lng);
    await page.screenshot({ path: `${SHOTS}/signature-reader-${lng}-1366.png` });
  }
  await context.close();
  await setup.close();
});
