/**
 * Invoices (issue 11): issuing 1 000 invoices through the real API (`POST /api/facture`, each a
 * numbered deposit in its own transaction, the quote locked, the number taken last), then the lists
 * with 100 000 invoices (`GET /api/liste-facture`: an architect, a client, the admin, filters and a
 * search). In-memory PGlite with the real migrations; p50 / p95 in milliseconds.
 *   npm run bench -- invoices        (BENCH_INVOICES=20000 for a quicker run)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase, migrate, seedReference } from '@ouvrage/db';
import { createUser, TEST_PASSWORD } from '@ouvrage/db/testing';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { quoteInStatus } from '../../apps/api/test/invoices/factories';
import { percentile } from './lib/stats';

const ISSUES = Number(process.env.BENCH_ISSUES ?? 1_000);
const TOTAL = Number(process.env.BENCH_INVOICES ?? 100_000);
const RUNS = 30;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ouvrage-bench-'));
  const handle = await createDatabase({});
  await migrate(handle);
  await seedReference(handle);
  const admin = await createUser(handle.db, { user_type: 'admin' });
  const architect = await createUser(handle.db, { user_type: 'architecte', is_validate: 'Validé' });
  const clients: number[] = [];
  for (let i = 0; i < 50; i += 1) clients.push((await createUser(handle.db, { user_type: 'client' })).id);

  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { loginRateLimit: 100_000, webDist: undefined, dataDir });
  const app = await buildApp({ config, handle, logger: false });
  await app.ready();
  const login = async (id: number) => {
    const [u] = await handle.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [id]);
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email: u.email, password: TEST_PASSWORD } });
    return res.json().data.token.token as string;
  };
  const tokens = { admin: await login(admin.id), architect: await login(architect.id), client: await login(clients[0]) };

  // 1. Issuing: 1 000 validated quotes, a 30 % deposit on each through the API.
  const quoteIds: number[] = [];
  for (let i = 0; i < ISSUES; i += 1) quoteIds.push(await quoteInStatus(handle.db, { issuerId: architect.id, clientId: clients[i % clients.length] }));
  const times: number[] = [];
  const heapBefore = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  for (const quoteId of quoteIds) {
    const t = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/facture',
      headers: { authorization: `Bearer ${tokens.architect}` },
      payload: { quote_id: quoteId, kind: 'acompte', percent_bp: 3000, payment_delay_days: 30 },
    });
    times.push(performance.now() - t);
    if (res.statusCode !== 201) throw new Error(`POST /api/facture → ${res.statusCode} ${res.body}`);
  }
  const elapsed = performance.now() - t0;
  const [{ first, last, n }] = await handle.query<{ first: string; last: string; n: number }>(
    'SELECT min(number) AS first, max(number) AS last, count(*)::int AS n FROM invoices',
  );
  console.log(
    `Émission de ${ISSUES} factures (API, une transaction chacune) : ${(elapsed / 1000).toFixed(1)} s, ${((ISSUES * 1000) / elapsed).toFixed(0)} factures/s`,
  );
  console.log(
    `  p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms; ${n} factures ${first} … ${last}; tas +${((process.memoryUsage().heapUsed - heapBefore) / 1e6).toFixed(0)} Mo, RSS ${(process.memoryUsage().rss / 1e6).toFixed(0)} Mo`,
  );

  // 2. Lists: copies of the issued invoices up to TOTAL, spread over 100 issuers' worth of dates.
  const t1 = performance.now();
  const batch = 10_000;
  for (let start = n; start < TOTAL; start += batch) {
    const count = Math.min(batch, TOTAL - start);
    await handle.query(
      `INSERT INTO invoices (number, issuer_id, client_id, quote_id, project_id, kind, title, situation_index, issued_at, issue_date, due_date,
         total_ht_cents, total_tva_cents, total_ttc_cents, retention_cents, by_rate, progress_bp, document, paid_cents, credited_cents, search_text)
       SELECT 'F-2025-' || lpad(g::text, 6, '0'), i.issuer_id, ($1::int[])[1 + (g % 50)], i.quote_id, i.project_id, i.kind, i.title, i.situation_index,
         i.issued_at - (g % 700) * interval '1 day', i.issue_date - (g % 700), i.due_date - (g % 700),
         i.total_ht_cents, i.total_tva_cents, i.total_ttc_cents, i.retention_cents, i.by_rate, i.progress_bp, i.document,
         CASE WHEN g % 3 = 0 THEN i.total_ttc_cents WHEN g % 3 = 1 THEN i.total_ttc_cents / 2 ELSE 0 END, 0,
         'f 2025 ' || lpad(g::text, 6, '0') || ' ' || i.search_text
       FROM generate_series($2::int, $3::int) AS g, (SELECT * FROM invoices ORDER BY id LIMIT 1) AS i`,
      [clients, start, start + count - 1],
    );
  }
  await handle.execScript('ANALYZE invoices;');
  const [{ total }] = await handle.query<{ total: number }>('SELECT count(*)::int AS total FROM invoices');
  console.log(`\n${total.toLocaleString('fr-FR')} factures en base (${((performance.now() - t1) / 1000).toFixed(1)} s d’insertion, ${handle.kind}).`);

  const cases: Array<[string, keyof typeof tokens, string]> = [
    ['architecte (toutes), page 1', 'architect', '/api/liste-facture'],
    ['architecte, page 200', 'architect', '/api/liste-facture?page=200'],
    ['architecte, statut = En retard', 'architect', '/api/liste-facture?status=En%20retard'],
    ['architecte, statut = Payée', 'architect', '/api/liste-facture?status=Pay%C3%A9e'],
    ['architecte, type = acompte', 'architect', '/api/liste-facture?kind=acompte'],
    ['architecte, recherche « f-2025-004242 »', 'architect', '/api/liste-facture?search=f-2025-004242'],
    ['client, page 1', 'client', '/api/liste-facture'],
    ['admin, page 1', 'admin', '/api/liste-facture'],
    ['admin, page 500', 'admin', '/api/liste-facture?page=500'],
  ];
  console.log(`\nRequête HTTP (${RUNS} appels)                              p50      p95   total`);
  for (const [label, who, url] of cases) {
    const samples: number[] = [];
    let found = 0;
    for (let i = 0; i < RUNS + 3; i += 1) {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}` } });
      const ms = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
      if (i >= 3) samples.push(ms);
      found = res.json().data.total;
    }
    console.log(
      `${label.padEnd(52)} ${percentile(samples, 50).toFixed(1).padStart(6)} ms ${percentile(samples, 95).toFixed(1).padStart(6)} ms ${String(found).padStart(7)}`,
    );
  }
  await app.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
