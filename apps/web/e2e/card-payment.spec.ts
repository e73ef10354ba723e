import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { architectWithAcceptedProject, lastMailTo, loginAs, uniqueTag, validatedQuoteThroughApi, livingRoomQuote, type ApiSession } from './support';

// Screens load lazily: on a loaded machine the first paint of a fresh context may take a while.
const expect = baseExpect.configure({ timeout: 30_000 });

const SHOTS = fileURLToPath(new URL('../../../test-results/screens', import.meta.url));

async function depositInvoice(request: APIRequestContext, architect: ApiSession, quoteId: number, percent: number) {
  const res = await request.post('/api/facture', { headers: architect.headers, data: { quote_id: quoteId, kind: 'acompte', percent_bp: percent * 100 } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { id: number; number: string };
}

test('a client pays a deposit invoice by card on the simulated checkout (declined, then accepted) and sees it in /payment/list; a pay link works logged out, in Arabic', async ({
  browser,
  request,
}) => {
  // A limit for a hang: two browsers and the server share the cores (decision 1110); at load 20
  // this journey took over 4 minutes.
  test.setTimeout(480_000);
  const tag = uniqueTag();
  const { client, architect, projectId } = await architectWithAcceptedProject(request, { raison_sociale: `Atelier Carte ${tag}` });
  const quoteId = await validatedQuoteThroughApi({ request }, architect, client, projectId, livingRoomQuote(0));
  const invoice = await depositInvoice(request, architect, quoteId, 30);

  // The client opens the invoice: « Payer par carte » shows what is left (30 % of 3 500 € = 1 050 €).
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await loginAs(page, client.email, client.password);
  await page.goto(`/facture/${invoice.id}`);
  const panel = page.getByTestId('card-payment-panel');
  await expect(panel.getByTestId('card-left')).toContainText('Reste à payer');
  await expect(panel.getByTestId('card-left')).toContainText('1 050,00 €');
  await page.screenshot({ path: `${SHOTS}/card-payment-invoice-client-fr.png`, fullPage: true });
  await page.getByTestId('pay-by-card').click();

  // The simulated checkout (full page, no side menu): a declined test card first.
  await expect(page).toHaveURL(/\/payment\/create\?paiement=\d+&t=invoice\./);
  await expect(page.getByTestId('simulated-amount')).toContainText('1 050,00 €');
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
  await page.getByTestId('card-number').fill('4000 0000 0000 0002');
  await page.getByTestId('card-expiry').fill('12/30');
  await page.getByTestId('card-cvc').fill('123');
  await page.screenshot({ path: `${SHOTS}/card-payment-checkout-fr.png`, fullPage: true });
  await page.getByTestId('card-submit').click();
  await expect(page).toHaveURL(/\/payment\/traitement\?paiement=\d+/);
  await expect(page.getByTestId('payment-outcome')).toHaveAttribute('data-outcome', 'echoue');
  await expect(page.getByTestId('payment-outcome')).toContainText('carte refusée');
  await page.screenshot({ path: `${SHOTS}/card-payment-declined-fr.png`, fullPage: true });
  expect((await lastMailTo({ request }, client.email)).subject).toBe(`Paiement non abouti — facture ${invoice.number}`);

  // « Réessayer » opens a new checkout; 4242… is accepted.
  await page.getByTestId('payment-retry').click();
  await expect(page).toHaveURL(/\/payment\/create\?paiement=\d+/);
  await page.getByTestId('card-number').fill('4242 4242 4242 4242');
  await page.getByTestId('card-expiry').fill('12/30');
  await page.getByTestId('card-cvc').fill('123');
  await page.getByTestId('card-submit').click();
  await expect(page.getByTestId('payment-outcome')).toHaveAttribute('data-outcome', 'confirme');
  await expect(page.getByTestId('payment-outcome')).toContainText('1 050,00 €');
  await expect(page.getByTestId('payment-outcome')).toContainText('La facture est entièrement payée.');
  await page.screenshot({ path: `${SHOTS}/card-payment-succeeded-fr.png`, fullPage: true });

  // « Paiement » in the client's menu: the confirmed payment and the declined one, with the invoice.
  await page.goto('/dashboard');
  await page.getByTestId('side-menu').getByRole('link', { name: 'Paiement' }).click();
  await expect(page).toHaveURL(/\/payment\/list$/);
  await expect(page.getByRole('heading', { name: 'Mes paiements' })).toBeVisible();
  const rows = page.getByTestId('payments-table').locator('[data-testid^="payment-row-"]');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(invoice.number);
  await expect(rows.first()).toContainText('1 050,00 €');
  await expect(rows.first()).toContainText('Carte bancaire');
  await expect(rows.first()).toContainText('Confirmé');
  await expect(rows.nth(1)).toContainText('Échoué');
  await page.screenshot({ path: `${SHOTS}/card-payment-list-fr.png`, fullPage: true });
  await page.goto(`/facture/${invoice.id}`);
  await expect(page.getByTestId('invoice-status')).toHaveText('Payée');
  await context.close();

  // The architect sees the card payment received on his invoice.
  const proContext = await browser.newContext({ locale: 'fr-FR' });
  const pro = await proContext.newPage();
  await loginAs(pro, architect.email, architect.password);
  await pro.goto(`/facture/${invoice.id}`);
  const received = pro.getByTestId('card-payments');
  await expect(received).toContainText('Confirmé');
  await expect(received).toContainText('1 050,00 €');
  await expect(pro.getByTestId('pay-by-card')).toHaveCount(0);
  await pro.getByTestId('card-payment-panel').scrollIntoViewIfNeeded();
  await pro.screenshot({ path: `${SHOTS}/card-payment-invoice-architect-fr.png`, fullPage: true });
  await proContext.close();

  // A second deposit, paid through its pay link by someone not logged in, in Arabic.
  const second = await depositInvoice(request, architect, quoteId, 20);
  const summary = await request.get(`/api/paiement/facture/${second.id}`, { headers: client.headers });
  const payLink = (await summary.json()).data.pay_link.url as string;
  const arContext = await browser.newContext({ locale: 'ar' });
  const ar = await arContext.newPage();
  await ar.goto(`${payLink}&lng=ar`);
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(ar.getByTestId('invoice-checkout')).toContainText(second.number);
  await ar.getByTestId('start-checkout').click();
  await expect(ar).toHaveURL(/\/payment\/create\?paiement=\d+/);
  await expect(ar.getByRole('heading', { name: 'دفع آمن بالبطاقة' })).toBeVisible();
  await ar.getByTestId('card-number').fill('4242 4242 4242 4242');
  await ar.getByTestId('card-expiry').fill('12/30');
  await ar.getByTestId('card-cvc').fill('123');
  await ar.screenshot({ path: `${SHOTS}/card-payment-checkout-ar.png`, fullPage: true });
  await ar.getByTestId('card-submit').click();
  await expect(ar.getByTestId('payment-outcome')).toHaveAttribute('data-outcome', 'confirme');
  await expect(ar.getByTestId('payment-outcome')).toContainText('تم الدفع بنجاح');
  await ar.screenshot({ path: `${SHOTS}/card-payment-succeeded-ar.png`, fullPage: true });
  await arContext.close();

  // The client's list in Arabic: both confirmed payments (and the declined one).
  const listContext = await browser.newContext({ locale: 'ar' });
  const list = await listContext.newPage();
  await loginAs(list, client.email, client.password);
  await list.goto('/payment/list?lng=ar');
  await expect(list.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(list.getByRole('heading', { name: 'مدفوعاتي' })).toBeVisible();
  await expect(list.getByTestId('payments-table').locator('[data-testid^="payment-row-"]')).toHaveCount(3);
  await expect(list.getByTestId('payments-table')).toContainText(second.number);
  await list.screenshot({ path: `${SHOTS}/card-payment-list-ar.png`, fullPage: true });
  await listContext.close();
});
