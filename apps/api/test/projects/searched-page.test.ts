import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, loginAs, statementRecorder, useTestApp, type TestUser } from '../helpers';
import { ownedQuote } from '../quotes/factories';
import { insertProject } from './factories';

/**
 * A searched list answers a first page with room left from the page itself (decision 0975): its
 * length is the total, and the count does not run. Every other page is counted as before. Shown on the admin's projects for match counts around a page's size, and on
 * an architect's quotes, searched on the architect's own index (`ts_match_vq`), against the
 * admin's search of the same quotes through the word index.
 */
const recorded = statementRecorder();
const { statements } = recorded;
const ctx = useTestApp({}, { dbLogger: recorded.logger });
let admin: TestUser;
const MATCHES = [0, 1, 7, 12, 20, 21, 43];

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  const client = await loginAs(ctx, { user_type: 'client' });
  const model = await insertProject(ctx.db, client.id, { state: 'En attente' });
  // « mot7x » is no word's start in « mot71x »: each count has its own word.
  for (const n of MATCHES.filter((m) => m > 0))
    await ctx.db.execute(sql`
      INSERT INTO projects (client_id, support, category_id, bien_id, street, postcode, city, city_code, departement, surface, works_surface, budget,
                            budget_min_cents, budget_max_cents, times, delai, proprio, description, type_client, civility, lastname, firstname, email,
                            phone, country, state, stage, search_text)
      SELECT client_id, support, category_id, bien_id, street, postcode, city, city_code, departement, surface, works_surface, budget,
             budget_min_cents, budget_max_cents, times, delai, proprio, description, type_client, civility, lastname, firstname, email,
             phone, country, state, stage, ${`mot${n}x lyon`}
      FROM projects, generate_series(1, ${n}) g WHERE projects.id = ${model.id}`);
  // The page runs first when the planner expects no more than a page: statistics as on a live table.
  await ctx.db.execute(sql`ANALYZE projects`);
}, 120_000);

const counting = (list: string[]) => list.filter((s) => /\bcount\(/i.test(s));

describe('a searched list counts only what its page does not tell (decision 0975)', () => {
  it('answers exact totals and pages around a page’s size, and counts no short first page', async () => {
    for (const n of MATCHES) {
      for (const page of [1, 2, 3]) {
        recorded.clear();
        const res = await as(ctx, admin, { method: 'GET', url: `/api/admin/project/list-project?q=mot${n}x&per_page=20&page=${page}` });
        expect(res.statusCode).toBe(200);
        const data = res.json().data;
        expect({ n, page, total: data.total, capped: data.total_capped, items: data.items.length }).toEqual({
          n,
          page,
          total: n,
          capped: false,
          items: Math.max(0, Math.min(20, n - (page - 1) * 20)),
        });
        const counted = counting(statements).length > 0;
        expect({ n, page, counted }).toEqual({ n, page, counted: page > 1 || n >= 20 });
      }
    }
  });

  it('counts the accounts searched by name only past a first page', async () => {
    for (let i = 0; i < 23; i += 1) await loginAs(ctx, { user_type: 'client', lastname: i < 3 ? 'Quillebeuf' : 'Zorgheim' });
    await ctx.db.execute(sql`ANALYZE users`);
    for (const [q, n] of [
      ['quillebeuf', 3],
      ['zorgheim', 20],
    ] as const) {
      recorded.clear();
      const data = (await as(ctx, admin, { method: 'GET', url: `/admin/account/lists?q=${q}&per_page=20` })).json().data;
      expect({ q, total: data.total, items: data.items.length, counted: counting(statements).length > 0 }).toEqual({
        q,
        total: n,
        items: Math.min(n, 20),
        counted: n >= 20,
      });
    }
  });

  it('finds an architect’s quotes on the architect’s own index, as the admin finds them on the word index', async () => {
    const architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1) ids.push(await ownedQuote(ctx.db, { id: architect.id, user_type: 'architecte' }));
    const other = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
    const elsewhere = await ownedQuote(ctx.db, { id: other.id, user_type: 'architecte' });
    for (const [id, text] of [
      [ids[0], 'd 2026 0001 renovation cuisine rochefort'],
      [ids[1], 'd 2026 0002 extension rochefort'],
      [ids[2], 'd 2026 0003 toiture brest'],
      [ids[3], 'd 2026 0004 rochefortais cuisine'],
      [elsewhere, 'd 2026 0005 cuisine rochefort'],
    ] as const)
      await ctx.db.execute(sql`UPDATE quotes SET search_text = ${text} WHERE id = ${id}`);
    for (const [search, expected] of [
      ['rochefort', [ids[0], ids[1], ids[3]]],
      ['rochefort cuisine', [ids[0], ids[3]]],
      ['cuis roch', [ids[0], ids[3]]],
      ['brest', [ids[2]]],
      ['nantes', []],
    ] as const) {
      recorded.clear();
      const mine = (
        await as(ctx, architect, { method: 'GET', url: `/api/liste-devis/${architect.id}?search=${encodeURIComponent(search)}&per_page=20` })
      ).json().data;
      expect(statements.some((s) => s.includes('ts_match_vq'))).toBe(true);
      const all = (await as(ctx, admin, { method: 'GET', url: `/api/liste-devis?search=${encodeURIComponent(search)}&per_page=20` })).json().data;
      const ofArchitect = all.items.filter((q: { id: number }) => ids.includes(q.id)).map((q: { id: number }) => q.id);
      expect(mine.items.map((q: { id: number }) => q.id).sort()).toEqual([...expected].sort());
      expect(ofArchitect.sort()).toEqual([...expected].sort());
      expect(mine.total).toBe(expected.length);
    }
  });
});
