import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { architectWithAcceptedProject, DEMO_ADMIN, loginAs } from './support';

// Live updates cross three pages: a generous wait on a loaded machine.
const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = process.env.E2E_SHOTS_DIR ?? fileURLToPath(new URL('../../../.tmp/shots-conversation-moderation', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

/**
 * Issue 39 (decision 1230 « Reports and moderation »): the client, on a phone in French, reports the
 * professional's message; the admin, on a desktop, finds it in « Signalements », opens the
 * conversation, hides the message, suspends the professional's writing and closes the report; the
 * client sees « Message masqué par la modération » live; the professional, on a phone in Arabic,
 * reads but can no longer write, and the box says why.
 */
test('a client reports a message; the admin hides it and suspends the professional’s writing', async ({ browser }) => {
  test.setTimeout(240_000);
  const setup = await browser.newContext();
  const { client, architect, projectId } = await architectWithAcceptedProject(setup.request, { raison_sociale: 'Atelier Morel Architectes' });
  const opened = await setup.request.post(`/api/projet/${projectId}/conversations`, { headers: client.headers, data: { with_user_id: architect.id } });
  expect(opened.ok(), await opened.text()).toBeTruthy();
  const conversationId = (await opened.json()).data.id as number;
  const cash = `Réglez l’acompte en espèces à l’équipe (${projectId}), on évite les frais de la plateforme.`;
  for (const [who, body] of [
    [client, 'Bonjour, quand commencez-vous ?'],
    [architect, cash],
  ] as const) {
    const sent = await setup.request.post(`/api/conversations/${conversationId}/messages`, { headers: who.headers, data: { body } });
    expect(sent.ok(), await sent.text()).toBeTruthy();
  }

  // 1. The client, on a phone in French, reports the professional's message: a reason and a few words.
  const clientPage = await (await browser.newContext({ locale: 'fr-FR', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })).newPage();
  await loginAs(clientPage, client.email, client.password);
  await clientPage.goto(`/messages/${conversationId}`);
  const reported = clientPage.getByTestId('message').filter({ hasText: 'en espèces' });
  await expect(reported).toHaveAttribute('data-mine', 'false');
  // Her own message has no « Signaler ».
  await expect(clientPage.getByTestId('message').filter({ hasText: 'quand commencez-vous' }).getByTestId('message-report')).toHaveCount(0);
  await reported.getByTestId('message-report').tap();
  const form = clientPage.getByTestId('report-form');
  await expect(form).toBeVisible();
  // Without a reason, the form says so and sends nothing.
  await clientPage.getByTestId('report-confirm').tap();
  await expect(form).toContainText('Choisissez le motif du signalement.');
  await clientPage.getByTestId('report-reason-spam_fraud').check();
  await clientPage.getByTestId('report-details').fill('Il me demande de payer en espèces, hors de la plateforme.');
  await clientPage.screenshot({ path: `${SHOTS}/report-dialog-fr-375.png`, animations: 'disabled' });
  await expectNoSeriousA11yViolations(clientPage, 'report dialog (fr, 375)');
  await clientPage.getByTestId('report-confirm').tap();
  await expect(form).toHaveCount(0);
  await expect(reported.getByTestId('message-reported')).toContainText('Signalé');

  // 2. The professional, on a phone in Arabic, has the conversation open.
  const proPage = await (await browser.newContext({ locale: 'fr-FR', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })).newPage();
  await loginAs(proPage, architect.email, architect.password);
  await proPage.goto(`/messages/${conversationId}?lng=ar`);
  await expect(proPage.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(proPage.getByTestId('message-input')).toBeVisible();

  // 3. The admin finds the report in « Signalements » (the menu), open first, and opens the conversation.
  const adminPage = await (await browser.newContext({ locale: 'fr-FR', viewport: { width: 1366, height: 900 } })).newPage();
  await loginAs(adminPage, DEMO_ADMIN);
  await adminPage.getByTestId('side-menu').locator('[data-menu-path="/signalements"]').click();
  await expect(adminPage).toHaveURL(/\/signalements$/);
  const row = adminPage
    .getByTestId('reports-screen')
    .locator('tr')
    .filter({ hasText: `(${projectId})` });
  await expect(row).toContainText('Spam ou tentative de fraude');
  await expect(row).toContainText('Il me demande de payer en espèces');
  await expect(row.getByTestId('report-status')).toHaveText('Ouvert');
  await adminPage.screenshot({ path: `${SHOTS}/reports-fr-1366.png`, fullPage: true });
  await expectNoSeriousA11yViolations(adminPage, 'reports (fr, 1366)');
  await row.getByTestId('report-open').click();
  await expect(adminPage).toHaveURL(new RegExp(`/messages/${conversationId}$`));
  const panel = adminPage.getByTestId('moderation-panel');
  await expect(panel.getByTestId('moderation-report')).toContainText('Spam ou tentative de fraude');
  // « Who read what »: the client read the professional's message when she opened the conversation.
  await expect(panel.locator(`[data-member-id="${client.id}"]`).getByTestId('member-read')).toContainText('A lu jusqu’au message du');
  await expect(panel.locator(`[data-member-id="${client.id}"]`).getByTestId('member-read-log').locator('li')).toHaveCount(1);

  // 4. He hides the message: the client's page shows it hidden without reload; he still reads it, marked.
  const adminMessage = adminPage.getByTestId('message').filter({ hasText: 'en espèces' });
  await adminMessage.getByTestId('message-hide').click();
  await adminPage.getByTestId('hide-message-reason').fill('Paiement hors plateforme');
  await adminPage.getByTestId('hide-message-confirm').click();
  await expect(adminMessage.getByTestId('message-hidden-badge')).toBeVisible();
  await expect(clientPage.getByTestId('message-hidden')).toHaveText('Message masqué par la modération');
  await expect(clientPage.getByText('en espèces')).toHaveCount(0);
  await expect(proPage.getByTestId('message-hidden')).toHaveText('رسالة أخفتها الإدارة');

  // 5. He suspends the professional's writing and closes the report as handled.
  const proCard = panel.locator(`[data-member-id="${architect.id}"]`);
  await proCard.getByTestId('member-suspend').click();
  await adminPage.getByTestId('suspend-member-reason').fill('Demande répétée de paiement en espèces');
  await adminPage.getByTestId('suspend-member-confirm').click();
  await expect(proCard.getByTestId('member-suspended')).toHaveText('Écriture suspendue');
  await panel.getByTestId('report-handled').click();
  await expect(panel.getByTestId('report-status')).toHaveText('Traité');
  await adminPage.screenshot({ path: `${SHOTS}/moderation-fr-1366.png`, fullPage: true });
  await expectNoSeriousA11yViolations(adminPage, 'moderation (fr, 1366)');

  // 6. The professional reads but can no longer write: the box says why, in Arabic, without reload.
  await expect(proPage.getByTestId('conversation-read-only')).toContainText('علّقت الإدارة كتابتك');
  await expect(proPage.getByTestId('message-input')).toHaveCount(0);
  await expect(proPage.getByTestId('message').filter({ hasText: 'quand commencez-vous' })).toBeVisible();
  await proPage.screenshot({ path: `${SHOTS}/suspended-ar-375.png`, fullPage: true });
  await expectNoSeriousA11yViolations(proPage, 'suspended writing (ar, 375)');
  expect(await proPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  // Writing anyway (an old tab): 409 with the code.
  const refused = await setup.request.post(`/api/conversations/${conversationId}/messages`, {
    headers: architect.headers,
    data: { body: 'Je réponds quand même.' },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.code).toBe('CONVERSATION_WRITING_SUSPENDED');

  // 7. The client's view on a phone; the admin's screens in Arabic, on a phone and on a desktop.
  await expect(clientPage.getByTestId('message-input')).toBeVisible();
  await clientPage.screenshot({ path: `${SHOTS}/hidden-fr-375.png`, fullPage: true });
  await adminPage.goto(`/messages/${conversationId}?lng=ar`);
  await expect(adminPage.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(adminPage.getByTestId('moderation-panel')).toContainText('الإدارة');
  await adminPage.screenshot({ path: `${SHOTS}/moderation-ar-1366.png`, fullPage: true });
  await adminPage.setViewportSize({ width: 375, height: 812 });
  await adminPage.goto('/signalements');
  await expect(adminPage.getByTestId('reports-screen')).toContainText('البلاغات');
  await expect(adminPage.getByTestId('reports-screen')).toContainText('تمت معالجته');
  await adminPage.screenshot({ path: `${SHOTS}/reports-ar-375.png`, fullPage: true });
  expect(await adminPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
