import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, loginAs } from './support';

const SHOTS = fileURLToPath(new URL('../../../test-results/screens', import.meta.url));

/** pdf.js has drawn the page: the canvas is on screen with a real size. */
async function expectPageDrawn(page: Page) {
  const canvas = page.locator('[data-testid="pdf-pages"] canvas').first();
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  const box = await canvas.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(200);
  expect(box?.height ?? 0).toBeGreaterThan(200);
}

test('the demo architect opens a sent quote in the viewer; the link works logged out, in French and in Arabic, on a phone', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const architect = await apiLogin(request, 'architecte@ouvrage.test');
  const list = await request.get(`/api/liste-devis/${architect.id}?per_page=50`, { headers: architect.headers });
  expect(list.ok()).toBeTruthy();
  const sent = ((await list.json()).data.items as Array<{ id: number; status: string }>).find((q) => q.status === 'Envoyé');
  expect(sent, 'un devis envoyé de démonstration').toBeTruthy();

  // « Voir » on the quote detail opens the viewer in a new tab.
  const context = await browser.newContext({ locale: 'fr-FR' });
  const pro = await context.newPage();
  await loginAs(pro, 'architecte@ouvrage.test');
  await pro.goto(`/devis/${sent!.id}`);
  const [viewer] = await Promise.all([context.waitForEvent('page'), pro.getByTestId('view-document').click()]);
  await expect(viewer).toHaveURL(/\/viewpdf\?t=quote-pdf\.\d+\.\d+\./);
  await expectPageDrawn(viewer);
  const link = viewer.url();
  await context.close();

  // Logged out, in a fresh browser: the link alone shows the quote, its pages, zoom and download.
  const anonymous = await browser.newContext({ locale: 'fr-FR' });
  const fr = await anonymous.newPage();
  const workers: string[] = [];
  fr.on('request', (r) => {
    if (/pdf\.worker/.test(r.url())) workers.push(r.url());
  });
  await fr.goto(link);
  await expectPageDrawn(fr);
  expect(workers.length).toBeGreaterThan(0);
  expect(workers.every((u) => u.startsWith(new URL(link).origin))).toBe(true);
  await expect(fr.getByTestId('side-menu')).toHaveCount(0);
  await expect(fr.getByTestId('pdf-page')).toHaveText(/^Page 1 \/ \d+$/);
  await fr.getByRole('button', { name: 'Agrandir' }).click();
  await expect(fr.getByTestId('pdf-zoom')).toHaveText('125 %');
  await fr.getByRole('button', { name: 'Ajuster à la largeur' }).click();
  await expect(fr.getByRole('link', { name: 'Télécharger' })).toHaveAttribute('download', /^devis-.+\.pdf$/);
  await fr.mouse.move(0, 400); // no tooltip in the picture
  await fr.screenshot({ path: `${SHOTS}/pdf-viewer-fr.png` });

  // A tampered link says so instead of showing anything.
  const tampered = new URL(link);
  const [kind, id, exp, signature] = tampered.searchParams.get('t')!.split('.');
  tampered.searchParams.set('t', [kind, id, Number(exp) + 60, signature].join('.'));
  await fr.goto(tampered.toString());
  await expect(fr.getByTestId('pdf-error')).toContainText('Ce lien n’est pas valide');
  await anonymous.close();

  // Arabic on a phone: the controls are mirrored, the page is not.
  const phone = await browser.newContext({ locale: 'ar', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const ar = await phone.newPage();
  await ar.goto(`${link}&lng=ar`);
  await expectPageDrawn(ar);
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(ar.getByTestId('pdf-page')).toHaveText(/^الصفحة 1 من \d+$/);
  const previous = await ar.getByTestId('pdf-previous').boundingBox();
  const next = await ar.getByTestId('pdf-next').boundingBox();
  expect(previous!.x).toBeGreaterThan(next!.x);
  await ar.screenshot({ path: `${SHOTS}/pdf-viewer-ar-phone.png` });
  await phone.close();
});
