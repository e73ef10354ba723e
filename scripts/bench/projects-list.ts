/**
 * Admin project list with 100 000 projects (issue 3): seeds an in-memory PGlite database with the
 * real migrations, then times the list queries the admin screen runs (page + count), through the
 * same service code as the API. Figures are medians of several runs, in milliseconds.
 *   npm run bench -- projects          (BENCH_PROJECTS=20000 for a quicker run)
 */
import { performance } from 'node:perf_hooks';
import { createDatabase, migrate, seedReference } from '@ouvrage/db';
import { createUser } from '@ouvrage/db/testing';
import { PROJECT_STAGES, PROJECT_STATES } from '@ouvrage/domain';
import { loadConfig } from '../../apps/api/src/config';
import type { AppDeps } from '../../apps/api/src/lib/deps';
import { JobQueue } from '../../apps/api/src/modules/jobs';
import { Mailer } from '../../apps/api/src/modules/mail/mailer';
import { adminList } from '../../apps/api/src/modules/projects/service';
import { median } from './lib/stats';

const TOTAL = Number(process.env.BENCH_PROJECTS ?? 100_000);
const RUNS = 7;

const LASTNAMES = [
  'Martin',
  'Bernard',
  'Thomas',
  'Petit',
  'Robert',
  'Richard',
  'Durand',
  'Dubois',
  'Moreau',
  'Laurent',
  'Simon',
  'Michel',
  'Lefèvre',
  'Leroy',
  'Roux',
  'David',
  'Bertrand',
  'Morel',
  'Fournier',
  'Girard',
];
const FIRSTNAMES = ['Camille', 'Léa', 'Manon', 'Chloé', 'Inès', 'Lucas', 'Hugo', 'Louis', 'Jules', 'Gabriel', 'Paul', 'Emma', 'Jade', 'Louise', 'Arthur'];
const PLACES = [
  ['75011', 'Paris 11e Arrondissement', '75111', '75'],
  ['69003', 'Lyon 3e Arrondissement', '69383', '69'],
  ['13008', 'Marseille 8e Arrondissement', '13208', '13'],
  ['31000', 'Toulouse', '31555', '31'],
  ['33000', 'Bordeaux', '33063', '33'],
  ['44000', 'Nantes', '44109', '44'],
  ['59000', 'Lille', '59350', '59'],
  ['67000', 'Strasbourg', '67482', '67'],
  ['20000', 'Ajaccio', '2A004', '2A'],
  ['97400', 'Saint-Denis', '97411', '974'],
];

async function main() {
  const handle = await createDatabase({});
  await migrate(handle);
  await seedReference(handle);
  const categories = await handle.query<{ id: number }>('SELECT id FROM categories ORDER BY id');
  const biens = await handle.query<{ id: number }>('SELECT id FROM biens ORDER BY id');
  const clients: number[] = [];
  for (let i = 0; i < 200; i += 1) clients.push((await createUser(handle.db, { user_type: 'client' })).id);

  const t0 = performance.now();
  // Deterministic pseudo-random data, inserted in batches with generate_series for speed.
  const batch = 10_000;
  for (let start = 0; start < TOTAL; start += batch) {
    const n = Math.min(batch, TOTAL - start);
    await handle.query(
      `INSERT INTO projects (client_id, support, category_id, bien_id, street, postcode, city, city_code, departement,
         surface, works_surface, budget, budget_min_cents, budget_max_cents, times, delai, proprio, description,
         type_client, civility, lastname, firstname, email, phone, country, state, stage, search_text, created_at)
       SELECT
         ($1::int[])[1 + (g % array_length($1::int[], 1))],
         'Projet clé en main',
         ($2::int[])[1 + (g % array_length($2::int[], 1))],
         ($3::int[])[1 + ((g / 7) % array_length($3::int[], 1))],
         (g % 200) || ' rue de la République',
         ($4::text[])[1 + (g % 10)], ($5::text[])[1 + (g % 10)], ($6::text[])[1 + (g % 10)], ($7::text[])[1 + (g % 10)],
         100, 40, '30k-60k', 3000000, 6000000, 'Dès que possible', '6 à 12 mois', 'Propriétaire',
         'Rénovation complète d''un logement familial.',
         'particulier', 'Mme',
         ($8::text[])[1 + (g % 20)], ($9::text[])[1 + ((g / 20) % 15)],
         'client' || g || '@exemple.fr', '06 12 34 56 78', 'France',
         ($10::text[])[1 + ((g / 3) % 7)], ($11::text[])[1 + ((g / 5) % 6)],
         lower(translate(($8::text[])[1 + (g % 20)] || ' ' || ($9::text[])[1 + ((g / 20) % 15)], 'éèÉ', 'eee')) || ' client' || g || ' exemple fr ' || ($4::text[])[1 + (g % 10)],
         now() - (g % 1000) * interval '1 day' - (g % 86400) * interval '1 second'
       FROM generate_series($12::int, $13::int) AS g`,
      [
        clients,
        categories.map((c) => c.id),
        biens.map((b) => b.id),
        PLACES.map((p) => p[0]),
        PLACES.map((p) => p[1]),
        PLACES.map((p) => p[2]),
        PLACES.map((p) => p[3]),
        LASTNAMES,
        FIRSTNAMES,
        [...PROJECT_STATES],
        [...PROJECT_STAGES],
        start,
        start + n - 1,
      ],
    );
  }
  await handle.execScript('ANALYZE projects');
  const seeded = performance.now() - t0;
  console.log(`${TOTAL.toLocaleString('fr-FR')} projets insérés en ${(seeded / 1000).toFixed(1)} s (${handle.kind}).`);

  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const jobs = new JobQueue(handle.db);
  const deps = { config, handle, db: handle.db, jobs, mailer: new Mailer(handle.db, jobs, { from: config.mailFrom }) } as Partial<AppDeps> as AppDeps;
  const category = categories[2].id;
  const cases: Array<[string, Parameters<typeof adminList>[1]]> = [
    ['sans filtre, page 1', { page: 1, per_page: 20 }],
    ['sans filtre, page 200', { page: 200, per_page: 20 }],
    ['état = Validé', { page: 1, per_page: 20, state: 'Validé' }],
    ['étape = Travaux', { page: 1, per_page: 20, stage: 'Travaux' }],
    ['catégorie', { page: 1, per_page: 20, category_id: category }],
    ['département = 2A', { page: 1, per_page: 20, departement: '2A' }],
    ['période d’un mois', { page: 1, per_page: 20, date_from: '2026-01-01', date_to: '2026-01-31' }],
    ['recherche « lefev »', { page: 1, per_page: 20, q: 'lefev' }],
    ['recherche « durand camille »', { page: 1, per_page: 20, q: 'durand camille' }],
    ['recherche e-mail exact', { page: 1, per_page: 20, q: 'client4242@exemple.fr' }],
    ['état + département + catégorie', { page: 1, per_page: 20, state: 'En cours', departement: '69', category_id: category }],
  ];
  console.log('\nRequête (page de 20 + total)                 médiane    max   total');
  for (const [label, query] of cases) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i += 1) {
      const t = performance.now();
      const result = await adminList(deps, query);
      times.push(performance.now() - t);
      total = result.total;
    }
    console.log(
      `${label.padEnd(44)} ${median(times).toFixed(1).padStart(7)} ms ${Math.max(...times)
        .toFixed(1)
        .padStart(6)} ${String(total).padStart(7)}`,
    );
  }
  await deps.mailer.stop();
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
