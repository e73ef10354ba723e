/**
 * Client, professional and architect dashboards (issue 12, decision 0815) on a PostgreSQL server:
 * seeds 10 000 then 1 000 000 projects with the volume seed (scripts/volume/seed.ts, decision 0960:
 * tenders, quotes, invoices, payments, credit notes, réceptions and contracts to sign in proportion), then times each widget's query for
 * the busiest client, professional and architect, through the modules' own functions. p50 / p95 in ms.
 *   npm run bench -- dashboard
 *   BENCH_DASHBOARD_SIZES=10000 BENCH_DASHBOARD_URL=postgres://postgres@127.0.0.1:5432/bench_dashboard
 */
import { performance } from 'node:perf_hooks';
import type { DatabaseHandle } from '@ouvrage/db';
import { chartMonths, parisMidnight, todayInParis, systemClock } from '@ouvrage/domain';
import { amountsPerMonth, documentsToSign, guaranteesOf } from '../../apps/api/src/modules/dashboard/read-model';
import { invoicesToPay, overdueInvoicesOf } from '../../apps/api/src/modules/invoices';
import { clientProjectsOverview } from '../../apps/api/src/modules/projects';
import { quoteConversion, quotePipeline, quotesAwaitingAnswer } from '../../apps/api/src/modules/quotes';
import { acceptedTendersOf, availableTendersOf, tenderAnswerCounts } from '../../apps/api/src/modules/tenders';
import { prepareVolumeDatabase } from '../volume/seed';
import { percentile } from './lib/stats';

const URL_ = process.env.BENCH_DASHBOARD_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_dashboard';
const SIZES = (process.env.BENCH_DASHBOARD_SIZES ?? '10000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 30);

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
    const { handle, seconds } = await prepareVolumeDatabase(URL_, total);
    const counts = (
      await handle.query<Record<string, string>>(
        `SELECT (SELECT count(*) FROM projects) AS projects, (SELECT count(*) FROM offers) AS offers, (SELECT count(*) FROM quotes) AS quotes,
              (SELECT count(*) FROM invoices) AS invoices, (SELECT count(*) FROM payments) AS payments, (SELECT count(*) FROM receptions) AS receptions`,
      )
    )[0];
    console.log(
      `\n${total.toLocaleString('fr-FR')} projets (${Object.entries(counts)
        .map(([k, v]) => `${Number(v).toLocaleString('fr-FR')} ${k}`)
        .join(', ')}) insérés en ${seconds.toFixed(1)} s (${handle.kind})`,
    );
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
      await time(`architecte : facturé / encaissé par mois (${periode} mois)`, () =>
        amountsPerMonth(db, architect.id, { from: period.from, until: period.until, fromInstant, untilInstant }),
      );
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
