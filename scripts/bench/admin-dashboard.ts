/**
 * Admin dashboard and board (issue 12, decision 0822) on a PostgreSQL server: seeds 10 000 then
 * 1 000 000 projects with the volume seed (scripts/volume/seed.ts, decision 0960: tenders, quotes,
 * invoices, payments and credit notes in proportion), then times
 * each widget's one statement and the board, through the modules' own functions. p50 / p95 in ms.
 *   npm run bench -- admin-dashboard
 *   BENCH_ADMIN_SIZES=10000 BENCH_ADMIN_URL=postgres://postgres@127.0.0.1:5432/bench_admin
 */
import { performance } from 'node:perf_hooks';
import { periodRange, type DashboardPeriod } from '@ouvrage/domain';
import { billingByMonth } from '../../apps/api/src/modules/admin-dashboard/read-model';
import { projectBoard, projectsByState, projectsToReview } from '../../apps/api/src/modules/projects';
import { quoteOutcomes } from '../../apps/api/src/modules/quotes';
import { tendersByMonth } from '../../apps/api/src/modules/tenders';
import { professionalsAwaitingValidation } from '../../apps/api/src/modules/users';
import { prepareVolumeDatabase } from '../volume/seed';
import { percentile } from './lib/stats';

const URL_ = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_admin';
const SIZES = (process.env.BENCH_ADMIN_SIZES ?? '10000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_ADMIN_RUNS ?? 30);

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
    const { handle, seconds } = await prepareVolumeDatabase(URL_, total);
    const counts = (
      await handle.query<Record<string, string>>(
        `SELECT (SELECT count(*) FROM projects) AS projects, (SELECT count(*) FROM offers) AS offers, (SELECT count(*) FROM quotes) AS quotes,
              (SELECT count(*) FROM invoices) AS invoices, (SELECT count(*) FROM payments) AS payments`,
      )
    )[0];
    console.log(
      `\n${total.toLocaleString('fr-FR')} projets (${Object.entries(counts)
        .map(([k, v]) => `${Number(v).toLocaleString('fr-FR')} ${k}`)
        .join(', ')}) insérés en ${seconds.toFixed(1)} s (${handle.kind})`,
    );
    console.log(`  ${'indicateur'.padEnd(46)} ${'p50'.padStart(10)} ${'p95'.padStart(11)}`);
    const db = handle.db;
    await time('projets à examiner (compte + 5)', () => projectsToReview(db, 5));
    await time('professionnels à valider (compte + 5)', () => professionalsAwaitingValidation(db, 5));
    for (const period of ['12m', '24m'] as DashboardPeriod[]) {
      const range = periodRange(period, new Date());
      await time(`projets par état (${period})`, () => projectsByState(db, range));
      await time(`offres envoyées / réponses par mois (${period})`, () => tendersByMonth(db, range));
      await time(`conversion des devis (${period})`, () => quoteOutcomes(db, range));
      await time(`facturé / avoirs / encaissé par mois (${period})`, () => billingByMonth(db, range));
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
