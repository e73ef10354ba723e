import { expect as baseExpect, test } from '@playwright/test';
import { architectWithAcceptedProject, loginAs, quoteLine, signQuoteThroughApi, uniqueSiret, uniqueTag } from './support';

// Screens load lazily: on a loaded machine the first paint of a fresh context may take a while.
const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = process.env.E2E_OUTPUT_DIR ? `${process.env.E2E_OUTPUT_DIR}/shots` : 'test-results/shots';

/**
 * The schedule signed with the quote (decision 1221) and the contract's life on the project page
 * (decision 1224): the architect sets it on the draft — a schedule that does not add up is refused
 * with its reason — the client signs the quote, the architect marks « fin du gros œuvre » reached
 * and issues its invoice in one click; the client reads the contract, its schedule and what to pay
 * next on the project page, in French and in Arabic on a phone.
 */
test('a schedule set on the draft, signed with the quote; a stage reached is invoiced in one click and shows on the client’s project page', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const setup = await browser.newContext();
  const setupPage = await setup.newPage();
  const tag = uniqueTag();
  // A business client: no withdrawal period holds the stages back (decision 1221).
  const { client, architect, projectId } = await architectWithAcceptedProject(setupPage.request, {
    raison_sociale: `Atelier Échéancier ${tag}`,
    business: { companyName: `Foncière Échéance ${tag}`, siret: uniqueSiret() },
  });
  const created = await setupPage.request.post('/api/devis', {
    headers: architect.headers,
    data: {
      project_id: projectId,
      kind: 'travaux',
      validity_days: 30,
      deposit_bp: 3000,
      late_penalty_bp: 1000,
      title: 'Aménagement du plateau',
      lots: [{ title: 'Cloisons', lines: [quoteLine('Cloisons plaques de plâtre', 1_000_000, 2000)] }],
      payment_terms: 'Selon l’échéancier.',
      retention_bp: 0,
      expected_totals: { total_ht_cents: 1_000_000, total_tva_cents: 200_000, total_ttc_cents: 1_200_000 },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const quoteId = (await created.json()).data.id as number;

  // The architect: 30 % at signature, 40 % at « fin du gros œuvre », 30 % at réception.
  const proContext = await browser.newContext({ locale: 'fr-FR' });
  const pro = await proContext.newPage();
  await loginAs(pro, architect.email, architect.password);
  await pro.goto(`/devis/${quoteId}/modifier`);
  const editor = pro.getByTestId('schedule-editor');
  await expect(editor).toBeVisible();
  await editor.getByRole('button', { name: 'Ajouter une échéance' }).click();
  await pro.getByTestId('schedule-percent-1').fill('40');
  await pro.getByTestId('schedule-percent-2').fill('40');
  // The form starts with « signature » and « réception »: the second becomes « fin du gros œuvre », the new row the réception.
  await pro.getByTestId('schedule-row-1').getByLabel('Étape').click();
  await pro.getByRole('option', { name: 'Fin du gros œuvre' }).click();
  await pro.getByTestId('schedule-row-2').getByLabel('Étape').click();
  await pro.getByRole('option', { name: 'Réception des travaux' }).click();
  // 30 + 40 + 40: refused with its reason, nothing saved.
  await pro.getByTestId('schedule-save').click();
  await expect(editor).toContainText(/110\s%/);
  await pro.getByTestId('schedule-percent-2').fill('30');
  await pro.getByTestId('schedule-save').click();
  await expect(pro.getByTestId('milestone-1')).toContainText('4 800,00');
  await proContext.close();

  // Sent, accepted and signed (the signing screens are the signature spec's), validated.
  for (const [who, url, data] of [
    [architect, `/api/send-devis-email/${quoteId}`, undefined],
    [client, `/api/validate-devis-client/${quoteId}`, { chosen_option_ids: [] }],
  ] as const) {
    const res = await setupPage.request.post(url, { headers: who.headers, data });
    expect(res.ok(), `${url} : ${await res.text()}`).toBeTruthy();
  }
  await signQuoteThroughApi(setupPage, client, quoteId);
  expect((await setupPage.request.post(`/api/validate-devis-pro/${quoteId}`, { headers: architect.headers })).ok()).toBeTruthy();
  await setup.close();

  // The architect marks « fin du gros œuvre » reached and issues its invoice in one click.
  const proAgain = await browser.newContext({ locale: 'fr-FR' });
  const pro2 = await proAgain.newPage();
  await loginAs(pro2, architect.email, architect.password);
  await pro2.goto(`/devis/${quoteId}`);
  await pro2.getByTestId('milestone-mark-1').click();
  await expect(pro2.getByTestId('milestone-state-1')).toHaveText('Atteint — facture préparée');
  await pro2.getByTestId('milestone-issue-1').click();
  await expect(pro2.getByTestId('milestone-state-1')).toHaveText('Facturé');
  await expect(pro2.getByTestId('milestone-1')).toContainText(/F-\d{4}-\d{4}/);
  await proAgain.close();

  // The client's project page: the contract, its schedule, the invoice to pay next.
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await loginAs(page, client.email, client.password);
  await page.goto(`/single-projet/${projectId}`);
  const contract = page.getByTestId(`contract-${quoteId}`);
  await expect(contract).toBeVisible();
  // 10 000 € HT at 20 %: 12 000 € TTC; 40 % is 4 800 €.
  await expect(page.getByTestId(`contract-total-${quoteId}`)).toContainText('12 000,00');
  await expect(contract.getByTestId('milestone-state-1')).toHaveText('Facturé');
  const next = page.getByTestId(`contract-next-${quoteId}`);
  await expect(next).toContainText('4 800,00');
  await next.getByRole('link', { name: 'Payer' }).click();
  await expect(page).toHaveURL(/\/facture\/\d+\?payer=1/);
  await context.close();

  // In Arabic on a phone: the same contract, right to left, nothing wider than the screen.
  const arContext = await browser.newContext({ locale: 'ar', viewport: { width: 375, height: 812 } });
  const ar = await arContext.newPage();
  await loginAs(ar, client.email, client.password);
  await ar.goto(`/single-projet/${projectId}?lng=ar`);
  const arContract = ar.getByTestId(`contract-${quoteId}`);
  await expect(arContract).toBeVisible();
  await expect(ar.getByTestId(`contract-next-${quoteId}`)).toContainText('للدفع');
  await expect(arContract).not.toContainText(/Contrat|Facturé|Payer/);
  expect(await ar.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(1);
  await arContract.scrollIntoViewIfNeeded();
  await ar.screenshot({ path: `${SHOTS}/contract-life-ar-phone.png`, fullPage: true });
  await arContext.close();
});
