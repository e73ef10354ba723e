import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { architectWithAcceptedProject, livingRoomQuote, loginAs } from './support';

const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = process.env.E2E_SHOTS_DIR ?? fileURLToPath(new URL('../../../.tmp/shots-conversation-references', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

/**
 * Issue 39 §1 (decision 1230 « References »): the architect, at his desk in French, picks his quote
 * of the project in the message box and sends it as a card; the client, on a phone in Arabic, sees
 * the card (number, status, TTC) and opens the quote from it; once she accepted it, the same card
 * shows « Accepté » — a reference, not a copy.
 */
test('the architect sends his quote as a card; the client opens it from the card, which shows its status of today', async ({ browser }) => {
  test.setTimeout(240_000);
  const setup = await browser.newContext();
  const { client, architect, projectId } = await architectWithAcceptedProject(setup.request, { raison_sociale: 'Atelier Roux Architectes' });
  const created = await setup.request.post('/api/devis', {
    headers: architect.headers,
    data: { project_id: projectId, kind: 'travaux', validity_days: 30, deposit_bp: 3000, late_penalty_bp: 1000, ...livingRoomQuote(0) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const quoteId = (await created.json()).data.id as number;
  const sent = await setup.request.post(`/api/send-devis-email/${quoteId}`, { headers: architect.headers });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  const opened = await setup.request.post(`/api/projet/${projectId}/conversations`, { headers: architect.headers, data: { with_user_id: client.id } });
  expect(opened.ok(), await opened.text()).toBeTruthy();
  const conversationId = (await opened.json()).data.id as number;

  // 1. The architect picks the quote in the box: the chip names it before sending.
  const proPage = await (await browser.newContext({ locale: 'fr-FR', viewport: { width: 1366, height: 900 } })).newPage();
  await loginAs(proPage, architect.email, architect.password);
  await proPage.goto(`/messages/${conversationId}`);
  await proPage.getByRole('button', { name: 'Joindre un document du projet' }).click();
  const option = proPage.getByTestId('reference-option').and(proPage.locator(`[data-kind="quote"][data-id="${quoteId}"]`));
  await expect(option).toContainText('Réhabilitation du séjour');
  await expect(option).toContainText('Envoyé');
  await proPage.screenshot({ path: `${SHOTS}/reference-picker-fr-1366.png` });
  await option.click();
  await expect(proPage.getByTestId('composer-reference')).toContainText('Devis D-');
  await proPage.getByTestId('message-input').fill('Voici le devis du séjour, avec la baie vitrée.');
  await proPage.screenshot({ path: `${SHOTS}/reference-chip-fr-1366.png` });
  await proPage.getByTestId('message-send').click();
  const mine = proPage.getByTestId('message').filter({ hasText: 'Voici le devis du séjour' });
  const myCard = mine.getByTestId('message-reference');
  await expect(myCard).toHaveAttribute('href', `/devis/${quoteId}`);
  await expect(myCard.getByTestId('quote-status')).toHaveText('Envoyé');
  // 3 500 € TTC as the quotes module computed it, in the web's money format.
  await expect(myCard.getByTestId('reference-amount')).toContainText(/3\s500,00\s€/);
  await expect(proPage.getByTestId('composer-reference')).toHaveCount(0);
  await proPage.screenshot({ path: `${SHOTS}/reference-sent-fr-1366.png`, fullPage: true });
  await expectNoSeriousA11yViolations(proPage, 'conversation with a quote card (fr, 1366)');

  // 2. The client, on a phone in Arabic, sees the card and opens the quote from it.
  const clientPage = await (await browser.newContext({ locale: 'fr-FR', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })).newPage();
  await loginAs(clientPage, client.email, client.password);
  await clientPage.goto(`/messages/${conversationId}?lng=ar`);
  await expect(clientPage.locator('html')).toHaveAttribute('dir', 'rtl');
  const card = clientPage.getByTestId('message').filter({ hasText: 'Voici le devis du séjour' }).getByTestId('message-reference');
  await expect(card.getByTestId('quote-status')).toHaveText('مُرسَل');
  await expect(card).toContainText('عرض سعر');
  await expect(card).toContainText('Réhabilitation du séjour');
  await clientPage.screenshot({ path: `${SHOTS}/reference-card-ar-375.png`, fullPage: true });
  await expectNoSeriousA11yViolations(clientPage, 'conversation with a quote card (ar, 375)');
  expect(await clientPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  // Her own picker, full screen on the phone: the sent quote, never a draft.
  await clientPage.getByTestId('message-reference-pick').tap();
  await expect(clientPage.getByTestId('reference-option')).toHaveCount(1);
  await clientPage.screenshot({ path: `${SHOTS}/reference-picker-ar-375.png` });
  await clientPage.keyboard.press('Escape');
  await expect(clientPage.getByTestId('reference-option')).toHaveCount(0);
  await card.tap();
  await expect(clientPage).toHaveURL(new RegExp(`/devis/${quoteId}$`));
  await expect(clientPage.getByTestId('quote-label')).toBeVisible();

  // 3. She accepts the quote: the same card, read again, shows its status of today.
  const accepted = await setup.request.post(`/api/validate-devis-client/${quoteId}`, { headers: client.headers, data: { chosen_option_ids: [] } });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
  await proPage.setViewportSize({ width: 375, height: 812 });
  await proPage.reload();
  await expect(mine.getByTestId('message-reference').getByTestId('quote-status')).toHaveText('Accepté');
  await proPage.screenshot({ path: `${SHOTS}/reference-accepted-fr-375.png`, fullPage: true });
  await clientPage.setViewportSize({ width: 1366, height: 900 });
  await clientPage.goto(`/messages/${conversationId}`);
  await expect(clientPage.getByTestId('message-reference').getByTestId('quote-status')).toHaveText('مقبول');
  await clientPage.screenshot({ path: `${SHOTS}/reference-card-ar-1366.png`, fullPage: true });
});
