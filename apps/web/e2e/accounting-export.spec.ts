import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test } from '@playwright/test';
import { loginAs } from './support';

// Screens load lazily: on a loaded CI machine the first paint of a fresh context may take a while.
const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = fileURLToPath(new URL('../../../test-results/screens', import.meta.url));

/** « Exporter pour le comptable » (issue 37 §3, decision 1210): the demo architect downloads the year's FEC. */
test('the demo architect opens the accountant’s exports in French and Arabic, on a phone and a desktop, and downloads the FEC', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  await loginAs(page, 'architecte@ouvrage.test');
  for (const lng of ['fr', 'ar'] as const) {
    for (const width of [375, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/facture/list?lng=${lng}`);
      await page.getByTestId('accounting-export-open').click();
      await expect(page.getByTestId('accounting-accounts')).toBeVisible();
      await expect(page.getByTestId('account-clients')).toHaveValue(/^411/);
      await page.screenshot({ path: `${SHOTS}/accounting-export-${lng}-${width}.png`, fullPage: true });
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('accounting-export')).toBeHidden();
    }
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/facture/list?lng=fr');
  await page.getByTestId('accounting-export-open').click();
  const year = await page.getByTestId('fec-year').inputValue();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('fec-download').click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^\\d{9}FEC${year}1231\\.txt$`));
  const text = readFileSync((await download.path())!, 'utf8');
  const [header, ...rows] = text.split('\r\n').filter(Boolean);
  expect(header.split('\t')).toHaveLength(18);
  expect(header.startsWith('JournalCode\tJournalLib\tEcritureNum\tEcritureDate')).toBe(true);
  for (const row of rows) expect(row.split('\t')).toHaveLength(18);
});
