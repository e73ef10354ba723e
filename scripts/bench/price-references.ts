/**
 * Price references at a million quote lines (issue 40, decision 1240 « How it is computed »): the
 * real refresh (`refreshPriceReferences`, what the daily job runs) and the real lookup route through
 * `inject()`, on two volume databases seeded by `scripts/volume/seed.ts` with a 299-line catalogue
 * priced per département: 100 000 projects and 1 000 000 quote lines, and 10 000 projects and
 * 100 000 lines. Each side starts from nothing: every sent quote noted, no contribution, no figure.
 *  - the refresh from scratch (collect every quote, compute every line): printed in seconds, and
 *    the ratio of the two sizes — target ≤ 15 for 10× the lines (linear, not worse): minutes at
 *    1 M lines, not hours;
 *  - the next day's refresh after one quote changed: only its lines are recomputed (seconds);
 *  - the editor's lookup of 30 lines of a quote in the busiest département: the median of the
 *    rounds, ratio ≤ 1.3 between the sizes — one statement on the primary key of
 *    `price_references` (its plan printed), whatever the number of lines behind the figures.
 *   npm run bench -- price-references [--runs 101]
 * Databases: VOLUME_PRICES_URL (default ouvrage_volume_prices) and VOLUME_PRICES_SMALL_URL
 * (default ouvrage_volume_prices_100k), seeded first when missing (about 2½ min and 20 s).
 */
import { parseArgs } from 'node:util';
import { createDatabase, migrate, type DatabaseHandle } from '@ouvrage/db';
import { splitPriceLineKey } from '@ouvrage/domain';
import { refreshPriceReferences } from '../../apps/api/src/modules/price-references';
import { DEFAULT_VOLUME_URL, ensureVolumeDatabase } from '../volume/seed';
import { median } from './lib/stats';
import { volumeApp } from './lib/volume-app';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '101' } } });
const RUNS = Number(args.runs);
const JWT_SECRET = 'bench-price-references-secret-0123456789abcdef01234567';
const SIDES = [
  {
    name: '1 M lignes',
    url: process.env.VOLUME_PRICES_URL ?? DEFAULT_VOLUME_URL.replace(/ouvrage_volume$/, 'ouvrage_volume_prices'),
    projects: 100_000,
    lines: 1_000_000,
  },
  {
    name: '100 k lignes',
    url: process.env.VOLUME_PRICES_SMALL_URL ?? DEFAULT_VOLUME_URL.replace(/ouvrage_volume$/, 'ouvrage_volume_prices_100k'),
    projects: 10_000,
    lines: 100_000,
  },
];

async function seeded(side: (typeof SIDES)[number]): Promise<DatabaseHandle> {
  await ensureVolumeDatabase(side.url, side.projects, false, { quoteLines: side.lines, messages: 0 });
  let handle = await createDatabase({ url: side.url });
  const [{ n }] = await handle.query<{ n: number }>('SELECT count(*)::int AS n FROM quote_lines');
  if (Math.abs(n - side.lines) > side.lines * 0.05) {
    await handle.close();
    await ensureVolumeDatabase(side.url, side.projects, true, { quoteLines: side.lines, messages: 0 });
    handle = await createDatabase({ url: side.url });
  }
  await migrate(handle);
  // From nothing: every sent quote to collect, no contribution, no figure, no run.
  await handle.execScript(`
    TRUNCATE price_references, price_contributions, price_reference_dirty_keys, price_reference_runs, price_reference_pending;
    INSERT INTO price_reference_pending (quote_id) SELECT id FROM quotes WHERE status <> 'Brouillon';
    ANALYZE quotes; ANALYZE quote_lines;`);
  return handle;
}

async function measure(side: (typeof SIDES)[number]) {
  const handle = await seeded(side);
  const { app, tokenOf } = await volumeApp(handle, side.url, JWT_SECRET);
  const [{ lines }] = await handle.query<{ lines: number }>(
    `SELECT count(*)::int AS lines FROM quote_lines l JOIN quotes q ON q.id = l.quote_id WHERE q.status NOT IN ('Brouillon', 'Annulé', 'Remplacé')`,
  );
  const full = await refreshPriceReferences(app.deps);
  console.log(`${side.name} : calcul complet en ${(full.durationMs / 1000).toFixed(1)} s`);
  await handle.execScript('ANALYZE price_references; ANALYZE price_contributions;');

  // The next refresh after one quote was accepted: its lines only.
  const [changed] = await handle.query<{ id: number }>(`SELECT id FROM quotes WHERE status = 'Envoyé' ORDER BY id LIMIT 1`);
  await handle.query(`UPDATE quotes SET status = 'Accepté' WHERE id = $1`, [changed!.id]);
  const incremental = await refreshPriceReferences(app.deps);

  // The lookup: 30 common lines of the busiest département, on a quote of that département.
  const [busiest] = await handle.query<{ departement: string }>(`SELECT departement FROM price_contributions GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
  const keys = await handle.query<{ line_key: string }>(
    `SELECT line_key FROM price_contributions WHERE departement = $1 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 30`,
    [busiest!.departement],
  );
  const [quote] = await handle.query<{ id: number; issuer_id: number }>(
    `SELECT q.id, q.issuer_id FROM quotes q JOIN projects p ON p.id = q.project_id JOIN users u ON u.id = q.issuer_id AND u.is_validate = 'Validé' AND u.anonymized_at IS NULL
     WHERE p.departement = $1 ORDER BY q.id LIMIT 1`,
    [busiest!.departement],
  );
  const token = await tokenOf(quote!.issuer_id);
  const body = {
    lines: keys.map((k) => ({
      lot: splitPriceLineKey(k.line_key).lot,
      designation: splitPriceLineKey(k.line_key).label,
      unit: splitPriceLineKey(k.line_key).unit,
    })),
  };
  const lookup = async () => {
    const t = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/devis/${quote!.id}/prix-de-reference`,
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return { ms: performance.now() - t, found: (res.json().data.lines as unknown[]).filter(Boolean).length };
  };
  for (let i = 0; i < 5; i += 1) await lookup();
  const plan = await handle.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN SELECT * FROM price_references WHERE line_key = ANY($1) AND published AND period IN ('12m', '36m')
       AND ((zone_level = 'departement' AND zone_code = $2) OR (zone_level = 'region' AND zone_code = $3) OR zone_level = 'france')`,
    [keys.map((k) => k.line_key), busiest!.departement, 'x'],
  );
  const [cells] = await handle.query<{ n: number; published: number; contributions: number }>(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE published)::int AS published, (SELECT count(*)::int FROM price_contributions) AS contributions FROM price_references`,
  );
  return {
    app,
    handle,
    lines,
    full,
    incremental,
    lookup,
    plan: plan.map((p) => p['QUERY PLAN']).join('\n    '),
    cells: cells!,
    departement: busiest!.departement,
  };
}

const large = await measure(SIDES[0]!);
const small = await measure(SIDES[1]!);
for (const [side, m] of [
  [SIDES[0]!, large],
  [SIDES[1]!, small],
] as const) {
  console.log(
    `${side.name} : ${m.lines.toLocaleString('fr-FR')} lignes de devis envoyés → ${m.cells.contributions.toLocaleString('fr-FR')} contributions, ${m.cells.n.toLocaleString('fr-FR')} cellules dont ${m.cells.published.toLocaleString('fr-FR')} publiées`,
  );
  console.log(
    `  calcul complet : ${(m.full.durationMs / 1000).toFixed(1)} s (${m.full.quotesCollected.toLocaleString('fr-FR')} devis, ${m.full.keysRefreshed} lignes normalisées)`,
  );
  console.log(`  calcul du lendemain, un devis changé : ${(m.incremental.durationMs / 1000).toFixed(2)} s (${m.incremental.keysRefreshed} lignes recalculées)`);
}

// The lookups, the two sides taking turns on every round.
const rounds: Array<{ large: number; small: number }> = [];
let found = 0;
for (let i = 0; i < RUNS; i += 1) {
  const a = await large.lookup();
  const b = await small.lookup();
  found = a.found;
  rounds.push({ large: a.ms, small: b.ms });
}
const lookupRatio = median(rounds.map((r) => r.large / r.small));
const refreshRatio = large.full.durationMs / small.full.durationMs;
console.log(
  `\nRecherche de 30 lignes (département ${large.departement}, ${found} avec une référence) : ${median(rounds.map((r) => r.large)).toFixed(2)} ms contre ${median(rounds.map((r) => r.small)).toFixed(2)} ms, ratio ${lookupRatio.toFixed(2)} (cible ≤ 1,3)`,
);
console.log(`  plan (1 M lignes) :\n    ${large.plan}`);
console.log(`Calcul complet, 10× les lignes : ratio ${refreshRatio.toFixed(1)} (cible ≤ 15, linéaire)`);
const ok = lookupRatio <= 1.3 && refreshRatio <= 15 && /price_references_pkey/.test(large.plan) && large.full.durationMs < 30 * 60_000;
console.log(ok ? 'OK' : 'HORS CIBLE');
for (const m of [large, small]) {
  await m.app.close();
  await m.handle.close();
}
process.exit(ok ? 0 : 1);
