import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const SHOTS = fileURLToPath(new URL('../../../test-results/screens', import.meta.url));

/** A small valid PDF without any signature: the page must say it does not carry Ouvrage's seal. */
const UNSEALED = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

test('a visitor, logged out, checks a PDF on /verification from the login page, in French and in Arabic', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Vérifier un document scellé' }).click();
  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.getByRole('heading', { name: 'Vérifier un document scellé' })).toBeVisible();
  await expect(page.getByTestId('side-menu')).toHaveCount(0);

  // The chooser button is reachable with the keyboard.
  const choose = page.getByRole('button', { name: 'Choisir un fichier PDF' });
  await choose.focus();
  await expect(choose).toBeFocused();

  await page.locator('input[type="file"]').setInputFiles({ name: 'devis.pdf', mimeType: 'application/pdf', buffer: UNSEALED });
  const card = page.getByRole('status').filter({ hasText: 'Ce document ne porte pas le cachet d’Ouvrage' });
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('data-verdict', 'not-ours');
  await expect(card).toContainText('Fichier : devis.pdf');
  await expect(card).toContainText(/[0-9a-f]{64}/);
  await page.screenshot({ path: `${SHOTS}/seal-verification-fr.png`, fullPage: true });

  // Not a PDF: a clear refusal.
  await page.locator('input[type="file"]').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Bonjour') });
  await expect(page.getByRole('alert')).toContainText('Ce fichier n’est pas un PDF.');

  // In Arabic, right to left.
  await page.goto('/verification?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.locator('input[type="file"]').setInputFiles({ name: 'devis.pdf', mimeType: 'application/pdf', buffer: UNSEALED });
  await expect(page.getByRole('status').filter({ hasText: 'هذا المستند لا يحمل ختم Ouvrage' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/seal-verification-ar.png`, fullPage: true });
  await context.close();
});
