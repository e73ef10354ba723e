import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, architectWithAcceptedProject, livingRoomQuote, loginAs, uniqueSiret, uniqueTag, validatedQuoteThroughApi, type ApiSession } from './support';

// Screens load lazily: on a loaded CI machine the first paint of a fresh context may take a while.
const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = fileURLToPath(new URL('../../../test-results/screens', import.meta.url));

/** The fake plateforme agréée the development server starts beside itself (decision 1215). */
const fakePaUrl = (baseURL: string) => `http://127.0.0.1:${Number(new URL(baseURL).port) + 1}`;

/** The invoice page's « Facturation électronique » card, reloaded until it shows `status` (the PA's pushes arrive on their own). */
async function untilStatus(page: Page, invoiceId: number, status: string) {
  await expect(async () => {
    await page.goto(`/facture/${invoiceId}`);
    await baseExpect(page.getByTestId('e-invoice-events')).toContainText(status, { timeout: 5_000 });
  }).toPass({ timeout: 90_000, intervals: [1_000, 2_000, 3_000] });
}

async function issueThroughApi(request: APIRequestContext, architect: ApiSession, quoteId: number, percent: number) {
  const res = await request.post('/api/facture', { headers: architect.headers, data: { quote_id: quoteId, kind: 'acompte', percent_bp: percent * 100 } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { id: number; number: string; client: { routing_address: string | null } };
}

test('e-invoicing against the fake PA: the architect connects it, a company’s invoice is found in the directory, sent, approved, « Encaissée » after the card payment; a refused one is corrected by an avoir and a new invoice; French and Arabic on a phone', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const tag = uniqueTag();
  const siret = uniqueSiret();
  const { client, architect, projectId } = await architectWithAcceptedProject(request, {
    raison_sociale: `Atelier Numérique ${tag}`,
    business: { companyName: `Foncière Test ${tag}`, siret },
  });
  const quoteId = await validatedQuoteThroughApi({ request }, architect, client, projectId, livingRoomQuote(0));
  const pa = fakePaUrl(baseURL!);

  // 1. The architect connects their PA in the invoice settings, and tests the connection.
  const proContext = await browser.newContext({ locale: 'fr-FR' });
  const pro = await proContext.newPage();
  await loginAs(pro, architect.email, architect.password);
  await pro.goto('/facture/parametre');
  const card = pro.getByTestId('e-invoicing-settings');
  await card.getByText('Ma plateforme', { exact: true }).click();
  await card.getByTestId('e-invoicing-base-url').fill(pa);
  await card.getByTestId('e-invoicing-token-url').fill(`${pa}/oauth/token`);
  await card.getByTestId('e-invoicing-client-id').fill('ouvrage-fake');
  await card.getByTestId('e-invoicing-client-secret').fill('fake-secret');
  await card.getByTestId('e-invoicing-save').click();
  await expect(card.getByTestId('e-invoicing-saved')).toBeVisible();
  await card.getByTestId('e-invoicing-test').click();
  await expect(card.getByTestId('e-invoicing-test-result')).toHaveAttribute('data-ok', 'true');
  await expect(card.getByTestId('e-invoicing-test-result')).toContainText('La connexion à la plateforme fonctionne.');
  await pro.screenshot({ path: `${SHOTS}/e-invoicing-settings-fr.png`, fullPage: true });

  // 2. The 30 % deposit, issued from the quote: the company is found in the directory (BT-49), the
  //    invoice leaves through the PA and its buyer approves it.
  await pro.goto(`/devis/${quoteId}`);
  await pro.getByTestId('issue-invoice').click();
  const dialog = pro.getByRole('dialog');
  await dialog.getByTestId('invoice-percent').fill('30');
  await dialog.getByTestId('invoice-review-open').click();
  await dialog.getByTestId('invoice-confirm').click();
  await expect(pro).toHaveURL(/\/facture\/\d+$/);
  const depositId = Number(/\/facture\/(\d+)$/.exec(pro.url())![1]);
  await untilStatus(pro, depositId, 'Approuvée');
  const events = pro.getByTestId('e-invoice-events');
  for (const code of ['Déposée', 'Émise', 'Reçue', 'Approuvée']) await expect(events).toContainText(code);
  await expect(pro.getByTestId('e-invoice-state')).toHaveText('Transmise');
  const deposit = (await (await request.get(`/api/get-facture-detail/${depositId}`, { headers: architect.headers })).json()).data;
  expect(deposit.client.routing_address).toBe(`${siret.slice(0, 9)}_FACTURES`);

  // 3. The client pays it by card on the simulated checkout: « Encaissée » goes back to the PA.
  const clientContext = await browser.newContext({ locale: 'fr-FR' });
  const payer = await clientContext.newPage();
  await loginAs(payer, client.email, client.password);
  await payer.goto(`/facture/${depositId}`);
  await payer.getByTestId('pay-by-card').click();
  await payer.getByTestId('card-number').fill('4242 4242 4242 4242');
  await payer.getByTestId('card-expiry').fill('12/30');
  await payer.getByTestId('card-cvc').fill('123');
  await payer.getByTestId('card-submit').click();
  await expect(payer.getByTestId('payment-outcome')).toHaveAttribute('data-outcome', 'confirme');
  await clientContext.close();
  await untilStatus(pro, depositId, 'Encaissée');
  await expect(pro.getByTestId('e-invoice-state')).toHaveText('Terminée');
  await pro.screenshot({ path: `${SHOTS}/e-invoicing-invoice-paid-fr.png`, fullPage: true });

  // 4. A second deposit the company's accounts department refuses at its PA, with its reason.
  const wrong = await issueThroughApi(request, architect, quoteId, 20);
  await expect(async () => {
    const list = (await (await request.get(`${pa}/_fake/invoices`)).json()) as Array<{ number: string; codes: number[] }>;
    baseExpect(list.find((f) => f.number === wrong.number)?.codes).toContain(202);
  }).toPass({ timeout: 60_000 });
  const refusal = await request.post(`${pa}/_fake/invoices/${wrong.number}/refuse`, { data: { reason: 'Acompte non prévu au contrat' } });
  expect(refusal.ok(), await refusal.text()).toBeTruthy();
  await untilStatus(pro, wrong.id, 'Refusée');
  await expect(pro.getByTestId('e-invoice-state')).toHaveText('À traiter');
  await expect(pro.getByTestId('e-invoice-action')).toContainText('corrigez-la par un avoir puis une nouvelle facture');
  await expect(pro.getByTestId('e-invoice-events')).toContainText('Acompte non prévu au contrat');
  await pro.screenshot({ path: `${SHOTS}/e-invoicing-invoice-refused-fr.png`, fullPage: true });
  await pro.goto('/facture/parametre');
  await expect(pro.getByTestId('e-invoicing-awaiting')).toContainText(wrong.number);

  // Corrected, never edited: an avoir cancels it (sent through the PA too), then a new invoice.
  await pro.goto(`/facture/${wrong.id}`);
  await pro.getByTestId('invoice-credit').click();
  await pro.getByTestId('credit-all').click();
  await pro.getByTestId('credit-reason').fill('Facture refusée par le client : acompte non prévu au contrat.');
  await pro.getByTestId('credit-confirm').click();
  await expect(pro.getByTestId('invoice-credit')).toHaveCount(0);
  await pro.goto('/facture/parametre');
  await expect(pro.getByTestId('e-invoicing-settings')).toBeVisible();
  await expect(pro.getByText(wrong.number)).toHaveCount(0);
  await expect(async () => {
    const list = (await (await request.get(`${pa}/_fake/invoices`)).json()) as Array<{ number: string }>;
    baseExpect(list.filter((f) => f.number.startsWith('AV-')).length).toBeGreaterThan(0);
  }).toPass({ timeout: 60_000 });
  const fixed = await issueThroughApi(request, architect, quoteId, 10);
  await untilStatus(pro, fixed.id, 'Approuvée');

  // 5. In Arabic on a phone: the statuses in Arabic, the reason as the buyer wrote it.
  const phone = await browser.newContext({ locale: 'ar', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const ar = await phone.newPage();
  await loginAs(ar, architect.email, architect.password);
  await ar.goto(`/facture/${wrong.id}?lng=ar`);
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(ar.getByTestId('e-invoice-events')).toContainText('Acompte non prévu au contrat');
  await expect(ar.getByTestId('e-invoice-events')).not.toContainText('Refusée');
  await ar.getByTestId('invoice-e-invoicing').scrollIntoViewIfNeeded();
  await ar.screenshot({ path: `${SHOTS}/e-invoicing-invoice-refused-ar-375.png`, fullPage: true });
  await phone.close();
  await proContext.close();
});

test('the demo architect’s consumer sales of a closed month are in its e-report, sent to the fake PA (French and Arabic)', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const demo = await apiLogin(request, 'architecte@ouvrage.test');
  const year = new Date().getFullYear();
  const periods = (await (await request.get(`/api/e-reporting/periodes?year=${year}`, { headers: demo.headers })).json()).data as {
    connected: boolean;
    periods: Array<{ id: number | null; kind: string; period_start: string; totals: { count: number } | null }>;
  };
  expect(periods.connected).toBe(true);
  const built = periods.periods.filter((p) => p.id !== null && (p.totals?.count ?? 0) > 0);
  expect(built.length, 'au moins une période close déclarée').toBeGreaterThan(0);

  for (const [locale, lng] of [
    ['fr-FR', 'fr'],
    ['ar', 'ar'],
  ] as const) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await loginAs(page, 'architecte@ouvrage.test');
    await page.goto(`/facture/e-reporting?lng=${lng}`);
    await page.getByTestId(`e-report-open-${built[0].id}`).click();
    const detail = page.getByRole('dialog');
    await expect(detail.getByTestId('e-report-status')).toHaveAttribute('data-status', /.+/);
    await expect(detail.getByTestId('e-report-totals')).toBeVisible();
    // The consumer invoices it declares, by their numbers.
    await expect(detail).toContainText(/F-\d{4}-\d{4}/);
    await page.screenshot({ path: `${SHOTS}/e-reporting-demo-${lng}.png`, fullPage: true });
    await context.close();
  }
});
