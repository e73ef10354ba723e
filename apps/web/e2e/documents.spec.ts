import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import PDFDocument from 'pdfkit';
import { apiLogin, architectWithAcceptedProject, lastMailTo, loginAs, uniqueTag } from './support';

// The shared test machine is slow: lists get more time than the default 5 s to appear.
const expect = baseExpect.configure({ timeout: 30_000 });

const SHOTS = fileURLToPath(new URL('../../../test-results/screens', import.meta.url));

/** A real PDF of about 1 MB (uncompressed text pages), so that the upload takes visible time. */
function contractPdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ compress: false, size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text('Contrat de maîtrise d’œuvre');
    for (let page = 0; page < 120; page += 1) {
      doc.addPage().fontSize(9);
      for (let line = 0; line < 60; line += 1)
        doc.text(`Article ${page}.${line} — Le maître d’œuvre assure la conception et le suivi des travaux décrits ci-dessous.`);
    }
    doc.end();
  });
}

/** Slow the browser's uploads down (Chromium), so that the progress bar has time to move. */
async function throttleUploads(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
}

test('an architect uploads a contract with the progress bar, sees the draft and sends it; the client sees it and his quotes', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const { client, architect, projectId } = await architectWithAcceptedProject(request, { raison_sociale: `Atelier Contrat ${tag}` });
  const pdf = await contractPdf();
  expect(pdf.length).toBeGreaterThan(500_000);

  // The architect reaches « Documents » from the side menu.
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1366, height: 900 } });
  const pro = await context.newPage();
  await loginAs(pro, architect.email, architect.password);
  await pro.getByTestId('side-menu').getByRole('link', { name: 'Documents' }).click();
  await expect(pro).toHaveURL(/\/document$/);
  await expect(pro.getByRole('heading', { name: 'Documents' })).toBeVisible();

  // « Ajouter un contrat »: the project's client is proposed as signer; a second signer is added.
  await pro.getByTestId('add-contract').click();
  const modal = pro.getByRole('dialog');
  await modal.getByLabel('Titre du contrat').fill(`Contrat de maîtrise d’œuvre ${tag}`);
  await modal.getByLabel('Projet (facultatif)').click();
  await pro.getByRole('listbox').getByRole('option').first().click();
  await expect(modal.getByTestId('signer-email-0')).toHaveValue(client.email);
  await modal.getByTestId('add-signer').click();
  await modal.getByTestId('signer-name-1').fill('Marie Durand');
  await modal.getByTestId('signer-email-1').fill(`marie.${tag}@exemple.fr`);
  await modal.locator('input[type="file"]').setInputFiles({ name: 'contrat-moe.pdf', mimeType: 'application/pdf', buffer: pdf });

  await throttleUploads(pro);
  await modal.getByTestId('contract-submit').click();
  const progress = modal.getByTestId('upload-progress');
  await expect(progress).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute('data-progress')), { timeout: 20_000, intervals: [50] }).toBeGreaterThan(0);
  const midway = Number(await progress.getAttribute('data-progress'));
  expect(midway).toBeLessThan(100);
  await pro.screenshot({ path: `${SHOTS}/documents-upload-progress-fr.png` });
  await expect(modal).toBeHidden({ timeout: 30_000 });

  // The draft in the list, with its signers waiting.
  const row = pro.locator('[data-testid^="document-signature:"]').filter({ hasText: `Contrat de maîtrise d’œuvre ${tag}` });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('document-kind')).toHaveText('Contrat');
  await expect(row.getByTestId('document-status')).toHaveText('Brouillon');
  await expect(row.getByTestId('document-signers')).toContainText(client.email);
  await expect(row.getByTestId('document-signers')).toContainText('En attente');
  await pro.screenshot({ path: `${SHOTS}/documents-architect-desktop-fr.png`, fullPage: true });

  // « Voir » opens the contract in the viewer through a signed link.
  const [viewer] = await Promise.all([context.waitForEvent('page'), row.getByTestId('view-document').click()]);
  await expect(viewer).toHaveURL(/\/viewpdf\?t=signature-original\.\d+\./);
  await viewer.close();

  // « Envoyer pour signature »: the contract goes out, each signer is mailed.
  await row.getByTestId('document-send').click();
  await expect(row.getByTestId('document-status')).toHaveText('En signature');
  await expect(row.getByTestId('document-send')).toHaveCount(0);
  expect((await lastMailTo(pro, client.email)).subject).toContain(`Contrat de maîtrise d’œuvre ${tag}`);
  await context.close();

  // The client sees the contract sent to him, on a phone, in French then in Arabic.
  const phone = await browser.newContext({ locale: 'fr-FR', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const customer = await phone.newPage();
  await loginAs(customer, client.email, client.password);
  await customer.goto('/document');
  const card = customer.getByTestId('documents-table').locator('[data-testid^="document-signature:"]').filter({ hasText: tag });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('document-status')).toHaveText('En signature');
  await expect(card.getByTestId('document-send')).toHaveCount(0);
  await customer.screenshot({ path: `${SHOTS}/documents-client-phone-fr.png`, fullPage: true });
  await customer.goto('/document?lng=ar');
  await expect(customer.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(customer.getByRole('heading', { name: 'المستندات' })).toBeVisible();
  await expect(card.getByTestId('document-status')).toHaveText('قيد التوقيع');
  await customer.screenshot({ path: `${SHOTS}/documents-client-phone-ar.png`, fullPage: true });
  await phone.close();

  // The project stays the architect's: the list never shows it to another client.
  const stranger = await apiLogin(request, 'client@ouvrage.test');
  const theirs = await request.get('/api/documents?per_page=100', { headers: stranger.headers });
  expect(JSON.stringify((await theirs.json()).data.items)).not.toContain(tag);
  expect(projectId).toBeGreaterThan(0);
});

test('the demo client finds his quotes in /document, filtered by kind, on a desktop in Arabic', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await loginAs(page, 'client@ouvrage.test');
  await page.goto('/document');
  const table = page.getByTestId('documents-table');
  await expect(table.locator('[data-testid^="document-quote:"]').first()).toBeVisible();
  await page.getByTestId('documents-kind').click();
  await page.getByRole('option', { name: 'Devis', exact: true }).click();
  await expect(table.locator('tbody tr[data-testid^="document-quote:"]').first()).toBeVisible();
  await expect(table.locator('tbody tr').filter({ hasNotText: 'Devis' })).toHaveCount(0);
  // Never a draft: the demo architect's draft quote is not among them.
  await expect(table.getByText('Brouillon')).toHaveCount(0);
  await expect(table.getByTestId('document-status').first()).toBeVisible();
  await page.goto('/document?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('documents-table').locator('[data-testid^="document-quote:"]').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/documents-client-desktop-ar.png`, fullPage: true });
  await context.close();
});

test('someone without an account signs a contract from the link in their mail, typing their signature; the sealed PDF passes pdfsig', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const tag = uniqueTag();
  const { architect } = await architectWithAcceptedProject(request, { raison_sociale: `Atelier Lien ${tag}` });
  const signerEmail = `paul.${tag}@exemple.fr`;
  const title = `Avenant au contrat ${tag}`;

  // The architect uploads a short contract and sends it (through the API: the screen has its own test).
  const short = await new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(16).text(title).moveDown().fontSize(11).text('Le délai d’exécution des travaux est porté à douze semaines.');
    doc.end();
  });
  const uploaded = await request.post('/api/documents/contrats', {
    headers: architect.headers,
    multipart: {
      title,
      signers: JSON.stringify([{ name: 'Paul Lefèvre', email: signerEmail }]),
      file: { name: 'avenant.pdf', mimeType: 'application/pdf', buffer: short },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const documentId = (await uploaded.json()).data.id as number;
  const sent = await request.post(`/api/sign-api/store-document-agreement/${documentId}`, { headers: architect.headers });
  expect(sent.ok(), await sent.text()).toBeTruthy();

  // Paul opens his personal link, with no account, asks the code and types it.
  const context = await browser.newContext({ locale: 'fr-FR', acceptDownloads: true });
  const page = await context.newPage();
  const invitation = await lastMailTo(page, signerEmail);
  const link = /\/signature\/[^\s]+/.exec(invitation.text);
  expect(link, invitation.text).not.toBeNull();
  await page.goto(link![0]);
  await expect(page.getByTestId('link-signing-screen')).toContainText(title);
  await page.getByTestId('signing-send-code').click();
  const codeMail = await lastMailTo(page, signerEmail);
  const code = /(\d{6})/.exec(codeMail.subject)![1];
  await page.getByTestId('signing-code-input').locator('input').first().click();
  await page.keyboard.type(code);

  // He reads it (one page), accepts and types his name as signature.
  await expect(page.getByTestId('signing-read')).toBeVisible();
  await expect(page.getByTestId('signing-read-more')).toHaveCount(0);
  await page.getByTestId('signing-accept').check();
  await page.getByTestId('signature-mode').getByText('Écrire').click();
  await page.getByTestId('signature-name').fill('Paul Lefèvre');
  await page.getByTestId('signing-submit').click();
  await expect(page.getByTestId('signing-done')).toBeVisible({ timeout: 60_000 });

  // The signed PDF: sealed, whole, verified by poppler's pdfsig.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('signing-download').click();
  const file = await (await downloading).path();
  const report = execFileSync('pdfsig', [file], { encoding: 'utf8' });
  expect(report).toContain('Signature is Valid');
  expect(report).toContain('Total document signed');
  await context.close();

  // The architect's list says so.
  const list = await request.get(`/api/documents?per_page=100&search=${encodeURIComponent(tag)}`, { headers: architect.headers });
  const item = ((await list.json()).data.items as Array<{ key: string; status: string }>).find((i) => i.key === `signature:${documentId}`);
  expect(item?.status).toBe('signed');
});
