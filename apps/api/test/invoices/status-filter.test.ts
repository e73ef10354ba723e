import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_STATUSES } from '@ouvrage/domain';
import { useTestApp } from '../helpers';
import { useDemoTokens } from '../hardening/paginated-lists';

/**
 * The status filter of the invoice list (decision 0963): over every invoice (the admin), a status
 * first narrows the rows to its class (cancelled, paid, open) and its partial index; over one
 * issuer's invoices it does not. Either way each status must return exactly the invoices showing
 * it, and the statuses together every invoice: a class predicate that lost or misplaced a row
 * would break the sum or the status of a row.
 */
const ctx = useTestApp();
const tokens = useDemoTokens(ctx);

/** Copies of the demo's first invoice in every status: paid, partly paid, late, cancelled, issued. */
const VARIANTS = [
  { paid_cents: 'total_ttc_cents', credited_cents: '0', due_date: "'2099-01-01'::date" },
  { paid_cents: '100', credited_cents: '0', due_date: "'2099-01-01'::date" },
  { paid_cents: '0', credited_cents: '0', issue_date: "'1999-12-01'::date", due_date: "'2000-01-01'::date" },
  { paid_cents: '0', credited_cents: 'total_ttc_cents', due_date: "'2099-01-01'::date" },
  { paid_cents: '0', credited_cents: '0', due_date: "'2099-01-01'::date" },
];

beforeAll(async () => {
  const result = (await ctx.db.execute(
    sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'invoices' AND is_generated = 'NEVER' AND is_identity = 'NO'`,
  )) as unknown as { rows: Array<{ column_name: string }> };
  const columns = result.rows.map((r) => r.column_name);
  for (const [i, variant] of VARIANTS.entries()) {
    const values: Record<string, string | undefined> = { ...variant, number: `number || '-S${i}'`, retention_cents: '0', retention_released_on: 'NULL' };
    await ctx.handle.execScript(
      `INSERT INTO invoices (${columns.join(', ')}) SELECT ${columns.map((c) => values[c] ?? c).join(', ')} FROM invoices WHERE id = (SELECT min(id) FROM invoices)`,
    );
  }
}, 120_000);

async function list(role: string, query: string) {
  const user = tokens.get(role)!;
  const res = await ctx.app.inject({ method: 'GET', url: `/api/liste-facture?per_page=100${query}`, headers: { authorization: `Bearer ${user.token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: Array<{ id: number; status: string }>; total: number };
}

describe('invoice list filtered by status', () => {
  for (const role of ['admin', 'architecte']) {
    it(`returns, for the ${role}, each invoice under its own status and under no other`, async () => {
      const all = await list(role, '');
      expect(all.total).toBeGreaterThan(2);
      const seen: number[] = [];
      for (const status of INVOICE_STATUSES) {
        const page = await list(role, `&status=${encodeURIComponent(status)}`);
        expect(page.items.every((i) => i.status === status)).toBe(true);
        seen.push(...page.items.map((i) => i.id));
      }
      expect(seen.sort((a, b) => a - b)).toEqual(all.items.map((i) => i.id).sort((a, b) => a - b));
      // The demo data shows more than one status, so the filter is tested on something.
      expect(new Set(all.items.map((i) => i.status)).size).toBeGreaterThan(1);
    });
  }
});
