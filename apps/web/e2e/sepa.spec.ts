import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { architectWithAcceptedProject, livingRoomQuote, loginAs, uniqueTag, validatedQuoteThroughApi, type ApiSession } from './support';

// Screens load lazily: on a loaded machine the first paint of a fresh context may take a while.
const expect = baseExpect.configure({ timeout: 30_000 });

const SHOTS = fileURLToPath(new URL('../../../test-results/screens', import.meta.url));

async function depositInvoice(request: APIRequestContext, architect: ApiSession, quoteId: number, percent: number) {
  const res = await request.post('/api/facture', { headers: architect.headers, data: { quote_id: quoteId, kind: 'acompte', percent_bp: percent * 100 } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { id: number; number: string };
}

test('a client pays by SEPA direct debit on the simulated checkout: IBAN checked, mandate shown and accepted once, the debit « en cours »; in Arabic under the same mandate', async ({
  browser,
  request,
}) => {
  test.setTimeout(480_000);
  const tag = uniqueTag();
  const { client, architect, projectId } = await architectWithAcceptedProject(request, { raison_sociale: `Atelier SEPA ${tag}` });
  const quoteId = await validatedQuoteThroughApi({ request }, architect, client, projectId, livingRoomQuote(0));
  const invoice = await depositInvoice(request, architect, quoteId, 30);

  // The client opens the invoice and the simulated checkout; « Prélèvement SEPA » beside « Carte ».
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await loginAs(page, client.email, client.password);
  await page.goto(`/facture/${invoice.id}`);
  await page.getByTestId('pay-by-card').click();
  await expect(page).toHaveURL(/\/payment\/create\?paiement=\d+&t=invoice\./);
  await page.getByTestId('checkout-method').getByText('Prélèvement SEPA').click();
  const form = page.getByTestId('sepa-form');
  await expect(form.getByTestId('sepa-creditor')).toContainText('FR72ZZZ123456');
  await expect(form.getByTestId('sepa-reference')).toHaveText(`OUV-D${quoteId}-M1`);
  await expect(form.getByTestId('sepa-mandate-text')).toContainText('au moins 14 jours à l’avance');

  // A wrong check digit: refused on its field, with a clear message; nothing accepted.
  await form.getByTestId('sepa-holder').fill('Carole Client');
  await form.getByTestId('sepa-iban').fill('FR14 2004 1010 0505 0001 3M02 605');
  await expect(form.getByTestId('sepa-submit')).toBeDisabled();
  await form.getByTestId('sepa-accept').click();
  await form.getByTestId('sepa-submit').click();
  await expect(form).toContainText('sa clé de contrôle est fausse');
  await page.screenshot({ path: `${SHOTS}/sepa-checkout-bad-iban-fr.png`, fullPage: true });

  // The test IBAN: the mandate accepted, the debit with the bank.
  await form.getByTestId('sepa-iban').fill('FR14 2004 1010 0505 0001 3M02 606');
  await form.getByTestId('sepa-submit').click();
  await expect(page).toHaveURL(/\/payment\/traitement\?paiement=\d+/);
  await expect(page.getByTestId('payment-outcome')).toHaveAttribute('data-outcome', 'prelevement_en_cours');
  await expect(page.getByTestId('payment-outcome')).toContainText('Prélèvement en cours');
  await page.screenshot({ path: `${SHOTS}/sepa-processing-fr.png`, fullPage: true });

  // The invoice: the mandate (RUM, account, creditor) and the debit « Prélèvement en cours »; no card meanwhile.
  await page.goto(`/facture/${invoice.id}`);
  const mandate = page.getByTestId('sepa-mandate');
  await expect(mandate).toHaveAttribute('data-status', 'active');
  await expect(mandate).toContainText(`OUV-D${quoteId}-M1`);
  await expect(mandate).toContainText('2606');
  await expect(page.getByTestId('debit-in-progress')).toBeVisible();
  await expect(page.getByTestId('card-payments').getByTestId('payment-status')).toHaveAttribute('data-status', 'prelevement_en_cours');
  await expect(page.getByTestId('pay-by-card')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/sepa-invoice-client-fr.png`, fullPage: true });

  // « Paiement »: the debit in the client's list.
  await page.goto('/payment/list');
  const row = page.getByTestId('payments-table').locator('[data-testid^="payment-row-"]').first();
  await expect(row).toContainText(invoice.number);
  await expect(row).toContainText('Prélèvement SEPA');
  await expect(row).toContainText('Prélèvement en cours');
  await context.close();

  // A second invoice of the same contract, paid in Arabic: the mandate already accepted is used, no IBAN asked again.
  const second = await depositInvoice(request, architect, quoteId, 20);
  const arContext = await browser.newContext({ locale: 'ar' });
  const ar = await arContext.newPage();
  await loginAs(ar, client.email, client.password);
  await ar.goto(`/payment/create?facture=${second.id}&lng=ar`);
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  await ar.getByTestId('start-checkout').click();
  await expect(ar).toHaveURL(/\/payment\/create\?paiement=\d+/);
  await ar.getByTestId('checkout-method').getByText('اقتطاع SEPA').click();
  await expect(ar.getByTestId('sepa-existing')).toContainText('2606');
  await expect(ar.getByTestId('sepa-reference')).toHaveText(`OUV-D${quoteId}-M1`);
  await expect(ar.getByTestId('sepa-iban')).toHaveCount(0);
  await ar.getByTestId('sepa-accept').click();
  await ar.screenshot({ path: `${SHOTS}/sepa-checkout-ar.png`, fullPage: true });
  await ar.getByTestId('sepa-submit').click();
  await expect(ar.getByTestId('payment-outcome')).toHaveAttribute('data-outcome', 'prelevement_en_cours');
  await expect(ar.getByTestId('payment-outcome')).toContainText('اقتطاع قيد التنفيذ');
  await ar.goto('/payment/list?lng=ar');
  await expect(ar.getByTestId('payments-table')).toContainText(second.number);
  await expect(ar.getByTestId('payments-table')).toContainText('اقتطاع قيد التنفيذ');
  await ar.screenshot({ path: `${SHOTS}/sepa-list-ar.png`, fullPage: true });
  await arContext.close();
});
