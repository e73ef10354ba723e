import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from './a11y';
import { architectWithAcceptedProject, loginAs } from './support';

// Live updates cross two pages (and, behind nginx, two instances): a generous wait on a loaded machine.
const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = process.env.E2E_SHOTS_DIR ?? fileURLToPath(new URL('../../../.tmp/shots-conversations', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

/**
 * Issue 39 §1 (decision 1230): the client writes to the professional who accepted the project from
 * its page; the professional, on a phone in Arabic, sees the badge move and the message arrive
 * without reloading, answers; the client sees the answer and the read receipt live; a message is
 * edited then deleted; once the project is cancelled the professional reads but no longer writes.
 */
test('client and professional talk about a project live, with read receipts; a professional no longer in reads only', async ({ browser }) => {
  test.setTimeout(240_000);
  const setup = await browser.newContext();
  const { client, architect, projectId } = await architectWithAcceptedProject(setup.request, { raison_sociale: 'Atelier Garnier Architectes' });

  const clientPage = await (await browser.newContext({ locale: 'fr-FR', viewport: { width: 1366, height: 900 } })).newPage();
  await loginAs(clientPage, client.email, client.password);
  const proPage = await (await browser.newContext({ locale: 'fr-FR', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })).newPage();
  await loginAs(proPage, architect.email, architect.password);
  await proPage.goto('/dashboard?lng=ar');
  await expect(proPage.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(proPage.getByTestId('messages-button')).toBeVisible();
  await expect(proPage.getByTestId('messages-unread')).toHaveCount(0);

  // 1. The client opens the conversation from the project page and writes, with a link, a photo and a PDF.
  await clientPage.goto(`/single-projet/${projectId}`);
  await clientPage.getByTestId(`write-to-${architect.id}`).click();
  await expect(clientPage).toHaveURL(/\/messages\/\d+$/);
  await expect(clientPage.getByRole('heading', { level: 1 })).toContainText('Avec');
  const input = clientPage.getByTestId('message-input');
  await input.fill('Bonjour, voici le plan de la salle de bains : https://exemple.fr/plan.pdf. Pouvez-vous passer jeudi ?');
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a6a4a' } })
    .jpeg()
    .toBuffer();
  await clientPage.getByTestId('message-file-input').setInputFiles([
    { name: 'salle-de-bains.jpg', mimeType: 'image/jpeg', buffer: photo },
    { name: 'devis-plomberie.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF') },
  ]);
  await expect(clientPage.getByTestId('composer-file')).toHaveCount(2);
  await input.press('Enter');
  const mine = clientPage.getByTestId('message').filter({ hasText: 'Pouvez-vous passer jeudi' });
  await expect(mine).toHaveAttribute('data-mine', 'true');
  await expect(mine.getByRole('link', { name: 'https://exemple.fr/plan.pdf' })).toHaveAttribute('href', 'https://exemple.fr/plan.pdf');
  await expect(mine.getByTestId('message-image').locator('img')).toBeVisible();
  await expect(mine.getByTestId('message-file')).toContainText('devis-plomberie.pdf');
  await expect(input).toHaveValue('');
  await expect(clientPage.getByTestId('composer-file')).toHaveCount(0);

  // 2. The professional's badge moves without reload; the list shows it unread; opening reads it.
  await expect(proPage.getByTestId('messages-unread')).toHaveText('1');
  await proPage.getByTestId('messages-button').tap();
  const row = proPage.getByTestId('conversation-row').first();
  await expect(row).toHaveAttribute('data-unread', 'true');
  await expect(row).toContainText('Pouvez-vous passer jeudi');
  await proPage.screenshot({ path: `${SHOTS}/conversations-list-ar-375.png`, fullPage: true });
  await row.getByTestId('conversation-open').click();
  const received = proPage.getByTestId('message').filter({ hasText: 'Pouvez-vous passer jeudi' });
  await expect(received).toHaveAttribute('data-mine', 'false');
  // The photo as a thumbnail (a tap opens it in full), the PDF as a file with its name and size.
  await expect(received.getByTestId('message-image').locator('img')).toBeVisible();
  await expect(received.getByTestId('message-file')).toContainText('devis-plomberie.pdf');
  await received.getByTestId('message-image').tap();
  await expect(proPage.getByTestId('message-image-full')).toBeVisible();
  // Animations finished for the picture, not waited for.
  await proPage.screenshot({ path: `${SHOTS}/conversation-image-ar-375.png`, animations: 'disabled' });
  await proPage.keyboard.press('Escape');
  await expect(proPage.getByTestId('message-image-full')).toHaveCount(0);
  await expect(proPage.getByTestId('messages-unread')).toHaveCount(0);

  // 3. The client sees the read receipt arrive live; the professional answers, the client sees it live.
  await expect(mine.getByTestId('message-read-by')).toContainText('Lu par');
  await proPage.getByTestId('message-input').fill('نعم، سأمر يوم الخميس الساعة 9. Merci !');
  await proPage.getByTestId('message-send').tap();
  await expect(clientPage.getByTestId('message').filter({ hasText: 'سأمر يوم الخميس' })).toHaveAttribute('data-mine', 'false');
  await proPage.screenshot({ path: `${SHOTS}/conversation-ar-375.png`, fullPage: true });
  await expectNoSeriousA11yViolations(proPage, 'conversation (ar, 375)');
  // No sideways scroll on the phone.
  expect(await proPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  // 4. The client corrects a message within 5 minutes, then deletes another: both sides see it.
  await input.fill('Le portail est au 3 bis.');
  await clientPage.getByTestId('message-send').click();
  const second = clientPage.getByTestId('message').filter({ hasText: 'Le portail est au 3 bis.' });
  await second.getByTestId('message-edit').click();
  await clientPage.getByTestId('message-edit-input').fill('Le portail est au 3 ter, code 1234.');
  await clientPage.getByTestId('message-edit-save').click();
  await expect(clientPage.getByTestId('message').filter({ hasText: 'Le portail est au 3 ter, code 1234.' })).toContainText('modifié');
  await expect(proPage.getByTestId('message').filter({ hasText: '3 ter' })).toBeVisible();
  await clientPage.getByTestId('message').filter({ hasText: '3 ter' }).getByTestId('message-delete').click();
  await clientPage.getByTestId('message-delete-confirm').click();
  await expect(clientPage.getByTestId('message-deleted')).toHaveText('Message supprimé');
  await expect(proPage.getByTestId('message-deleted')).toHaveText('رسالة محذوفة');
  await expect(proPage.getByText('3 ter')).toHaveCount(0);
  await clientPage.screenshot({ path: `${SHOTS}/conversation-fr-1366.png`, fullPage: true });
  await expectNoSeriousA11yViolations(clientPage, 'conversation (fr, 1366)');

  // 5. The client cancels the project: the professional's tender is closed, he reads but no longer writes.
  const cancelled = await setup.request.post(`/api/project/annuler/${projectId}`, {
    headers: client.headers,
    data: { reason: 'Projet reporté à l’an prochain.' },
  });
  expect(cancelled.ok(), await cancelled.text()).toBeTruthy();
  await proPage.reload();
  await expect(proPage.getByTestId('conversation-read-only')).toBeVisible();
  await expect(proPage.getByTestId('message-input')).toHaveCount(0);
  await expect(proPage.getByTestId('message-edit')).toHaveCount(0);
  await expect(proPage.getByTestId('conversation-read-only')).toContainText('للقراءة فقط');
  await expect(proPage.getByTestId('message').filter({ hasText: 'Pouvez-vous passer jeudi' })).toBeVisible();
  await proPage.screenshot({ path: `${SHOTS}/conversation-read-only-ar-375.png`, fullPage: true });
});
