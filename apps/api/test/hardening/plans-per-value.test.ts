import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, loginAs, useTestApp } from '../helpers';

/**
 * Which statements PostgreSQL may plan once for any value (decision 0980): the prepared reads go
 * to the server with a name, so it keeps their plan; a search by words goes unnamed, planned for
 * its words at each call. Seen where the driver sends them (node-postgres' `Pool.query`), on the
 * PostgreSQL server: PGlite has no named statements.
 */
const ctx = useTestApp();
const sent: Array<{ name?: string; text: string }> = [];

beforeAll(() => {
  const query = pg.Pool.prototype.query;
  vi.spyOn(pg.Pool.prototype, 'query').mockImplementation(function (this: pg.Pool, ...args: unknown[]) {
    const config = args[0] as { name?: string; text?: string } | string;
    if (typeof config === 'object' && config.text) sent.push({ name: config.name, text: config.text });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as never);
});
afterAll(() => {
  vi.restoreAllMocks();
});

const watchDriver = () => void sent.splice(0);

const searching = (s: { text: string }) => s.text.includes('to_tsquery');

describe.runIf(process.env.TEST_DATABASE_URL)('plans kept or made per value', () => {
  it('sends a list without words named, and its search unnamed, for projects, quotes and invoices', async () => {
    const admin = await loginAs(ctx, { user_type: 'admin' });
    for (const [plain, searched] of [
      ['/api/admin/project/list-project?page=1', '/api/admin/project/list-project?page=1&q=martin'],
      ['/api/liste-devis?page=1', '/api/liste-devis?page=1&search=martin'],
      ['/api/liste-facture?page=1', '/api/liste-facture?page=1&search=martin'],
    ]) {
      watchDriver();
      const plainRes = await as(ctx, admin, { method: 'GET', url: plain });
      expect(plainRes.statusCode, plainRes.body).toBe(200);
      const lists = sent.filter((s) => /limit \$\d+ offset \$\d+/.test(s.text));
      expect(lists.length, plain).toBeGreaterThan(0);
      expect(
        lists.every((s) => s.name),
        plain,
      ).toBe(true);

      watchDriver();
      const searchedRes = await as(ctx, admin, { method: 'GET', url: searched });
      expect(searchedRes.statusCode, searchedRes.body).toBe(200);
      const searches = sent.filter(searching);
      expect(searches.length, searched).toBeGreaterThan(0);
      expect(
        searches.map((s) => s.name ?? ''),
        searched,
      ).toEqual(searches.map(() => ''));
    }
  });
});
