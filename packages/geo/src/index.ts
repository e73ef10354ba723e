import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A French commune (or municipal arrondissement) from the offline dataset. */
export interface Commune {
  code: string; // INSEE code
  nom: string;
  departement: string;
  codesPostaux: string[];
  population: number;
  lat: number | null;
  lon: number | null;
  /** Coordinates estimated from neighbouring communes or the département, not measured. */
  approx: boolean;
}

export interface Departement {
  code: string;
  nom: string;
}

interface Dataset {
  communes: Commune[];
  byCode: Map<string, Commune>;
  byPostcode: Map<string, Commune[]>;
  searchKeys: string[];
  departements: Departement[];
}

let dataset: Dataset | undefined;

export function normalizeName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\bst\b/g, 'saint')
    .replace(/\bste\b/g, 'sainte')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Loaded on first use (about 2 MB), then kept in memory. */
function load(): Dataset {
  if (dataset) return dataset;
  const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'communes.json');
  const raw = JSON.parse(readFileSync(file, 'utf8')) as {
    departements: [string, string][];
    communes: [string, string, string, string[], number, number | null, number | null, number][];
  };
  const communes = raw.communes.map(([code, nom, departement, codesPostaux, population, lat, lon, approx]) => ({
    code,
    nom,
    departement,
    codesPostaux,
    population,
    lat,
    lon,
    approx: approx === 1,
  }));
  const byCode = new Map(communes.map((c) => [c.code, c]));
  const byPostcode = new Map<string, Commune[]>();
  for (const c of communes) {
    for (const cp of c.codesPostaux) byPostcode.set(cp, [...(byPostcode.get(cp) ?? []), c]);
  }
  dataset = {
    communes,
    byCode,
    byPostcode,
    searchKeys: communes.map((c) => normalizeName(c.nom)),
    departements: raw.departements.map(([code, nom]) => ({ code, nom })),
  };
  return dataset;
}

export function findCommune(code: string): Commune | undefined {
  return load().byCode.get(code);
}

export function communesByPostcode(postcode: string): Commune[] {
  return load().byPostcode.get(postcode) ?? [];
}

/** Whether a postcode belongs to the commune with this INSEE code. */
export function postcodeBelongsToCommune(postcode: string, inseeCode: string): boolean {
  return findCommune(inseeCode)?.codesPostaux.includes(postcode) ?? false;
}

export function departements(): Departement[] {
  return load().departements;
}

export function findDepartement(code: string): Departement | undefined {
  return load().departements.find((d) => d.code === code);
}

/** The département of a postcode or INSEE code: 2A/2B for Corsica, 97x overseas. */
export function departementOfCommune(inseeCode: string): string | undefined {
  return findCommune(inseeCode)?.departement;
}

/**
 * Search communes by postcode (or its start), INSEE code, or name (start of a word first,
 * then larger communes first). Returns at most `limit`.
 */
export function searchCommunes(query: string, limit = 10): Commune[] {
  const { communes, byCode, byPostcode, searchKeys } = load();
  const q = query.trim();
  if (!q) return [];
  if (/^\d{5}$/.test(q) || /^2[AB]\d{3}$/i.test(q)) {
    const byCp = byPostcode.get(q) ?? [];
    const exact = byCode.get(q.toUpperCase());
    return [...byCp, ...(exact && !byCp.includes(exact) ? [exact] : [])].slice(0, limit);
  }
  if (/^\d{2,4}$/.test(q)) {
    return communes
      .filter((c) => c.codesPostaux.some((cp) => cp.startsWith(q)))
      .sort((a, b) => b.population - a.population)
      .slice(0, limit);
  }
  const needle = normalizeName(q);
  if (needle.length < 2) return [];
  const scored: Array<{ c: Commune; score: number }> = [];
  for (let i = 0; i < communes.length; i++) {
    const key = searchKeys[i];
    let score = -1;
    if (key === needle) score = 3;
    else if (key.startsWith(needle)) score = 2;
    else if (key.includes(` ${needle}`)) score = 1;
    if (score >= 0) scored.push({ c: communes[i], score });
  }
  return scored
    .sort((a, b) => b.score - a.score || b.c.population - a.c.population)
    .slice(0, limit)
    .map((s) => s.c);
}

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const toRad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = toRad(b.lat - a.lat);
  const dLon = toRad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distance between two communes by INSEE code, or undefined when one is unknown. */
export function distanceBetweenCommunes(codeA: string, codeB: string): number | undefined {
  const a = findCommune(codeA);
  const b = findCommune(codeB);
  if (a?.lat == null || a.lon == null || b?.lat == null || b.lon == null) return undefined;
  return distanceKm({ lat: a.lat, lon: a.lon }, { lat: b.lat, lon: b.lon });
}
export * from './regions';
