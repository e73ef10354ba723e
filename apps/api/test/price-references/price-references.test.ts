import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { priceContributions, quotes } from '@ouvrage/db';
import { as, loginAs, statementRecorder, useTestApp, type TestUser } from '../helpers';
import { pricedQuote, type PricedLine } from './factories';

/**
 * Price references through the API (issue 40, decision 1240): sent quotes collected by the
 * refresh, figures shown only for safe sets and only after a refresh, the narrowest zone first,
 * the architect's lookup, the client's comparison, opting out, and the admin's outliers.
 */
const recorder = statementRecorder();
const ctx = useTestApp({}, { dbLogger: recorder.logger });

const tile = (price: number, quantityMilli = 20_000): PricedLine => ({
  lot: 'Carrelage',
  designation: 'Carrelage sol grès cérame 60×60',
  unit: 'm²',
  quantityMilli,
  unitPriceCents: price,
});
const paint = (price: number): PricedLine => ({
  lot: 'Lot 4 — Peinture',
  designation: 'Peinture murs, deux couches',
  unit: 'm²',
  quantityMilli: 50_000,
  unitPriceCents: price,
});

let admin: TestUser;
let architects: TestUser[];
let quoting: TestUser;
let draftId: number;

const refresh = async () => {
  const res = await as(ctx, admin, { method: 'POST', url: '/api/admin/prix-de-reference/recalcul' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { quotes_collected: number; keys_refreshed: number; cells_published: number };
};
const lookup = async (user: TestUser, quoteId: number, lines: unknown[]) =>
  as(ctx, user, { method: 'POST', url: `/api/devis/${quoteId}/prix-de-reference`, payload: { lines } });
const tileLine = { lot: 'Lot 2 : carrelage', designation: 'carrelage sol gres cerame 60x60', unit: 'm²' };

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  architects = [];
  for (let i = 0; i < 4; i += 1) architects.push(await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' }));
  quoting = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  // Rhône: 6 quotes of 3 architects (2 each); Isère (same region): 2 more of a fourth.
  const rhone = [4_000, 4_400, 4_500, 4_800, 5_000, 5_600];
  for (const [i, price] of rhone.entries())
    await pricedQuote(ctx.db, { issuerId: architects[i % 3]!.id, departement: '69', lines: [tile(price), paint(2_000 + i * 100)] });
  for (const price of [3_900, 4_100]) await pricedQuote(ctx.db, { issuerId: architects[3]!.id, departement: '38', lines: [tile(price)] });
  // A draft and a cancelled quote never count.
  await pricedQuote(ctx.db, { issuerId: architects[0]!.id, departement: '69', status: 'Brouillon', lines: [tile(99_900)] });
  await pricedQuote(ctx.db, { issuerId: architects[1]!.id, departement: '69', status: 'Annulé', lines: [tile(99_900)] });
  draftId = (await pricedQuote(ctx.db, { issuerId: quoting.id, departement: '69', status: 'Brouillon', lines: [] })).quoteId;
});

describe('price references', () => {
  it('shows nothing before the refresh, then the Rhône’s figure of its 6 quotes', async () => {
    const before = await lookup(quoting, draftId, [tileLine]);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toMatchObject({ opted_out: false, departement: '69', lines: [null] });

    const run = await refresh();
    expect(run.quotes_collected).toBeGreaterThanOrEqual(8);

    const after = (await lookup(quoting, draftId, [tileLine, { lot: 'Peinture', designation: 'Peinture murs deux couches', unit: 'm²' }])).json().data;
    // Independent reference: sorted 40, 44, 45, 48, 50, 56 € → median (45 + 48) / 2 = 46.5 → 47 € (step 1 €),
    // Q1 at 1.25 → 44.25 → 44 €, Q3 at 3.75 → 49.5 → 50 €.
    expect(after.lines[0]).toMatchObject({
      level: 'departement',
      zone_code: '69',
      zone_name: 'Rhône',
      period: '12m',
      unit: 'm²',
      median_cents: 4_700,
      q1_cents: 4_400,
      q3_cents: 5_000,
      quotes: 6,
    });
    // Paint: 20, 21, … 25 € in the Rhône only.
    expect(after.lines[1]).toMatchObject({ level: 'departement', quotes: 6, median_cents: 2_300 });
  });

  it('widens to the region when the département has too few quotes, and says so', async () => {
    const isere = await pricedQuote(ctx.db, { issuerId: quoting.id, departement: '38', status: 'Brouillon', lines: [] });
    const res = (await lookup(quoting, isere.quoteId, [tileLine])).json().data;
    // Isère alone: 2 quotes of one architect. The region (Rhône + Isère) is 8 quotes of 4 architects,
    // and its remainder over the Rhône (the 2 Isère quotes) is unsafe: the region is suppressed, France too.
    expect(res.lines[0]).toBeNull();
  });

  it('keeps the published figure when one quote more arrives, and moves once 3 did', async () => {
    await pricedQuote(ctx.db, { issuerId: architects[2]!.id, departement: '69', lines: [tile(9_000)] });
    await refresh();
    const once = (await lookup(quoting, draftId, [tileLine])).json().data.lines[0];
    expect(once).toMatchObject({ quotes: 6, median_cents: 4_700 });
    await pricedQuote(ctx.db, { issuerId: architects[0]!.id, departement: '69', lines: [tile(9_000)] });
    await pricedQuote(ctx.db, { issuerId: architects[1]!.id, departement: '69', lines: [tile(9_000)] });
    await refresh();
    const thrice = (await lookup(quoting, draftId, [tileLine])).json().data.lines[0];
    // 40, 44, 45, 48, 50, 56, 90, 90, 90 → median 50, Q1 45, Q3 90.
    expect(thrice).toMatchObject({ quotes: 9, median_cents: 5_000, q1_cents: 4_500, q3_cents: 9_000 });
  });

  it('reads the references of 200 lines in as many statements as of 1', async () => {
    recorder.clear();
    await lookup(quoting, draftId, [tileLine]);
    const one = recorder.statements.length;
    recorder.clear();
    const res = await lookup(
      quoting,
      draftId,
      Array.from({ length: 200 }, (_, i) => ({ ...tileLine, designation: `${tileLine.designation} ${i % 2 ? '' : 'x'}`.trim() })),
    );
    expect(res.statusCode).toBe(200);
    expect(recorder.statements.length).toBe(one);
    expect(recorder.statements.filter((s) => s.includes('"price_references"'))).toHaveLength(1);
  });

  it('places each lot of the project’s quotes for its client, without any name', async () => {
    const client = await loginAs(ctx, { user_type: 'client' });
    const first = await pricedQuote(ctx.db, {
      issuerId: architects[0]!.id,
      departement: '69',
      clientId: client.id,
      lines: [tile(4_600, 10_000), paint(2_200)],
    });
    await pricedQuote(ctx.db, {
      issuerId: architects[1]!.id,
      departement: '69',
      clientId: client.id,
      projectId: first.projectId,
      lines: [tile(12_000, 10_000)],
    });
    const res = await as(ctx, client, { method: 'GET', url: `/api/projet/${first.projectId}/prix-de-reference` });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.quotes).toHaveLength(2);
    expect(data.quotes[0].lots[0]).toMatchObject({
      lot_title: 'Carrelage',
      placement: 'within',
      referenced_lines: 1,
      lines: 1,
      priced_cents: 46_000,
      median_cents: 50_000,
      level: 'departement',
      zone_name: 'Rhône',
    });
    expect(data.quotes[1].lots[0]).toMatchObject({ placement: 'above', priced_cents: 120_000 });
    expect(res.body).not.toMatch(/PR-2026|architecte|@/);
    // Someone else's project: refused by the permission table.
    const stranger = await loginAs(ctx, { user_type: 'client' });
    expect((await as(ctx, stranger, { method: 'GET', url: `/api/projet/${first.projectId}/prix-de-reference` })).statusCode).toBe(403);
  });

  it('refuses bad input with a French message', async () => {
    const tooMany = await lookup(
      quoting,
      draftId,
      Array.from({ length: 301 }, () => tileLine),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('Au plus 300 lignes');
    const badUnit = await lookup(quoting, draftId, [{ ...tileLine, unit: 'kg' }]);
    expect(badUnit.statusCode).toBe(400);
    expect(badUnit.body).toContain('Unité inconnue');
    const otherQuote = await lookup(architects[0]!, draftId, [tileLine]);
    expect(otherQuote.statusCode).toBe(403);
    const noZone = await as(ctx, admin, { method: 'GET', url: '/api/admin/prix-de-reference/tendances?niveau=departement' });
    expect(noZone.statusCode).toBe(400);
    const noReason = await as(ctx, admin, { method: 'POST', url: '/api/admin/prix-de-reference/contributions/1/exclusion', payload: { reason: '' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Indiquez pourquoi');
    const missing = await as(ctx, admin, {
      method: 'POST',
      url: '/api/admin/prix-de-reference/contributions/99999/exclusion',
      payload: { reason: 'Erreur de saisie' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('offers a ×10 price to the admin, who excludes it with a reason and restores it', async () => {
    await pricedQuote(ctx.db, { issuerId: architects[2]!.id, departement: '33', lines: [tile(480_000)] });
    await refresh();
    const candidates = (await as(ctx, admin, { method: 'GET', url: '/api/admin/prix-de-reference/atypiques' })).json().data;
    const typo = candidates.items.find((c: { unit_price_cents: number }) => c.unit_price_cents === 480_000);
    expect(typo).toMatchObject({ departement: '33', unit: 'm²', label: 'Carrelage sol grès cérame 60×60' });
    const excluded = await as(ctx, admin, {
      method: 'POST',
      url: `/api/admin/prix-de-reference/contributions/${typo.id}/exclusion`,
      payload: { reason: 'Prix au mètre saisi au lieu du forfait' },
    });
    expect(excluded.statusCode, excluded.body).toBe(200);
    expect(excluded.json().data).toMatchObject({ exclusion_reason: 'Prix au mètre saisi au lieu du forfait' });
    const listed = (await as(ctx, admin, { method: 'GET', url: '/api/admin/prix-de-reference/atypiques?statut=exclus' })).json().data;
    expect(listed.items.map((i: { id: number }) => i.id)).toEqual([typo.id]);
    // A re-collection of the same quote keeps the exclusion.
    await ctx.db.update(quotes).set({ status: 'Accepté' }).where(eq(quotes.id, typo.quote_id));
    await refresh();
    const [row] = await ctx.db.select().from(priceContributions).where(eq(priceContributions.id, typo.id));
    expect(row?.exclusionReason).toBe('Prix au mètre saisi au lieu du forfait');
    const restored = await as(ctx, admin, { method: 'DELETE', url: `/api/admin/prix-de-reference/contributions/${typo.id}/exclusion` });
    expect(restored.json().data.excluded_at).toBeNull();
  });

  it('gives the admin quarterly trends and the coverage', async () => {
    const trends = (await as(ctx, admin, { method: 'GET', url: '/api/admin/prix-de-reference/tendances?niveau=departement&zone=69' })).json().data;
    expect(trends.lots.map((l: { key: string }) => l.key)).toEqual(expect.arrayContaining(['carrelage', 'peinture']));
    expect(trends.lines.length).toBeGreaterThan(0);
    expect(trends.lines[0].points[0]).toMatchObject({ quarter: expect.stringMatching(/^\d{4}-T[1-4]$/) });
    const coverage = (await as(ctx, admin, { method: 'GET', url: '/api/admin/prix-de-reference/couverture' })).json().data;
    expect(coverage.lines).toBeGreaterThan(coverage.referenced_lines);
    expect(coverage.referenced_lines).toBeGreaterThan(0);
    expect(coverage.last_run).toMatchObject({ finished_at: expect.any(String) });
  });

  it('an architect who opts out is no longer counted and reads no reference', async () => {
    const off = await as(ctx, architects[0]!, { method: 'PUT', url: '/api/prix-de-reference/participation', payload: { contributes: false } });
    expect(off.json().data).toMatchObject({ contributes: false, opted_out_at: expect.any(String) });
    const own = await pricedQuote(ctx.db, { issuerId: architects[0]!.id, departement: '69', status: 'Brouillon', lines: [] });
    expect((await lookup(architects[0]!, own.quoteId, [tileLine])).json().data).toMatchObject({ opted_out: true, lines: [null] });
    expect(await ctx.db.select().from(priceContributions).where(eq(priceContributions.issuerId, architects[0]!.id))).toHaveLength(0);
    // Back in: his sent quotes are collected again at the next refresh.
    await as(ctx, architects[0]!, { method: 'PUT', url: '/api/prix-de-reference/participation', payload: { contributes: true } });
    await refresh();
    expect((await ctx.db.select().from(priceContributions).where(eq(priceContributions.issuerId, architects[0]!.id))).length).toBeGreaterThan(0);
  });

  it('two refreshes at once (the daily job on two instances, the admin’s button) collect each quote once', async () => {
    for (let i = 0; i < 4; i += 1) await pricedQuote(ctx.db, { issuerId: architects[i % 3]!.id, departement: '33', lines: [paint(1_800 + i * 100)] });
    const runs = await Promise.all([refresh(), refresh(), refresh()]);
    expect(runs.reduce((n, r) => n + r.quotes_collected, 0)).toBe(4);
    const rows = await ctx.db.select().from(priceContributions).where(eq(priceContributions.departement, '33'));
    expect(rows.filter((r) => r.lineKey.startsWith('peinture'))).toHaveLength(4);
  });
});
