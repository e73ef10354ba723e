/**
 * Client, professional and architect dashboards (issue 12, decision 0815) on a PostgreSQL server:
 * seeds 10 000 then 1 000 000 projects (3 tenders each, a quote for every other project, an
 * invoice for every third quote, payments, credit notes, réceptions with a retenue and contracts
 * to sign in proportion) with generate_series, VACUUM ANALYZE, then times each widget's query for
 * the busiest client, professional and architect, through the modules' own functions. p50 / p95 in ms.
 *   npm run bench -- dashboard
 *   BENCH_DASHBOARD_SIZES=10000 BENCH_DASHBOARD_URL=postgres://postgres@127.0.0.1:5432/bench_dashboard
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createDatabase, migrate, seedReference, type DatabaseHandle } from '@ouvrage/db';
import { chartMonths, parisMidnight, PROJECT_STAGES, PROJECT_STATES, todayInParis, systemClock } from '@ouvrage/domain';
import { amountsPerMonth, documentsToSign } from '../../apps/api/src/modules/dashboard/repository';
import { invoicesToPay, overdueInvoicesOf } from '../../apps/api/src/modules/invoices';
import { clientProjectsOverview } from '../../apps/api/src/modules/projects';
import { quoteConversion, quotePipeline, quotesAwaitingAnswer } from '../../apps/api/src/modules/quotes';
import { guaranteesOf } from '../../apps/api/src/modules/reception';
import { acceptedTendersOf, availableTendersOf, tenderAnswerCounts } from '../../apps/api/src/modules/tenders';

const URL_ = process.env.BENCH_DASHBOARD_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_dashboard';
const SIZES = (process.env.BENCH_DASHBOARD_SIZES ?? '10000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 30);
const QUOTE_STATUSES = ['Brouillon', 'Envoyé', 'Accepté', 'Signé', 'Validé', 'Refusé', 'Expiré', 'Annulé', 'Remplacé'];

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

async function recreate(): Promise<void> {
  const name = decodeURIComponent(new URL(URL_).pathname.slice(1));
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
            (ARRAY['client', 'client', 'professionnel', 'dessinateur', 'architecte'])[1 + g % 5], 'Validé', now() - (g % 900) * interval '1 day'
     FROM generate_series(1, $1::int) g`,
    [people * 5],
  );
  const ids = async (type: string) => (await handle.query<{ id: number }>(`SELECT id FROM users WHERE user_type = $1 ORDER BY id`, [type])).map((r) => r.id);
  const clients = await ids('client');
  const pros = await ids('professionnel');
  const architects = await ids('architecte');
  const categories = (await handle.query<{ id: number }>('SELECT id FROM categories ORDER BY id')).map((r) => r.id);
  const biens = (await handle.query<{ id: number }>('SELECT id FROM biens ORDER BY id')).map((r) => r.id);

  // Projects over the last 1 000 days, states and stages spread evenly.
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
       now() - (g % 1000) * interval '1 day' - (g % 86400) * interval '1 second', now() - (g % 1000) * interval '1 day'
     FROM generate_series(1, $6::int) g`,
    [clients, categories, biens, [...PROJECT_STATES], [...PROJECT_STAGES], total],
  );
  // Three tenders per project to three professionals: answered, refused or waiting (the latest ones still open).
  await handle.query(
    `INSERT INTO offers (project_id, professional_id, status, validation, created_at, answered_at, reply_deadline)
     SELECT p.id, ($1::int[])[1 + (p.id + k * 7) % array_length($1::int[], 1)],
       (ARRAY['Acceptée', 'Refusée', 'Disponible'])[1 + (p.id + k) % 3],
       CASE WHEN (p.id + k) % 10 = 0 THEN '0' ELSE '1' END,
       p.created_at + interval '2 days',
       CASE WHEN (p.id + k) % 3 < 2 THEN p.created_at + interval '5 days' END,
       greatest(p.created_at + interval '9 days', now() + ((p.id % 5) - 1) * interval '1 day')
     FROM projects p CROSS JOIN generate_series(1, 3) k`,
    [pros],
  );
  // A quote for every other project, every status.
  await handle.query(
    `INSERT INTO quotes (issuer_id, client_id, project_id, status, number, title, validity_days, valid_until, deposit_bp, total_ht_cents, total_tva_cents, total_ttc_cents,
       accepted_total_ht_cents, sent_at, accepted_at, created_at)
     SELECT ($1::int[])[1 + p.id % array_length($1::int[], 1)], p.client_id, p.id, ($2::text[])[1 + (p.id / 2) % 9], 'D-' || p.id, 'Travaux', 30,
       (p.created_at + interval '40 days')::date, 3000, 100000 + (p.id % 50) * 1000, 20000, 120000 + (p.id % 50) * 1000,
       CASE WHEN (p.id / 2) % 9 BETWEEN 2 AND 4 THEN 110000 END,
       CASE WHEN (p.id / 2) % 9 > 0 THEN p.created_at + interval '10 days' END,
       CASE WHEN (p.id / 2) % 9 BETWEEN 2 AND 4 THEN p.created_at + interval '12 days' END,
       p.created_at + interval '8 days'
     FROM projects p WHERE p.id % 2 = 0`,
    [architects, QUOTE_STATUSES],
  );
  // An invoice for every third quote (some partly paid, some with a retenue); payments; credit notes.
  await handle.query(
    `INSERT INTO invoices (number, issuer_id, client_id, quote_id, project_id, kind, title, issued_at, issue_date, due_date, total_ht_cents, total_tva_cents, total_ttc_cents,
       retention_cents, paid_cents, by_rate, document)
     SELECT 'F-' || q.id, q.issuer_id, q.client_id, q.id, q.project_id, 'acompte', 'Acompte', q.created_at + interval '20 days', (q.created_at + interval '20 days')::date,
       (q.created_at + interval '50 days')::date, 30000, 6000, 36000, CASE WHEN q.id % 5 = 0 THEN 1800 ELSE 0 END,
       CASE WHEN q.id % 4 = 0 THEN 0 WHEN q.id % 4 = 1 THEN 10000 ELSE 36000 - CASE WHEN q.id % 5 = 0 THEN 1800 ELSE 0 END END,
       '[]', '{"client": {"name": "Claire Martin"}}'
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
  // A réception for every invoiced quote with a retenue, signed or not, with a reservation for one in three.
  await handle.query(
    `INSERT INTO receptions (quote_id, project_id, issuer_id, client_id, reception_date, created_by, created_at, signed_at)
     SELECT i.quote_id, i.project_id, i.issuer_id, i.client_id, (i.issued_at + interval '60 days')::date, i.issuer_id, i.issued_at + interval '60 days',
       CASE WHEN i.id % 3 > 0 THEN i.issued_at + interval '61 days' END
     FROM invoices i WHERE i.retention_cents > 0 AND i.issued_at + interval '60 days' < now()`,
  );
  await handle.query(
    `INSERT INTO reception_reservations (reception_id, position, lot_index, lot_title, description)
     SELECT r.id, 0, 0, 'Gros œuvre', 'Fissure à reprendre' FROM receptions r WHERE r.id % 3 = 0`,
  );
  // A contract out for signature for one project in fifty, signed by its client or not yet.
  await handle.query(
    `WITH docs AS (
       INSERT INTO signature_documents (kind, project_id, owner_id, title, file_name, original_key, original_sha256, provider, status, created_at, sent_at, updated_at)
       SELECT 'contract', p.id, ($1::int[])[1 + p.id % array_length($1::int[], 1)], 'Contrat', 'c.pdf', 'k/' || p.id, repeat('0', 64), 'builtin', 'out_for_signature', p.created_at, p.created_at, p.created_at
       FROM projects p WHERE p.id % 50 = 0 RETURNING id, project_id)
     INSERT INTO signature_signers (document_id, position, user_id, name, email, status)
     SELECT d.id, 0, p.client_id, 'Client', 'c@exemple.fr', CASE WHEN d.id % 2 = 0 THEN 'signed' ELSE 'pending' END FROM docs d JOIN projects p ON p.id = d.project_id`,
    [architects],
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
  console.log(`  ${label.padEnd(52)} ${percentile(times, 50).toFixed(1).padStart(7)} ms ${percentile(times, 95).toFixed(1).padStart(8)} ms`);
}

/** The user with the most rows in a table's column: the worst case of a per-user widget. */
async function busiest(handle: DatabaseHandle, table: string, column: string): Promise<{ id: number; n: number }> {
  const [row] = await handle.query<{ id: number; n: string }>(`SELECT ${column} AS id, count(*) AS n FROM ${table} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`);
  return { id: Number(row.id), n: Number(row.n) };
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
              (SELECT count(*) FROM invoices) AS invoices, (SELECT count(*) FROM payments) AS payments, (SELECT count(*) FROM receptions) AS receptions`,
    ))[0];
    console.log(`\n${total.toLocaleString('fr-FR')} projets (${Object.entries(counts).map(([k, v]) => `${Number(v).toLocaleString('fr-FR')} ${k}`).join(', ')}) insérés en ${((performance.now() - t0) / 1000).toFixed(1)} s (${handle.kind})`);
    const client = await busiest(handle, 'projects', 'client_id');
    const pro = await busiest(handle, 'offers', 'professional_id');
    const architect = await busiest(handle, 'quotes', 'issuer_id');
    console.log(`  client ${client.id} (${client.n} projets), professionnel ${pro.id} (${pro.n} offres), architecte ${architect.id} (${architect.n} devis)`);
    console.log(`  ${'widget'.padEnd(52)} ${'p50'.padStart(10)} ${'p95'.padStart(11)}`);
    const db = handle.db;
    const today = todayInParis(systemClock);
    await time('client : projets (6 derniers + total)', () => clientProjectsOverview(db, client.id, 6));
    await time('client : devis à accepter', () => quotesAwaitingAnswer(db, client.id, 5));
    await time('client : documents à signer (devis, contrats, PV)', () => documentsToSign(db, client.id, 5));
    await time('client : factures à régler', () => invoicesToPay(db, client.id, today, 5));
    await time('pro : appels d’offre disponibles', () => availableTendersOf(db, pro.id, 5));
    await time('pro : projets acceptés', () => acceptedTendersOf(db, pro.id, 5));
    await time('pro : taux de réponse', () => tenderAnswerCounts(db, pro.id));
    await time('architecte : devis par étape', () => quotePipeline(db, architect.id));
    for (const periode of ['12', '24']) {
      const period = chartMonths(periode, today);
      const fromInstant = parisMidnight(period.from);
      const untilInstant = parisMidnight(period.until);
      await time(`architecte : taux de transformation (${periode} mois)`, () => quoteConversion(db, architect.id, fromInstant, untilInstant));
      await time(`architecte : facturé / encaissé par mois (${periode} mois)`, () => amountsPerMonth(db, architect.id, { from: period.from, until: period.until, fromInstant, untilInstant }));
    }
    await time('architecte : factures en retard', () => overdueInvoicesOf(db, architect.id, today, 5));
    await time('architecte : retenues de garantie', () => guaranteesOf(db, architect.id, 500));
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
