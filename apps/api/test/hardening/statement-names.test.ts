import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepared, statementName, STATEMENT_NAME_MAX } from '../../src/lib/prepared';
import { as, loginAs, useTestApp } from '../helpers';

/**
 * PostgreSQL keeps the first 63 bytes of a prepared statement's name. A list's statement is named
 * by its filters (decision 0966), and with many filters the name runs past that: two shapes that
 * differ only further on would share one name, and the second would fail (« already exists »).
 * `prepared` names such statements by their start and a hash of the whole key.
 */
const ctx = useTestApp();

describe('prepared statement names', () => {
  it('fit PostgreSQL’s 63 bytes, keep short keys, and tell long keys apart', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 120, unit: 'binary' }), fc.string({ minLength: 1, maxLength: 20 }), (key, tail) => {
        const name = statementName(key);
        expect(Buffer.byteLength(name)).toBeLessThanOrEqual(STATEMENT_NAME_MAX);
        if (Buffer.byteLength(key) <= STATEMENT_NAME_MAX) expect(name).toBe(key);
        const long = `${'quotes_list_issuer_statuses_effective_project_words_latest'.padEnd(64, '_')}${key}`;
        expect(statementName(long)).not.toBe(statementName(`${long}${tail}`));
      }),
      { numRuns: 300, seed: 975 },
    );
  });

  it('runs two statements whose keys share their first 63 bytes, each its own', async () => {
    const start = 'x'.repeat(STATEMENT_NAME_MAX + 5);
    const one = prepared(ctx.db, `${start}_one`, (e) => e.select({ n: sql<number>`1` }).from(sql`(select 1) t`));
    const two = prepared(ctx.db, `${start}_two`, (e) => e.select({ n: sql<number>`2` }).from(sql`(select 1) t`));
    expect(await one.execute()).toEqual([{ n: 1 }]);
    expect(await two.execute()).toEqual([{ n: 2 }]);
    expect(await one.execute()).toEqual([{ n: 1 }]);
  });

  it('serves a quote list with every filter, in each order', async () => {
    const architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
    for (const sort of ['recent', 'amount', 'valid_until']) {
      const res = await as(ctx, architect, {
        method: 'GET',
        url: `/api/liste-devis/${architect.id}?status=${encodeURIComponent('Expiré')}&search=lyon&project_id=1&sort=${sort}`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
