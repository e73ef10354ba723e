import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { describe, expect, it } from 'vitest';
import { as, useTestApp } from '../helpers';
import { listCallers, useDemoTokens } from './paginated-lists';

/**
 * An index behind every list (issue 13, decision 0963): each paginated list of the OpenAPI
 * document, for every role that may read it, without and with its filters, runs statements whose
 * plans read no table that grows with the platform by a sequential scan. The statements are those
 * the route really ran (Drizzle's logger), explained with sequential scans priced out
 * (`enable_seqscan = off`): a scan that remains has no index to use instead. On the demo data the
 * planner would otherwise pick sequential scans for every small table, index or not.
 */
const GROWING = [
  'projects',
  'offers',
  'quotes',
  'invoices',
  'payments',
  'users',
  'notifications',
  'credit_notes',
  'receptions',
  'signature_documents',
  'mails',
  'jobs',
  'project_files',
  'project_activity',
];

/** Filters worth a plan of their own, by list (values that exist in the demo data or not: the plan is what counts). */
const FILTERS: Record<string, string[]> = {
  '/api/admin/project/list-project': [
    'state=Validé',
    'stage=Travaux',
    'category_id=1',
    'departement=69',
    'date_from=2026-01-01&date_to=2026-03-31',
    'q=martin',
    'q=12',
  ],
  '/api/liste-devis': ['status=Accepté', 'search=martin', 'sort=amount', 'project_id=1'],
  '/api/liste-devis/{id}': ['status=Accepté', 'search=martin', 'sort=valid_until'],
  '/api/liste-facture': ['status=Payée', 'search=martin', 'kind=acompte', 'quote_id=1'],
  '/admin/account/liste-offre-envoyer': ['status=Acceptée', 'project_id=1', 'professional_id=1', 'project=martin', 'professional=dupont'],
  '/api/professionnel/mes-offres/{id}': ['scope=available', 'scope=past'],
  '/admin/account/lists': ['group=client', 'group=pro', 'q=martin', 'user_type=architecte', 'is_validate=Validé', 'departement=69'],
  '/api/paiement/lists/{id}': ['status=confirme'],
};

let captured: Array<{ sql: string; params: unknown[] }> | null = null;
const recorder: Logger = {
  logQuery: (query, params) => {
    captured?.push({ sql: query, params });
  },
};
const ctx = useTestApp({}, { dbLogger: recorder });
const tokens = useDemoTokens(ctx);

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };

/** The statement with its `$n` placeholders bound again, for EXPLAIN through Drizzle. */
function bound(statement: { sql: string; params: unknown[] }): SQL {
  const parts = statement.sql.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  // sql.param keeps an array one parameter (`= ANY($1)`), where a bare value would become a list.
  parts.forEach((part, i) => chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${sql.param(statement.params[Number(part) - 1])}`));
  return sql.join(chunks);
}

function scans(node: PlanNode, found: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && GROWING.includes(node['Relation Name'])) found.push(node['Relation Name']);
  for (const child of node.Plans ?? []) scans(child, found);
  return found;
}

async function seqScansOf(statement: { sql: string; params: unknown[] }): Promise<string[]> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const result = (await tx.execute(sql`EXPLAIN (FORMAT JSON) ${bound(statement)}`)) as unknown as { rows: Array<{ 'QUERY PLAN': unknown }> };
    const raw = result.rows[0]['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
    return scans(plan[0].Plan);
  });
}

describe('list statements have an index to read by', () => {
  it('no list, filter or role reads a growing table by a sequential scan', { timeout: 300_000 }, async () => {
    const explained = new Set<string>();
    const offenders = new Map<string, string>();
    let lists = 0;
    for (const { path, role, user, base } of listCallers(ctx, tokens)) {
      for (const filter of ['', ...(FILTERS[path] ?? [])]) {
        captured = [];
        const res = await as(ctx, user, { method: 'GET', url: `${base}?per_page=20${filter ? `&${filter}` : ''}` });
        const statements = captured;
        captured = null;
        if (res.statusCode !== 200) continue;
        lists += 1;
        for (const statement of statements) {
          if (!/^\s*(select|with)\b/i.test(statement.sql) || explained.has(statement.sql)) continue;
          explained.add(statement.sql);
          const tables = await seqScansOf(statement);
          if (tables.length) offenders.set(statement.sql, `${path}?${filter} (${role}) : ${tables.join(', ')}\n  ${statement.sql}`);
        }
      }
    }
    expect([...offenders.values()]).toEqual([]);
    expect(lists, 'lists explained').toBeGreaterThanOrEqual(30);
  });
});
