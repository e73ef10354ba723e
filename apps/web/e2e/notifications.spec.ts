import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { apiLogin, createAccount, DEMO_ADMIN, loginAs, uniqueTag } from './support';

const SHOTS = process.env.E2E_SHOTS_DIR ?? fileURLToPath(new URL('../../../.tmp/shots-na', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

test('a notification arrives live, the badge counts it, the centre follows it and marks it read', async ({ browser, request }) => {
  test.setTimeout(120_000);
  // A professional of the spec's own, still « En attente »: their account's creation is their first notification.
  const admin = await apiLogin(request, DEMO_ADMIN);
  const pro = await createAccount(request, { user_type: 'professionnel', raison_sociale: `Menuiserie Morel ${uniqueTag()}` });
  const page = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
  await loginAs(page, pro.email, pro.password);

  const centre = page.getByTestId('notification-centre');
  const count = page.getByTestId('notification-count');
  await expect(centre).toHaveAccessibleName('Notifications : 1 non lue(s)');
  await expect(count).toHaveText('1');

  // The admin validates the account through the API: without any reload, the badge shows 2 (only
  // the live stream can draw it: nothing polls; a generous wait for a loaded machine).
  const validated = await request.post(`/api/admin/validation-user/${pro.id}`, { headers: admin.headers, data: { is_validate: 'Validé' } });
  expect(validated.ok(), await validated.text()).toBeTruthy();
  await expect(count).toHaveText('2', { timeout: 30_000 });

  // The centre lists both, newest first, unread; keyboard: it opens with Enter.
  await centre.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog).toBeVisible();
  const items = dialog.getByTestId('notification-item');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Votre compte professionnel est validé');
  await expect(items.nth(0)).toHaveAttribute('data-unread', 'true');
  await expect(items.nth(1)).toContainText('Bienvenue sur Ouvrage');
  await page.screenshot({ path: `${SHOTS}/centre-fr.png` });
  await expectNoSeriousA11yViolations(page, 'centre de notifications ouvert (fr)');

  // Following the welcome leads to its record (/profil) and marks it read: the badge goes down.
  await items.nth(1).click();
  await expect(page).toHaveURL(/\/profil$/);
  await expect(count).toHaveText('1');
  await centre.click();
  await expect(dialog.getByTestId('notification-item').nth(1)).toHaveAttribute('data-unread', 'false');
  await dialog.getByTestId('notification-mark-all').click();
  await expect(count).toHaveText('');
  await expect(centre).toHaveAccessibleName('Notifications');
  await centre.click();
  await expect(dialog).toBeHidden();

  // /profil: the e-mail choices; a legal one is on and locked; turning one off is saved.
  const choices = page.getByTestId('email-choices');
  await expect(choices.getByRole('heading', { name: 'Notifications par e-mail' })).toBeVisible();
  await expect(choices.getByTestId('email-choice-document_to_sign')).toHaveAttribute('aria-disabled', 'true');
  await expect(choices.getByTestId('email-choice-document_to_sign')).toBeChecked();
  await choices.getByTestId('email-choice-tender_received').click({ force: true });
  await expect(choices.getByRole('status')).toContainText('Vos choix sont enregistrés.');
  await page.screenshot({ path: `${SHOTS}/profile-fr.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page, '/profil, notifications par e-mail (fr)');
  const saved = await (await request.get('/api/notifications/preferences', { headers: pro.headers })).json();
  expect(saved.data.choices).toContainEqual({ kind: 'tender_received', group: 'tenders', email: false, legal: false });

  // Switching the interface to Arabic saves the language of the e-mails too; the centre reads right to left.
  await page.getByTestId('language-switcher').selectOption({ label: 'العربية' });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect.poll(async () => (await (await request.get('/api/notifications/preferences', { headers: pro.headers })).json()).data.language).toBe('ar');
  await page.screenshot({ path: `${SHOTS}/profile-ar.png`, fullPage: true });
  // Another event while reading Arabic, on a phone: the badge counts it, the unread one stands out (right side bar).
  await page.setViewportSize({ width: 390, height: 760 });
  const refused = await request.post(`/api/admin/validation-user/${pro.id}`, {
    headers: admin.headers,
    data: { is_validate: 'Refusé', reason: 'Attestation décennale illisible.' },
  });
  expect(refused.ok(), await refused.text()).toBeTruthy();
  await expect(count).toHaveText('1', { timeout: 30_000 });
  await centre.click();
  const arabic = page.getByRole('dialog', { name: 'الإشعارات' });
  await expect(arabic.getByTestId('notification-item').first()).toContainText('لم يتم اعتماد حسابك المهني');
  await expect(arabic.getByTestId('notification-item').first()).toContainText('Attestation décennale illisible.');
  await expect(arabic.getByTestId('notification-item').first()).toHaveAttribute('data-unread', 'true');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(1);
  await page.screenshot({ path: `${SHOTS}/centre-ar-phone.png` });
  await expectNoSeriousA11yViolations(page, 'centre de notifications ouvert (ar, téléphone)');
});

test('the notification centre page: from the bell, every notification read or not, filtered, marked read; a phone in Arabic', async ({ browser, request }) => {
  test.setTimeout(120_000);
  // A professional of the spec's own: their account's creation, then its validation, are their notifications.
  const admin = await apiLogin(request, DEMO_ADMIN);
  const pro = await createAccount(request, { user_type: 'professionnel', raison_sociale: `Charpente Roux ${uniqueTag()}` });
  const validated = await request.post(`/api/admin/validation-user/${pro.id}`, { headers: admin.headers, data: { is_validate: 'Validé' } });
  expect(validated.ok(), await validated.text()).toBeTruthy();
  const page = await (await browser.newContext({ locale: 'fr-FR', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })).newPage();
  await loginAs(page, pro.email, pro.password);

  // The bell leads to the page (« Voir toutes les notifications »).
  await page.getByTestId('notification-centre').click();
  await page.getByTestId('notification-see-all').click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Toutes mes notifications' })).toBeVisible();
  const rows = page.getByTestId('notification-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Votre compte professionnel est validé');
  await expect(rows.nth(1)).toContainText('Bienvenue sur Ouvrage');

  // Marked read on the page: it stays listed (read), and the « Non lues » filter, in the address, leaves it out.
  await rows.nth(1).getByTestId('notification-mark-read').click();
  await expect(rows.nth(1)).toHaveAttribute('data-unread', 'false');
  await expect(page.getByTestId('notification-count')).toHaveText('1');
  await page.goto('/notifications?read=unread');
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText('Votre compte professionnel est validé');
  await page.goto('/notifications?group=invoices');
  await expect(page.getByTestId('paged-table-empty')).toBeVisible();
  await page.goto('/notifications?group=account');
  await expect(rows).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(1);
  await page.screenshot({ path: `${SHOTS}/notifications-page-fr-phone.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page, '/notifications (fr, téléphone)');

  // A row leads to its record; the profile's reference leads back here.
  await rows.nth(0).getByTestId('notification-open').click();
  await expect(page).toHaveURL(/\/(profil|entreprise|list-offre|dashboard)/);
  await page.goto('/profil');
  await page.getByTestId('email-choices-centre').click();
  await expect(page).toHaveURL(/\/notifications$/);

  // In Arabic, on the phone: right to left, nothing scrolls sideways.
  await page.getByTestId('language-switcher').selectOption({ label: 'العربية' });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'كل إشعاراتي' })).toBeVisible();
  await expect(rows).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(1);
  await page.screenshot({ path: `${SHOTS}/notifications-page-ar-phone.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page, '/notifications (ar, téléphone)');
});
