import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, createAccount, DEMO_ADMIN, loginAs, validatedProject } from './support';

/** Issue 12 — the admin dashboard in three languages and the board of projects by stage (mouse and keyboard). */
const SHOTS = process.env.E2E_SHOTS_DIR ?? new URL('../../../.tmp/shots-ad', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });
// The machine is shared: first loads of lazily built screens may be slow.
test.setTimeout(180_000);

async function dashboardIn(page: Page, lng: 'fr' | 'en' | 'ar') {
  await page.goto(`/dashboard?lng=${lng}`);
  // The machine is shared: the first figures may take a while.
  await expect(page.getByTestId('widget-billing')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('board-column-0')).toBeVisible({ timeout: 60_000 });
}

const column = (page: Page, index: number) => page.getByTestId(`board-column-${index}`);

test('the admin dashboard in French, English and Arabic, with its period and its tables', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await loginAs(page, DEMO_ADMIN);

  await dashboardIn(page, 'fr');
  await expect(page.getByTestId('admin-dashboard')).toContainText('Projets à examiner');
  await expect(page.getByTestId('widget-quotes')).toContainText('taux de conversion');
  await page.getByTestId('admin-dashboard-period').getByText('24 mois').click();
  await expect(page.getByTestId('widget-tenders').getByRole('img')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dashboard-fr.png`, fullPage: true });
  // Every chart has its table: the billing's months and amounts.
  await page.getByTestId('widget-billing').getByText('Tableau').click();
  const table = page.getByTestId('widget-billing-table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(25);
  await expect(table).toContainText('€');
  await page.getByTestId('widget-billing').screenshot({ path: `${SHOTS}/billing-table-fr.png` });

  await dashboardIn(page, 'en');
  await expect(page.getByTestId('admin-dashboard')).toContainText('Projects to review');
  await expect(page.getByTestId('project-board')).toContainText('Site board by stage');
  await page.screenshot({ path: `${SHOTS}/dashboard-en.png`, fullPage: true });

  await dashboardIn(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('admin-dashboard')).toContainText('مشاريع للمراجعة');
  await expect(page.getByTestId('project-board')).toContainText('لوحة الورشات حسب المرحلة');
  await page.screenshot({ path: `${SHOTS}/dashboard-ar.png`, fullPage: true });
  await page.getByTestId('widget-states').getByText('جدول').click();
  await expect(page.getByTestId('widget-states-table')).toBeVisible();
  await page.getByTestId('widget-states').screenshot({ path: `${SHOTS}/states-table-ar.png` });
});

test('a card dragged with the mouse to the next stage stays there after a reload; a move back is refused', async ({ page, request }) => {
  const admin = await apiLogin(request, DEMO_ADMIN);
  const client = await createAccount(request, { user_type: 'client', lastname: 'Glisser' });
  const projectId = await validatedProject(request, admin, client);

  // Tall enough for a whole column: the card and the target column's head are both in view.
  await page.setViewportSize({ width: 1440, height: 1800 });
  await loginAs(page, DEMO_ADMIN);
  await page.goto('/dashboard?lng=fr');
  const card = page.getByTestId(`board-card-${projectId}`);
  await expect(column(page, 0).getByTestId(`board-card-${projectId}`)).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('project-board').scrollIntoViewIfNeeded();

  await card.dragTo(column(page, 1), { targetPosition: { x: 120, y: 20 } });
  await expect(column(page, 1).getByTestId(`board-card-${projectId}`)).toBeVisible();
  await expect(page.getByTestId('board-announce')).toHaveText(`Projet n° ${projectId} déplacé vers « Conception ».`);
  await page.getByTestId('project-board').screenshot({ path: `${SHOTS}/board-after-drag-fr.png` });

  await page.reload();
  await expect(column(page, 1).getByTestId(`board-card-${projectId}`)).toBeVisible({ timeout: 60_000 });
  await expect(column(page, 0).getByTestId(`board-card-${projectId}`)).toHaveCount(0);

  // Backwards: the rule refuses, the card stays, the message says why.
  await page.getByTestId('project-board').scrollIntoViewIfNeeded();
  await page.getByTestId(`board-card-${projectId}`).dragTo(column(page, 0), { targetPosition: { x: 120, y: 20 } });
  await expect(page.getByTestId('board-problem')).toContainText("L'étape ne peut qu'avancer");
  await expect(column(page, 1).getByTestId(`board-card-${projectId}`)).toBeVisible();
  await page.getByTestId('project-board').screenshot({ path: `${SHOTS}/board-refused-fr.png` });

  // The card's « Déplacer » menu says why the move back is disabled (issue 36 §6).
  await page.getByTestId(`board-card-${projectId}`).locator('[data-move-button]').click();
  const back = page.getByRole('menuitem', { name: /Étude/ });
  await expect(back).toBeDisabled();
  await expect(back.getByTestId('move-refusal')).toContainText("L'étape ne peut qu'avancer");
  await page.keyboard.press('Escape');
});

test('a card moved with the keyboard only, announced, the focus kept on it', async ({ page, request }) => {
  const admin = await apiLogin(request, DEMO_ADMIN);
  const client = await createAccount(request, { user_type: 'client', lastname: 'Clavier' });
  const projectId = await validatedProject(request, admin, client);

  await page.setViewportSize({ width: 1440, height: 1000 });
  await loginAs(page, DEMO_ADMIN);
  await page.goto('/dashboard?lng=ar');
  const moveButton = page.getByTestId(`board-card-${projectId}`).locator('[data-move-button]');
  await expect(moveButton).toBeVisible({ timeout: 60_000 });
  // Its category and good in the reader's language (« Rénovation — Maison »).
  await expect(page.getByTestId(`board-card-${projectId}`)).toContainText('تجديد — منزل');
  // Reach the card's « Déplacer » button with Tab from the card's project link, then keys only.
  await page.getByTestId(`board-card-${projectId}`).getByRole('link').focus();
  await page.keyboard.press('Tab');
  await expect(moveButton).toBeFocused();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  // The earlier stages are not offered (Étude is the first: every item is a later stage).
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await page
    .getByTestId('project-board')
    .page()
    .screenshot({ path: `${SHOTS}/board-menu-ar.png` });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  // Second item: « Permis de construire ».
  await expect(column(page, 2).getByTestId(`board-card-${projectId}`)).toBeVisible();
  await expect(page.getByTestId('board-announce')).toContainText(`${projectId}`);
  await expect(page.getByTestId('board-announce')).toContainText('نُقل');
  await expect(page.getByTestId(`board-card-${projectId}`).locator('[data-move-button]')).toBeFocused();

  // Persisted.
  const board = await (await request.get('/api/admin/board?ordre=recents', { headers: admin.headers })).json();
  const stageOf = board.data.columns.find((c: { cards: Array<{ id: number }> }) => c.cards.some((x) => x.id === projectId))?.stage;
  expect(stageOf).toBe('Permis de construire');
});
