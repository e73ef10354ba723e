/**
 * Quote lists with 100 000 quotes (issue 9): seeds an in-memory PGlite database with the real
 * migrations, builds the real app, then times `GET /api/liste-devis/{id}` (an architect with
 * 10 000 quotes, a client) and the admin's `GET /api/liste-devis` through `inject()`: first page,
 * a filtered page, a search. Prints p50 / p95 in milliseconds and the plans of the list queries.
 *   npm run bench -- quotes          (BENCH_QUOTES=20000 for a quicker run)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase, migrate, seedReference } from '@ouvrage/db';
import { createUser, TEST_PASSWORD } from '@ouvrage/db/testing';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { percentile } from './lib/stats';

const TOTAL = Number(process.env.BENCH_QUOTES ?? 100_000);
const RUNS = 30;
const STATUSES = ['Brouillon', 'Envoyé', 'Accepté', 'Validé', 'Refusé', 'Expiré', 'Annulé'];
const TITLES = [
  'Rénovation de la cuisine',
  'Salle de bains complète',
  'Extension ossature bois',
  'Surélévation',
  'Isolation des combles',
  'Ravalement de façade',
  'Réfection de toiture',
];
const NAMES = ['martin', 'bernard', 'durand', 'lefèvre', 'moreau', 'petit', 'roux', 'fournier', 'girard', 'bonnet'];

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ouvrage-bench-'));
  const handle = await createDatabase({});
  await migrate(handle);
  await seedReference(handle);
  const [category] = await handle.query<{ id: number }>('SELECT id FROM categories ORDER BY id LIMIT 1');
  const [bien] = await handle.query<{ id: number }>('SELECT id FROM biens ORDER BY id LIMIT 1');
  const admin = await createUser(handle.db, { user_type: 'admin' });
  const architects: number[] = [];
  for (let i = 0; i < 100; i += 1) architects.push((await createUser(handle.db, { user_type: 'architecte', is_validate: 'Validé' })).id);
  const clients: number[] = [];
  for (let i = 0; i < 500; i += 1) clients.push((await createUser(handle.db, { user_type: 'client' })).id);
  await handle.query(
    `INSERT INTO projects (client_id, support, category_id, bien_id, street, postcode, city, city_code, departement, surface, works_surface, budget,
       budget_min_cents, times, delai, proprio, description, type_client, civility, lastname, firstname, email, phone, country, state)
     SELECT ($1::int[])[1 + (g % 500)], 'Projet clé en main', $2, $3, g || ' rue de la République', '69003', 'Lyon', '69383', '69', 100, 40, '30k-60k',
       3000000, 'Dès que possible', '6 à 12 mois', 'Propriétaire', 'Rénovation.', 'particulier', 'Mme', 'Client', 'Bench', 'c' || g || '@exemple.fr', '0612345678', 'France', 'Attribué'
     FROM generate_series(0, 999) AS g`,
    [clients, category.id, bien.id],
  );
  const projects = (await handle.query<{ id: number; client_id: number }>('SELECT id, client_id FROM projects ORDER BY id')).map((p) => p);

  const t0 = performance.now();
  const batch = 10_000;
  // One architect in ten quotes: the first architect issues 10 % of all quotes (the heavy list).
  for (let start = 0; start < TOTAL; start += batch) {
    const n = Math.min(batch, TOTAL - start);
    await handle.query(
      `INSERT INTO quotes (version, number, issuer_id, client_id, project_id, status, title, validity_days, valid_until, deposit_bp,
         total_ht_cents, total_tva_cents, total_ttc_cents, search_text, sent_at, created_at, updated_at)
       SELECT 1,
         CASE WHEN ($4::text[])[1 + (g % 7)] = 'Brouillon' THEN NULL ELSE 'D-2026-' || lpad(g::text, 6, '0') END,
         CASE WHEN g % 10 = 0 THEN ($1::int[])[1] ELSE ($1::int[])[1 + (g % 100)] END,
         ($2::int[])[1 + (g % 1000)], ($3::int[])[1 + (g % 1000)],
         ($4::text[])[1 + (g % 7)], ($5::text[])[1 + ((g / 7) % 7)], 30, (date '2026-12-31' - (g % 60)), 3000,
         (g % 5000) * 1000, (g % 5000) * 200, (g % 5000) * 1200,
         regexp_replace(lower(translate('d-2026-' || lpad(g::text, 6, '0') || ' ' || ($5::text[])[1 + ((g / 7) % 7)] || ' client ' || ($6::text[])[1 + (g % 10)] || ' lyon', 'éèÉ', 'eee')), '[^a-z0-9]+', ' ', 'g'),
         now() - (g % 700) * interval '1 day',
         now() - (g % 700) * interval '1 day' - (g % 86400) * interval '1 second',
         now()
       FROM generate_series($7::int, $8::int) AS g`,
      [architects, projects.map((p) => p.client_id), projects.map((p) => p.id), STATUSES, TITLES, NAMES, start, start + n - 1],
    );
  }
  await handle.execScript(`UPDATE quotes SET root_id = id;`);
  // One quote in twenty has a second version: the first is then « Remplacé ».
  await handle.execScript(`
    INSERT INTO quotes (root_id, version, number, issuer_id, client_id, project_id, status, title, validity_days, valid_until, deposit_bp,
      total_ht_cents, total_tva_cents, total_ttc_cents, search_text, sent_at, created_at, updated_at)
    SELECT id, 2, number, issuer_id, client_id, project_id, 'Envoyé', title, 30, valid_until, 3000, total_ht_cents, total_tva_cents, total_ttc_cents,
      search_text, sent_at, created_at + interval '1 hour', now()
    FROM quotes WHERE id % 20 = 0 AND status = 'Envoyé';
    UPDATE quotes q SET status = 'Remplacé' WHERE version = 1 AND EXISTS (SELECT 1 FROM quotes n WHERE n.root_id = q.id AND n.version = 2);
    ANALYZE quotes;`);
  const [{ count }] = await handle.query<{ count: number }>('SELECT count(*)::int AS count FROM quotes');
  console.log(`${count.toLocaleString('fr-FR')} devis insérés en ${((performance.now() - t0) / 1000).toFixed(1)} s (${handle.kind}).`);

  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { loginRateLimit: 10_000, webDist: undefined, dataDir });
  const app = await buildApp({ config, handle, logger: false });
  await app.ready();
  const login = async (id: number) => {
    const [u] = await handle.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [id]);
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email: u.email, password: TEST_PASSWORD } });
    return res.json().data.token.token as string;
  };
  const heavy = architects[0];
  const client = clients[7];
  const tokens = { admin: await login(admin.id), architect: await login(heavy), client: await login(client) };
  const cases: Array<[string, keyof typeof tokens, string]> = [
    ['architecte (10 000 devis), page 1', 'architect', `/api/liste-devis/${heavy}`],
    ['architecte, statut = Accepté', 'architect', `/api/liste-devis/${heavy}?status=Accept%C3%A9`],
    ['architecte, statut = Expiré (effectif)', 'architect', `/api/liste-devis/${heavy}?status=Expir%C3%A9`],
    ['architecte, recherche « cuisine »', 'architect', `/api/liste-devis/${heavy}?search=cuisine`],
    ['architecte, tri par montant, page 50', 'architect', `/api/liste-devis/${heavy}?sort=amount&page=50`],
    ['client, page 1', 'client', `/api/liste-devis/${client}`],
    ['admin, page 1', 'admin', '/api/liste-devis'],
    ['admin, page 500', 'admin', '/api/liste-devis?page=500'],
    ['admin, statut = Validé', 'admin', '/api/liste-devis?status=Valid%C3%A9'],
    ['admin, projet', 'admin', `/api/liste-devis?project_id=${projects[10].id}`],
    ['admin, recherche « d-2026-004242 »', 'admin', '/api/liste-devis?search=d-2026-004242'],
    ['admin, recherche « bonnet »', 'admin', '/api/liste-devis?search=bonnet'],
    ['admin, recherche « Bonnet cuisine »', 'admin', '/api/liste-devis?search=Bonnet%20cuisine'],
    ['admin, toutes versions', 'admin', '/api/liste-devis?all_versions=true'],
  ];
  console.log(`\nRequête HTTP (page de 20 + total, ${RUNS} appels)         p50      p95   total`);
  for (const [label, who, url] of cases) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS + 3; i += 1) {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}` } });
      const elapsed = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
      if (i >= 3) times.push(elapsed); // the first calls warm the caches
      total = res.json().data.total;
    }
    console.log(
      `${label.padEnd(52)} ${percentile(times, 50).toFixed(1).padStart(6)} ms ${percentile(times, 95).toFixed(1).padStart(6)} ms ${String(total).padStart(7)}`,
    );
  }

  if (process.env.BENCH_EXPLAIN !== '0') {
    const latest = `NOT EXISTS (SELECT 1 FROM quotes newer WHERE newer.root_id = quotes.root_id AND newer.version > quotes.version)`;
    const plans: Array<[string, string]> = [
      ['architecte, page 1', `SELECT * FROM quotes WHERE issuer_id = ${heavy} AND ${latest} ORDER BY created_at DESC, id DESC LIMIT 20`],
      ['client, page 1', `SELECT * FROM quotes WHERE client_id = ${client} AND status <> 'Brouillon' AND ${latest} ORDER BY created_at DESC, id DESC LIMIT 20`],
      ['admin, page 1', `SELECT * FROM quotes WHERE ${latest} ORDER BY created_at DESC, id DESC LIMIT 20`],
      ['admin, statut', `SELECT * FROM quotes WHERE status = 'Validé' AND ${latest} ORDER BY created_at DESC, id DESC LIMIT 20`],
      [
        'admin, recherche',
        `SELECT * FROM quotes WHERE to_tsvector('simple', search_text) @@ to_tsquery('simple', 'bonnet:* & cuisine:*') AND ${latest} ORDER BY created_at DESC, id DESC LIMIT 20`,
      ],
      ['admin, projet', `SELECT * FROM quotes WHERE project_id = ${projects[10].id} AND ${latest} ORDER BY created_at DESC, id DESC LIMIT 20`],
    ];
    for (const [label, query] of plans) {
      const rows = await handle.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${query}`);
      console.log(`\nPlan — ${label}:\n${rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
    }
  }
  await app.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
