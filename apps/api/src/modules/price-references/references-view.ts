import type { LotPlacement, PriceReference, PriceReferenceLookup, PriceReferenceLookupBody, ProjectPriceComparison } from '@ouvrage/contracts';
import { compareWithReferences } from '@ouvrage/domain';
import { findDepartement, findRegion } from '@ouvrage/geo';
import type { Executor } from '@ouvrage/db';
import type { AppDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { productNames } from '../products';
import { projectDepartements } from '../projects';
import { projectPricedQuotes, quoteProjectId } from '../quotes';
import { lineKeyOf, regionCodeOf } from './collect';
import * as repo from './repository';

/** Narrowest first: the département, its region, France over 12 months, then the same over 36. */
const ORDER = [
  ['12m', 'departement'],
  ['12m', 'region'],
  ['12m', 'france'],
  ['36m', 'departement'],
  ['36m', 'region'],
  ['36m', 'france'],
] as const;

const zoneName = (row: repo.ShownReferenceRow) =>
  row.zoneLevel === 'france'
    ? 'France'
    : row.zoneLevel === 'region'
      ? (findRegion(row.zoneCode)?.nom ?? row.zoneCode)
      : (findDepartement(row.zoneCode)?.nom ?? row.zoneCode);

function shown(row: repo.ShownReferenceRow): PriceReference {
  return {
    level: row.zoneLevel,
    zone_code: row.zoneCode,
    zone_name: zoneName(row),
    period: row.period as '12m' | '36m',
    unit: row.unit as PriceReference['unit'],
    median_cents: row.medianCents,
    q1_cents: row.q1Cents,
    q3_cents: row.q3Cents,
    quotes: row.quotes,
    computed_at: row.computedAt.toISOString(),
  };
}

/** For each key, the narrowest published figure serving the département (one statement). */
async function referencesByKey(db: Executor, keys: readonly string[], departement: string): Promise<Map<string, PriceReference>> {
  const unique = [...new Set(keys)];
  const rows = await repo.referencesFor(db, unique, departement, regionCodeOf(departement));
  const best = new Map<string, { rank: number; row: repo.ShownReferenceRow }>();
  for (const row of rows) {
    const rank = ORDER.findIndex(([period, level]) => period === row.period && level === row.zoneLevel);
    const current = best.get(row.lineKey);
    if (rank >= 0 && (!current || rank < current.rank)) best.set(row.lineKey, { rank, row });
  }
  return new Map([...best].map(([key, { row }]) => [key, shown(row)]));
}

/** The editor's lines (saved or not) with their references; none for an architect who opted out. */
export async function quoteLookup(deps: AppDeps, callerId: number, quoteId: number, body: PriceReferenceLookupBody): Promise<PriceReferenceLookup> {
  const projectId = await quoteProjectId(deps.db, quoteId);
  const departement = projectId === null ? undefined : (await projectDepartements(deps.db, [projectId])).get(projectId);
  if (!departement) throw notFound('Devis introuvable.');
  const lines = body.lines;
  if (await repo.optOutOf(deps.db, callerId)) return { opted_out: true, departement, lines: lines.map(() => null) };
  const names = await productNames(
    deps.db,
    lines.flatMap((l) => (l.product_id ? [l.product_id] : [])),
  );
  const keys = lines.map((l) =>
    lineKeyOf({ lot: l.lot ?? '', designation: l.designation ?? '', productName: l.product_id ? names.get(l.product_id) : null, unit: l.unit }),
  );
  const references = await referencesByKey(
    deps.db,
    keys.filter((k): k is string => k !== null),
    departement,
  );
  return { opted_out: false, departement, lines: keys.map((k) => (k ? (references.get(k) ?? null) : null)) };
}

const LEVEL_WIDTH = { departement: 0, region: 1, france: 2 } as const;

/** Each sent quote of a project, lot by lot, against the zone's references (no name, no other project). */
export async function projectComparison(deps: AppDeps, projectId: number): Promise<ProjectPriceComparison> {
  const departement = (await projectDepartements(deps.db, [projectId])).get(projectId);
  if (!departement) throw notFound('Projet introuvable.');
  const quotes = await projectPricedQuotes(deps.db, projectId);
  const names = await productNames(
    deps.db,
    quotes.flatMap((q) => q.lots.flatMap((l) => l.lines.flatMap((line) => (line.productId ? [line.productId] : [])))),
  );
  const keyed = quotes.map((q) => ({
    quoteId: q.quoteId,
    lots: q.lots.map((lot) => ({
      title: lot.title,
      lines: lot.lines.map((line) => ({
        ...line,
        key: lineKeyOf({ lot: lot.title, designation: line.designation, unit: line.unit, productName: line.productId ? names.get(line.productId) : null }),
      })),
    })),
  }));
  const references = await referencesByKey(
    deps.db,
    keyed.flatMap((q) => q.lots.flatMap((l) => l.lines.flatMap((line) => (line.key ? [line.key] : [])))),
    departement,
  );
  return {
    departement,
    quotes: keyed.map((q) => ({
      quote_id: q.quoteId,
      lots: q.lots.map((lot): LotPlacement => {
        const referenced = lot.lines.map((line) => ({ line, reference: line.key ? references.get(line.key) : undefined }));
        const sum = compareWithReferences(
          referenced.map(({ line, reference }) => ({
            netHtCents: line.netHtCents,
            quantityMilli: line.quantityMilli,
            reference: reference && { q1Cents: reference.q1_cents, medianCents: reference.median_cents, q3Cents: reference.q3_cents },
          })),
        );
        // The widest level among the lot's referenced lines: what its sentence names.
        const widest = referenced
          .flatMap(({ reference }) => (reference ? [reference] : []))
          .reduce<PriceReference | null>((w, r) => (!w || LEVEL_WIDTH[r.level] > LEVEL_WIDTH[w.level] ? r : w), null);
        return {
          lot_title: lot.title,
          priced_cents: sum.pricedCents,
          q1_cents: sum.q1Cents,
          median_cents: sum.medianCents,
          q3_cents: sum.q3Cents,
          referenced_lines: sum.referencedLines,
          lines: lot.lines.length,
          placement: sum.placement,
          level: widest?.level ?? null,
          zone_name: widest?.zone_name ?? null,
        };
      }),
    })),
  };
}
