/**
 * Admin dashboard and board (issue 12, decision 0822) on a PostgreSQL server: seeds 10 000 then
 * 1 000 000 projects (with 3 tenders each, a quote for every other project, an invoice for every
 * sixth, payments and credit notes in proportion) with generate_series, VACUUM ANALYZE, then times
 * each widget's one statement and the board, through the modules' own functions. p50 / p95 in ms.
 *   npm run bench -- admin-dashboard
 *   BENCH_ADMIN_SIZES=10000 BENCH_ADMIN_URL=postgres://postgres@127.0.0.1:5432/bench_admin
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createDatabase, migrate, seedReference, type DatabaseHandle } from '@ouvrage/db';
import { periodRange, PROJECT_STAGES, PROJECT_STATES, type DashboardPeriod } from '@ouvrage/domain';
import { billingByMonth } from '../../apps/api/src/modules/invoices';
import { receivedBetweenSql } from '../../apps/api/src/modules/payments';
import { projectBoard, projectsByState, projectsToReview } from '../../apps/api/src/modules/projects';
import { quoteOutcomes } from '../../apps/api/src/modules/quotes';
import { tendersByMonth } from '../../apps/api/src/modules/tenders';
import { professionalsAwaitingValidation } from '../../apps/api/src/modules/users';

const URL_ = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_admin';
const SIZES = (process.env.BENCH_ADMIN_SIZES ?? '10000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_ADMIN_RUNS ?? 30);
const QUOTE_STATUSES = ['Envoyé', 'Accepté', 'Signé', 'Validé', 'Refusé', 'Expiré', 'Annulé', 'Remplacé'];

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

async function recreate(): Promise<void> {
  const target = new URL(URL_);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new pg.Client({ connectionString: Object.assign(new URL(URL_), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
}

async function seed(handle: DatabaseHandle, total: number): Promise<void> {
  const people = Math.max(200, Math.round(total / 500));
  await handle.query(
    `INSERT INTO users (email, firstname, lastname, user_type, is_validate, created_at)
     SELECT 'u' || g || '@bench.fr', 'Prénom' || g, 'Nom' || g,
            (ARRAY['client', 'client', 'professionnel', 'dessinateur', 'architecte'])[1 + g % 5],
            CASE WHEN g % 5 >= 2 AND g % 7 = 0 THEN 'En attente' ELSE 'Validé' END,
            now() - (g % 900) * interval '1 day'
     FROM generate_series(1, $1::int) g`,
    [people * 5],
  );
  const ids = async (type: string) => (await handle.query<{ id: number }>(`SELECT id FROM users WHERE user_type = $1 AND is_validate = 'Validé' ORDER BY id`, [type])).map((r) => r.id);
  const clients = await ids('client');
  const pros = await ids('professionnel');
  const architects = await ids('architecte');
  const categories = (await handle.query<{ id: number }>('SELECT id FROM categories ORDER BY id')).map((r) => r.id);
  const biens = (await handle.query<{ id: number }>('SELECT id FROM biens ORDER BY id')).map((r) => r.id);

  // Projects over the last 1 000 days, states and stages spread evenly (the board's worst case:
  // five open states out of seven).
  await handle.query(
    `INSERT INTO projects (client_id, support, category_id, bien_id, street, postcode, city, city_code, departement,
       surface, works_surface, budget, budget_min_cents, budget_max_cents, times, delai, proprio, description,
       type_client, civility, lastname, firstname, email, phone, country, state, stage, created_at, updated_at)
     SELECT ($1::int[])[1 + g % array_length($1::int[], 1)], 'Projet clé en main',
       ($2::int[])[1 + g % array_length($2::int[], 1)], ($3::int[])[1 + (g / 7) % array_length($3::int[], 1)],
       (g % 200) || ' rue de la République', '69003', 'Lyon 3e Arrondissement', '69383', '69',
       100, 40, '30k-60k', 3000000, 6000000, 'Dès que possible', '6 à 12 mois', 'Propriétaire', 'Rénovation complète d''un logement.',
       'particulier', 'Mme', 'Nom' || g, 'Prénom', 'client' || g || '@exemple.fr', '06 12 34 56 78', 'France',
       ($4::text[])[1 + (g / 3) % 7], ($5::text[])[1 + (g / 5) % 6],
       now() - (g % 1000) * interval '1 day' - (g % 86400) * interval '1 second',
       now() - (g % 1000) * interval '1 day'
     FROM generate_series(1, $6::int) g`,
    [clients, categories, biens, [...PROJECT_STATES], [...PROJECT_STAGES], total],
  );
  // Three tenders per project, to three different professionals; two of three answered.
  await handle.query(
    `INSERT INTO offers (project_id, professional_id, status, validation, created_at, answered_at, reply_deadline)
     SELECT p.id, ($1::int[])[1 + (p.id + k * 7) % array_length($1::int[], 1)],
       (ARRAY['Acceptée', 'Refusée', 'Disponible'])[1 + (p.id + k) % 3],
       CASE WHEN (p.id + k) % 10 = 0 THEN '0' ELSE '1' END,
       p.created_at + interval '2 days',
       CASE WHEN (p.id + k) % 3 < 2 THEN p.created_at + interval '5 days' END,
       p.created_at + interval '9 days'
     FROM projects p CROSS JOIN generate_series(1, 3) k`,
    [pros],
  );
  // A quote for every other project.
  await handle.query(
    `INSERT INTO quotes (issuer_id, client_id, project_id, status, number, title, validity_days, deposit_bp, total_ht_cents, total_tva_cents, total_ttc_cents, accepted_total_ht_cents, sent_at, created_at)
     SELECT ($1::int[])[1 + p.id % array_length($1::int[], 1)], p.client_id, p.id, ($2::text[])[1 + (p.id / 2) % 8], 'D-' || p.id, 'Travaux', 30, 3000,
       100000 + (p.id % 50) * 1000, 20000, 120000 + (p.id % 50) * 1000, CASE WHEN (p.id / 2) % 8 BETWEEN 1 AND 3 THEN 110000 END,
       p.created_at + interval '10 days', p.created_at + interval '8 days'
     FROM projects p WHERE p.id % 2 = 0`,
    [architects, QUOTE_STATUSES],
  );
  // An invoice for every third quote; a confirmed payment for every other invoice; a credit note for one in ten.
  await handle.query(
    `INSERT INTO invoices (number, issuer_id, client_id, quote_id, project_id, kind, title, issued_at, issue_date, due_date, total_ht_cents, total_tva_cents, total_ttc_cents, by_rate, document)
     SELECT 'F-' || q.id, q.issuer_id, q.client_id, q.id, q.project_id, 'acompte', 'Acompte', q.sent_at + interval '20 days', (q.sent_at + interval '20 days')::date,
       (q.sent_at + interval '50 days')::date, 30000, 6000, 36000, '[]', '{}'
     FROM quotes q WHERE q.id % 3 = 0`,
  );
  await handle.query(
    `INSERT INTO payments (invoice_id, client_id, issuer_id, method, status, amount_cents, created_at, confirmed_at)
     SELECT i.id, i.client_id, i.issuer_id, 'virement', CASE WHEN i.id % 4 = 0 THEN 'en_attente' ELSE 'confirme' END, 36000, i.issued_at + interval '10 days',
       CASE WHEN i.id % 4 = 0 THEN NULL ELSE i.issued_at + interval '12 days' END
     FROM invoices i WHERE i.id % 2 = 0`,
  );
  await handle.query(
    `INSERT INTO credit_notes (number, invoice_id, issuer_id, client_id, reason, issued_at, issue_date, total_ht_cents, total_tva_cents, total_ttc_cents, by_rate)
     SELECT 'AV-' || i.id, i.id, i.issuer_id, i.client_id, 'Erreur', i.issued_at + interval '3 days', (i.issued_at + interval '3 days')::date, 5000, 1000, 6000, '[]'
     FROM invoices i WHERE i.id % 10 = 0`,
  );
  await handle.execScript('VACUUM ANALYZE');
}

async function time(label: string, run: () => Promise<unknown>) {
  await run(); // warm the cache: the figures are those of a dashboard opened again
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  console.log(`  ${label.padEnd(46)} ${percentile(times, 50).toFixed(1).padStart(7)} ms ${percentile(times, 95).toFixed(1).padStart(8)} ms`);
}

async function main() {
  for (const total of SIZES) {
    await recreate();
    const handle = await createDatabase({ url: URL_ });
    await migrate(handle);
    await seedReference(handle);
    const t0 = performance.now();
    await seed(handle, total);
    const counts = (await handle.query<Record<string, string>>(
      `SELECT (SELECT count(*) FROM projects) AS projects, (SELECT count(*) FROM offers) AS offers, (SELECT count(*) FROM quotes) AS quotes,
              (SELECT count(*) FROM invoices) AS invoices, (SELECT count(*) FROM payments) AS payments`,
    ))[0];
    console.log(`\n${total.toLocaleString('fr-FR')} projets (${Object.entries(counts).map(([k, v]) => `${Number(v).toLocaleString('fr-FR')} ${k}`).join(', ')}) insérés en ${((performance.now() - t0) / 1000).toFixed(1)} s (${handle.kind})`);
    console.log(`  ${'indicateur'.padEnd(46)} ${'p50'.padStart(10)} ${'p95'.padStart(11)}`);
    const db = handle.db;
    await time('projets à examiner (compte + 5)', () => projectsToReview(db, 5));
    await time('professionnels à valider (compte + 5)', () => professionalsAwaitingValidation(db, 5));
    for (const period of ['12m', '24m'] as DashboardPeriod[]) {
      const range = periodRange(period, new Date());
      await time(`projets par état (${period})`, () => projectsByState(db, range));
      await time(`offres envoyées / réponses par mois (${period})`, () => tendersByMonth(db, range));
      await time(`conversion des devis (${period})`, () => quoteOutcomes(db, range));
      await time(`facturé / avoirs / encaissé par mois (${period})`, () => billingByMonth(db, range, receivedBetweenSql));
    }
    await time('tableau : 6 colonnes × 20, plus anciens', () => projectBoard(db, { perColumn: 20, order: 'anciens' }));
    await time('tableau : 6 colonnes × 50, plus récents', () => projectBoard(db, { perColumn: 50, order: 'recents' }));
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
