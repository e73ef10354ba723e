import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIST_COUNT_CAP } from '@ouvrage/contracts';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { insertProject } from './factories';
import { SEARCH_ESTIMATE_TRUSTED } from '../../src/lib/capped-count';

/**
 * A search by a common word is not counted when the planner's estimate is past
 * SEARCH_ESTIMATE_TRUSTED (decision 0967): the answer says « more than 10 000 » from the
 * statistics. Shown here by statistics left behind on purpose (taken before most of the rows went):
 * the answer follows the estimate, not a count. A search the statistics call rare is counted.
 */
const ctx = useTestApp();
let admin: TestUser;

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  const client = await loginAs(ctx, { user_type: 'client' });
  const model = await insertProject(ctx.db, client.id, { state: 'En attente', departement: '75' });
  const copies = SEARCH_ESTIMATE_TRUSTED + 5_000;
  await ctx.db.execute(sql`
    INSERT INTO projects (client_id, support, category_id, bien_id, street, postcode, city, city_code, departement, surface, works_surface, budget,
                          budget_min_cents, budget_max_cents, times, delai, proprio, description, type_client, civility, lastname, firstname, email,
                          phone, country, state, stage, search_text)
    SELECT client_id, support, category_id, bien_id, street, postcode, city, city_code, departement, surface, works_surface, budget,
           budget_min_cents, budget_max_cents, times, delai, proprio, description, type_client, civility, 'Zéphyrin', firstname, email,
           phone, country, state, stage, 'zephyrin w' || (g % 150)
    FROM projects, generate_series(1, ${copies}) g WHERE projects.id = ${model.id}`);
  // 150 other words, as on a real table: the planner's statistics keep the most common words (and,
  // since migration 0034, their starts) with their frequencies.
  await ctx.db.execute(sql`ANALYZE projects`);
  // Keep fewer than the cap: the statistics still say « many ».
  await ctx.db.execute(
    sql`DELETE FROM projects WHERE search_text LIKE 'zephyrin %' AND id NOT IN (SELECT id FROM projects WHERE search_text LIKE 'zephyrin %' ORDER BY id LIMIT 9000)`,
  );
}, 180_000);

const list = (query: string) => as(ctx, admin, { method: 'GET', url: `/api/admin/project/list-project?${query}` });

describe('a search the statistics call common (decision 0967)', () => {
  it('is answered « more than 10 000 » from the estimate, without counting', async () => {
    const res = await list('q=zephyrin&per_page=20');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: LIST_COUNT_CAP, total_capped: true });
    expect(res.json().data.items).toHaveLength(20);
  });

  it('counts a search the statistics call rare, exactly', async () => {
    const res = await list('q=zephyrin%20w7&per_page=20');
    expect(res.json().data).toMatchObject({ total_capped: false });
    // « w7 », « w70 »…« w79 »: 11 words in 150.
    const { rows } = (await ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM projects WHERE search_vector @@ to_tsquery('simple', 'zephyrin:* & w7:*')`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(rows[0].n).toBeGreaterThan(500);
    expect(res.json().data.total).toBe(rows[0].n);
  });
});
