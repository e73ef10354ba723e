import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test } from '@playwright/test';
import { architectWithAcceptedProject, DEMO_ADMIN, loginAs, uniqueTag, validatedQuoteThroughApi, livingRoomQuote } from './support';

// Screens load lazily: on a loaded CI machine the first paint of a fresh context may take a while.
const expect = baseExpect.configure({ timeout: 30_000 });

const SHOTS = fileURLToPath(new URL('../../../test-results/screens', import.meta.url));

test('the balance invoice paid by bank transfer: the architect sets his IBAN, the client declares the transfer, the admin confirms it; the deposit is matched from a bank statement (French and Arabic)', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const tag = uniqueTag();
  const { client, architect, projectId } = await architectWithAcceptedProject(request, { raison_sociale: `Atelier Virement ${tag}` });
  const quoteId = await validatedQuoteThroughApi({ request }, architect, client, projectId, livingRoomQuote(500));

  // The architect fills his bank details from the invoice list (the IBAN's key is checked as typed).
  const proContext = await browser.newContext({ locale: 'fr-FR' });
  const pro = await proContext.newPage();
  await loginAs(pro, architect.email, architect.password);
  await pro.goto('/facture/list');
  await pro.getByTestId('invoice-settings-link').click();
  await expect(pro).toHaveURL(/\/facture\/parametre$/);
  await pro.getByTestId('settings-iban').fill('FR76 3000 6000 0112 3456 7890 188');
  await pro.getByTestId('settings-bic').fill('AGRIFRPP');
  await pro.getByTestId('settings-save').click();
  await expect(pro.getByText('L’IBAN n’est pas valide (vérifiez la clé de contrôle).')).toBeVisible();
  await pro.getByTestId('settings-iban').fill('FR7630006000011234567890189');
  await pro.getByTestId('settings-save').click();
  await expect(pro.getByTestId('settings-saved')).toBeVisible();
  await expect(pro.getByTestId('settings-iban')).toHaveValue('FR76 3000 6000 0112 3456 7890 189');
  await pro.screenshot({ path: `${SHOTS}/bank-settings-architect-fr.png`, fullPage: true });
  await proContext.close();

  // A 30 % deposit, then the balance: 3 500 − 1 050 − retenue 175 = 2 275 € to pay.
  for (const body of [
    { quote_id: quoteId, kind: 'acompte', percent_bp: 3000 },
    { quote_id: quoteId, kind: 'solde' },
  ]) {
    const res = await request.post('/api/facture', { headers: architect.headers, data: body });
    expect(res.status(), await res.text()).toBe(201);
  }
  const list = await request.get(`/api/liste-facture?quote_id=${quoteId}&kind=solde`, { headers: architect.headers });
  const balance = (await list.json()).data.items[0] as { id: number; number: string; left_to_pay_cents: number };
  const deposits = await request.get(`/api/liste-facture?quote_id=${quoteId}&kind=acompte`, { headers: architect.headers });
  const deposit = (await deposits.json()).data.items[0] as { id: number; number: string };
  expect(balance.left_to_pay_cents).toBe(227_500);

  // The client opens the balance invoice: IBAN, BIC and the RF reference; declares the transfer.
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await loginAs(page, client.email, client.password);
  await page.goto(`/facture/${balance.id}`);
  const panel = page.getByTestId('transfer-panel');
  await expect(panel.getByTestId('transfer-iban')).toHaveText('FR76 3000 6000 0112 3456 7890 189');
  await expect(panel.getByTestId('transfer-bic')).toHaveText('AGRIFRPP');
  const reference = (await panel.getByTestId('transfer-reference').textContent())!.trim();
  expect(reference).toMatch(/^RF\d{2}( [A-Z0-9]{1,4})+$/);
  await page.getByTestId('declare-transfer').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('declare-amount')).toHaveValue('2 275,00');
  await page.screenshot({ path: `${SHOTS}/bank-transfer-declare-client-fr.png`, fullPage: true });
  await dialog.getByTestId('declare-submit').click();
  await expect(page.getByTestId('transfer-done')).toContainText('Votre virement est déclaré');
  await expect(panel.getByTestId('transfer-list')).toContainText('En attente de confirmation');
  await expect(panel.getByTestId('transfer-list')).toContainText('2 275,00 €');
  await expect(page.getByTestId('invoice-status')).toHaveText('Émise');
  // The card is still offered, with a warning that the declared transfer would make it a double payment.
  await expect(page.getByTestId('card-pending-transfer')).toContainText('2 275,00 €');
  await page.screenshot({ path: `${SHOTS}/bank-transfer-declared-client-fr.png`, fullPage: true });

  // The admin finds it under « Virements » and confirms the receipt.
  const adminContext = await browser.newContext({ locale: 'fr-FR' });
  const admin = await adminContext.newPage();
  await loginAs(admin, DEMO_ADMIN);
  await admin.getByTestId('side-menu').getByRole('link', { name: 'Virements' }).click();
  await expect(admin).toHaveURL(/\/facture\/virements$/);
  // The demo data has a pending transfer too: the row is found by its reference, unique on the platform.
  const row = admin.getByTestId('pending-transfers').getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('2 275,00 €');
  await expect(row).toContainText(balance.number);
  await admin.screenshot({ path: `${SHOTS}/bank-transfers-admin-fr.png`, fullPage: true });
  await row.getByRole('button', { name: 'Confirmer la réception' }).click();
  await expect(admin.getByRole('dialog').getByTestId('confirm-amount')).toHaveValue('2 275,00');
  await admin.getByRole('dialog').getByTestId('confirm-submit').click();
  // (The number is wrapped in Unicode isolates, for right-to-left languages.)
  await expect(admin.getByTestId('transfers-message')).toContainText('est maintenant « Payée »');
  await expect(admin.getByTestId('transfers-message')).toContainText(balance.number);
  await expect(admin.getByTestId('pending-transfers').getByRole('row').filter({ hasText: reference })).toHaveCount(0);
  await adminContext.close();

  // The client sees the invoice paid.
  await page.reload();
  await expect(page.getByTestId('invoice-status')).toHaveText('Payée');
  await expect(panel.getByTestId('transfer-list')).toContainText('Reçu');
  await expect(page.getByTestId('declare-transfer')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/bank-transfer-paid-client-fr.png`, fullPage: true });
  await context.close();

  // In Arabic (right to left): the client's invoice with its transfer, the admin's screen.
  const arContext = await browser.newContext({ locale: 'ar' });
  const ar = await arContext.newPage();
  await loginAs(ar, client.email, client.password);
  await ar.goto(`/facture/${balance.id}?lng=ar`);
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(ar.getByTestId('transfer-panel')).toContainText('الدفع بتحويل بنكي');
  await expect(ar.getByTestId('transfer-reference')).toHaveText(reference);
  await expect(ar.getByTestId('transfer-list')).toContainText('تم الاستلام');
  await ar.screenshot({ path: `${SHOTS}/bank-transfer-paid-client-ar.png`, fullPage: true });
  await arContext.close();
  const arAdminContext = await browser.newContext({ locale: 'ar' });
  const arAdmin = await arAdminContext.newPage();
  await loginAs(arAdmin, DEMO_ADMIN);
  await arAdmin.goto('/facture/virements?lng=ar');
  await expect(arAdmin.getByRole('heading', { name: 'التحويلات البنكية', level: 1 })).toBeVisible();
  // The deposit arrives on the bank statement with its RF reference: imported, proposed, confirmed.
  const depositRef = (await (await request.get(`/api/facture/${deposit.id}/virement`, { headers: client.headers })).json()).data.reference as string;
  const csv = `Date;Libellé;Montant\n${new Date().toLocaleDateString('fr-FR')};VIR SEPA BERNARD JULIE ${depositRef};1 050,00\n`;
  await arAdmin.locator('input[type="file"]').setInputFiles({ name: 'releve.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await arAdmin.getByTestId('statement-submit').click();
  await expect(arAdmin.getByTestId('transfers-message')).toContainText('releve.csv');
  const statementLine = arAdmin.getByTestId('statement-lines').getByRole('row').filter({ hasText: depositRef });
  await expect(statementLine).toContainText('مرجع مطابق');
  await arAdmin.screenshot({ path: `${SHOTS}/bank-transfers-admin-ar.png`, fullPage: true });
  await statementLine.getByRole('button', { name: 'تأكيد' }).click();
  await expect(arAdmin.getByTestId('transfers-message')).toContainText(deposit.number);
  const paidDeposit = await request.get(`/api/get-facture-detail/${deposit.id}`, { headers: client.headers });
  expect((await paidDeposit.json()).data.status).toBe('Payée');
  await arAdminContext.close();
});
