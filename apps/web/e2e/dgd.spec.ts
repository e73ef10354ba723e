import { expect as baseExpect, test, type Page } from '@playwright/test';
import {
  architectWithAcceptedProject,
  lastSigningCode,
  livingRoomQuote,
  loginAs,
  signaturePngDataUrl,
  signThroughScreen,
  uniqueTag,
  validatedQuoteThroughApi,
  type ApiSession,
} from './support';

// Screens load lazily: on a loaded machine the first paint of a fresh context may take a while.
const expect = baseExpect.configure({ timeout: 30_000 });

/** The réception recorded by the architect and its PV signed by the client, through the API (the reception spec drives their screens). */
async function receivedThroughApi(page: Pick<Page, 'request'>, architect: ApiSession, client: ApiSession, quoteId: number) {
  const { request } = page;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const recorded = await request.post(`/api/devis/${quoteId}/reception`, { headers: architect.headers, data: { reception_date: today, reservations: [] } });
  expect(recorded.status(), await recorded.text()).toBe(201);
  const receptionId = (await recorded.json()).data.id as number;
  const started = await request.post(`/api/reception/${receptionId}/signature`, { headers: client.headers });
  expect(started.ok(), await started.text()).toBeTruthy();
  const code = await lastSigningCode(page, client.email);
  const verified = await request.post(`/api/reception/${receptionId}/signature/code`, { headers: client.headers, data: { code } });
  expect(verified.ok(), await verified.text()).toBeTruthy();
  const sha = (await verified.json()).data.document_sha256 as string;
  const signed = await request.post(`/api/reception/${receptionId}/signature/signer`, {
    headers: client.headers,
    data: { image: signaturePngDataUrl(), mode: 'drawn', accepted: true, document_sha256: sha },
  });
  expect(signed.ok(), await signed.text()).toBeTruthy();
}

test('after the réception the architect establishes the DGD, the client accepts it by signing, invoicing is closed; French and Arabic', async ({ browser }) => {
  test.setTimeout(300_000);
  const setup = await browser.newContext();
  const setupPage = await setup.newPage();
  const { client, architect, projectId } = await architectWithAcceptedProject(setupPage.request, { raison_sociale: `Atelier DGD ${uniqueTag()}` });
  // 3 500 € TTC, retenue de garantie 5 %: a deposit of 30 %, then the balance.
  const quoteId = await validatedQuoteThroughApi(setupPage, architect, client, projectId, livingRoomQuote(500));
  for (const body of [{ kind: 'acompte', percent_bp: 3000 }, { kind: 'solde' }]) {
    const res = await setupPage.request.post('/api/facture', { headers: architect.headers, data: { quote_id: quoteId, ...body } });
    expect(res.status(), await res.text()).toBe(201);
  }
  await receivedThroughApi(setupPage, architect, client, quoteId);

  // The architect: a late-delivery penalty of 50 €, the DGD established.
  const proContext = await browser.newContext({ locale: 'fr-FR' });
  const pro = await proContext.newPage();
  await loginAs(pro, architect.email, architect.password);
  await pro.goto(`/devis/${quoteId}`);
  const section = pro.getByTestId('quote-dgd');
  await expect(section).toBeVisible();
  // A wrong amount is refused in the browser, in French, nothing sent.
  await pro.getByTestId('dgd-add-penalty').click();
  await pro.getByTestId('dgd-penalty-label-0').fill('Retard de livraison (5 jours)');
  await pro.getByTestId('dgd-penalty-amount-0').fill('cinquante');
  await pro.getByTestId('dgd-establish').click();
  await expect(section.getByRole('alert')).toBeVisible();
  await pro.getByTestId('dgd-penalty-amount-0').fill('50');
  await pro.getByTestId('dgd-establish').click();
  await expect(pro.getByTestId('dgd-status')).toHaveText('En attente du client');
  await expect(section).toContainText(/D-\d{4}-\d{4}-DGD/);
  // 3 500 € − 50 € of penalty − 0 paid: the client owes 3 450 €, of which 175 € of retenue.
  await expect(pro.getByTestId('dgd-row-balance')).toContainText('3 450,00');
  await expect(pro.getByTestId('dgd-retention')).toContainText('175,00');
  await expect(pro.getByTestId('dgd-establish')).toHaveCount(0);
  await proContext.close();

  // The client accepts it with the quote's signing steps.
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await loginAs(page, client.email, client.password);
  await page.goto(`/devis/${quoteId}`);
  await page.getByTestId('dgd-accept').click();
  await expect(page.getByTestId('dgd-signing-screen')).toBeVisible();
  await signThroughScreen(page, client.email);
  await page.goto(`/devis/${quoteId}`);
  await expect(page.getByTestId('dgd-status')).toHaveText('Accepté');
  await expect(page.getByTestId('dgd-closed')).toBeVisible();
  await expect(page.getByTestId('dgd-accept')).toHaveCount(0);
  await context.close();

  // Invoicing on the quote is closed: refused with its code.
  const refused = await setupPage.request.post('/api/facture', { headers: architect.headers, data: { quote_id: quoteId, kind: 'acompte', percent_bp: 1000 } });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.code).toBe('DGD_INVOICING_CLOSED');
  await setup.close();

  // In Arabic (right to left).
  const arContext = await browser.newContext({ locale: 'ar' });
  const ar = await arContext.newPage();
  await loginAs(ar, client.email, client.password);
  await ar.goto(`/devis/${quoteId}?lng=ar`);
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(ar.getByTestId('dgd-status')).toHaveText('مقبول');
  await expect(ar.getByTestId('quote-dgd')).toContainText('الكشف النهائي العام');
  await arContext.close();
});
