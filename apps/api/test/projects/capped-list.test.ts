import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIST_COUNT_CAP, LIST_PAGE_MAX } from '@ouvrage/contracts';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { insertProject } from './factories';
import { CAPPED_REMEMBERED_MS } from '../../src/lib/capped-count';

/**
 * Lists count up to LIST_COUNT_CAP rows and serve up to LIST_PAGE_MAX pages (decision 0963): the
 * admin's project list past 10 000 projects answers « 10 000, capped », a filter that keeps fewer
 * rows counts them exactly, and a page past the last one is refused in French.
 */
const ctx = useTestApp();
let admin: TestUser;
let client: TestUser;

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  client = await loginAs(ctx, { user_type: 'client' });
  const model = await insertProject(ctx.db, client.id, { state: 'En cours', stage: 'Travaux', departement: '69' });
  // LIST_COUNT_CAP + 4 more copies of one project, in one statement.
  await ctx.db.execute(sql`
    INSERT INTO projects (client_id, support, category_id, bien_id, street, postcode, city, city_code, departement, surface, works_surface, budget,
                          budget_min_cents, budget_max_cents, times, delai, proprio, description, type_client, civility, lastname, firstname, email,
                          phone, country, state, stage, search_text)
    SELECT client_id, support, category_id, bien_id, street, postcode, city, city_code, '75', surface, works_surface, budget,
           budget_min_cents, budget_max_cents, times, delai, proprio, description, type_client, civility, lastname, firstname, email,
           phone, country, 'Validé', 'Étude', search_text
    FROM projects, generate_series(1, ${LIST_COUNT_CAP + 4}) WHERE projects.id = ${model.id}`);
}, 120_000);

const list = (query: string) => as(ctx, admin, { method: 'GET', url: `/api/admin/project/list-project?${query}` });

describe('capped counts and the last page', () => {
  it('counts up to the cap and says so past it', async () => {
    const res = await list('per_page=20');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: LIST_COUNT_CAP, total_capped: true, page: 1, per_page: 20 });
    expect(res.json().data.items).toHaveLength(20);
  });

  it('counts exactly under the cap', async () => {
    const res = await list('departement=69');
    expect(res.json().data).toMatchObject({ total: 1, total_capped: false });
    const own = await as(ctx, client, { method: 'GET', url: `/api/project/list-per-user/${client.id}?per_page=1` });
    expect(own.json().data).toMatchObject({ total: LIST_COUNT_CAP, total_capped: true });
  });

  it('serves the last page of the counted window and refuses the next one in French', async () => {
    const last = await list(`per_page=20&page=${LIST_PAGE_MAX}`);
    expect(last.statusCode).toBe(200);
    expect(last.json().data.items).toHaveLength(20);
    const past = await list(`per_page=20&page=${LIST_PAGE_MAX + 1}`);
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.page).toBe('Au plus 500 pages : affinez la recherche avec les filtres.');
  });
});

// Last in the file: it deletes projects.
describe('a list found past the cap (decision 0967)', () => {
  afterEach(() => vi.useRealTimers());

  it('answers « more than 10 000 » without counting again for a while, and counts exactly again afterwards', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    expect((await list('per_page=20&state=Valid%C3%A9')).json().data).toMatchObject({ total: LIST_COUNT_CAP, total_capped: true });
    // Now under the cap: still « more than 10 000 » while remembered…
    await ctx.db.execute(sql`DELETE FROM projects WHERE id IN (SELECT id FROM projects WHERE state = 'Validé' ORDER BY id LIMIT 10)`);
    vi.setSystemTime(Date.now() + CAPPED_REMEMBERED_MS - 1000);
    expect((await list('per_page=20&state=Valid%C3%A9')).json().data).toMatchObject({ total: LIST_COUNT_CAP, total_capped: true });
    // …then counted again.
    vi.setSystemTime(Date.now() + 2000);
    expect((await list('per_page=20&state=Valid%C3%A9')).json().data).toMatchObject({ total: LIST_COUNT_CAP - 6, total_capped: false });
  });

  it('counts a list under the cap at every request: a new project shows at once', async () => {
    const before = (await list('departement=69')).json().data.total;
    await insertProject(ctx.db, client.id, { state: 'En cours', stage: 'Travaux', departement: '69' });
    expect((await list('departement=69')).json().data.total).toBe(before + 1);
  });
});
