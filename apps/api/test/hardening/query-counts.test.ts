import type { Logger } from 'drizzle-orm/logger';
import { describe, expect, it } from 'vitest';
import { as, useTestApp } from '../helpers';
import { listCallers, useDemoTokens } from './paginated-lists';

/**
 * No N+1 (issue 13, decision 0941): every paginated list of the OpenAPI document costs the same
 * number of SQL statements whatever the size of the page, on the demo data set: a page of all the
 * rows runs fewer extra statements than it has extra rows over a page of 1. The
 * statements are counted by Drizzle's logger, which sees those run inside transactions too.
 */
let statements = 0;
const counter: Logger = {
  logQuery: () => {
    statements += 1;
  },
};
const ctx = useTestApp({}, { dbLogger: counter });
const tokens = useDemoTokens(ctx);

async function countFor(url: string, user: { token: string }) {
  statements = 0;
  const res = await as(ctx, user, { method: 'GET', url });
  return { status: res.statusCode, rows: (res.json().data?.items ?? res.json().data ?? []).length as number, statements };
}

describe('paginated lists run a constant number of statements', () => {
  it('a page of 100 rows costs no statement per row over a page of 1, for every list a demo role may read', { timeout: 120_000 }, async () => {
    const compared: string[] = [];
    const growing: string[] = [];
    for (const { path, role, user, base } of listCallers(ctx, tokens)) {
      const sep = base.includes('?') ? '&' : '?';
      const one = await countFor(`${base}${sep}per_page=1`, user);
      const many = await countFor(`${base}${sep}per_page=100`, user);
      if (one.status !== 200 || one.rows !== 1 || many.rows < 4) continue; // no evidence either way on this data
      compared.push(`${path} (${role}, ${many.rows} lignes)`);
      // A lookup that runs only when some row needs it (the companies of the clients on the page)
      // adds a statement or two; a statement per row would add at least one per extra row.
      if (many.statements - one.statements >= many.rows - one.rows)
        growing.push(`${path} (${role}) : ${one.statements} requête(s) pour 1 ligne, ${many.statements} pour ${many.rows}`);
    }
    if (process.env.QUERY_STATS) console.warn(compared);
    expect(growing).toEqual([]);
    // The demo data fills most lists: the test compares enough of them to mean something.
    expect(compared.length, compared.join('\n')).toBeGreaterThanOrEqual(10);
  });
});
