import { findCommune, findDepartement } from '@ouvrage/geo';
import type { InterventionZoneRow } from '@ouvrage/db';
import type { ZoneBody, ZoneView } from '@ouvrage/contracts';
import type { AppDeps } from '../../lib/deps';
import { invalid, notFound, refuse } from '../../lib/errors';
import { requireProfessional } from './profile';
import * as repo from './repository';

/** Enough to cover France by départements (101) with room for communes. */
export const MAX_ZONES = 150;

export function zoneView(row: InterventionZoneRow): ZoneView {
  const departementName = findDepartement(row.departementCode)?.nom ?? null;
  const label =
    row.kind === 'departement'
      ? `${departementName ?? 'Département'} (${row.departementCode})`
      : `${row.communeName ?? row.communeInsee} (${row.departementCode})${row.radiusKm ? ` + ${row.radiusKm} km` : ''}`;
  return {
    id: row.id,
    kind: row.kind === 'commune' ? 'commune' : 'departement',
    departement_code: row.departementCode,
    departement_name: departementName,
    commune_insee: row.communeInsee,
    commune_name: row.communeName,
    radius_km: row.radiusKm,
    label,
  };
}

/** Check a zone against the offline communes dataset and turn it into column values. */
function zoneValues(body: ZoneBody) {
  if (body.kind === 'departement') {
    const dep = findDepartement(body.departement_code);
    if (!dep) throw invalid({ departement_code: `Le département « ${body.departement_code} » n'existe pas.` }, "Ce département n'existe pas.");
    return { kind: 'departement', departementCode: dep.code, communeInsee: null, communeName: null, latitude: null, longitude: null, radiusKm: null };
  }
  const commune = findCommune(body.commune_insee);
  if (!commune) throw invalid({ commune_insee: `Aucune commune n'a le code INSEE « ${body.commune_insee} ».` }, "Cette commune n'existe pas.");
  return {
    kind: 'commune',
    departementCode: commune.departement,
    communeInsee: commune.code,
    communeName: commune.nom,
    latitude: commune.lat,
    longitude: commune.lon,
    radiusKm: body.radius_km,
  };
}

function duplicate(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
const DUPLICATE_MESSAGE = 'Cette zone figure déjà dans vos zones d’intervention.';

export async function listZones(deps: AppDeps, userId: number): Promise<ZoneView[]> {
  await requireProfessional(deps.db, userId);
  return (await repo.zonesOf(deps.db, userId)).map(zoneView);
}

export async function storeZone(deps: AppDeps, userId: number, body: ZoneBody): Promise<ZoneView> {
  const values = zoneValues(body);
  try {
    return await deps.db.transaction(async (tx) => {
      await requireProfessional(tx, userId);
      await repo.lockCompany(tx, userId);
      if ((await repo.countZones(tx, userId)) >= MAX_ZONES)
        throw refuse('ZONES_LIMIT', `Vous avez atteint le maximum de ${MAX_ZONES} zones.`, { max: MAX_ZONES });
      return zoneView(await repo.insertZone(tx, { ...values, userId }));
    });
  } catch (error) {
    if (duplicate(error)) throw refuse('ZONE_DUPLICATE', DUPLICATE_MESSAGE);
    throw error;
  }
}

export async function updateZone(deps: AppDeps, zoneId: number, body: ZoneBody): Promise<ZoneView> {
  const values = zoneValues(body);
  try {
    return await deps.db.transaction(async (tx) => {
      const existing = await repo.findZone(tx, zoneId);
      if (!existing) throw notFound('Zone introuvable.');
      return zoneView(await repo.updateZone(tx, zoneId, values));
    });
  } catch (error) {
    if (duplicate(error)) throw refuse('ZONE_DUPLICATE', DUPLICATE_MESSAGE);
    throw error;
  }
}

export async function deleteZone(deps: AppDeps, zoneId: number): Promise<void> {
  if (!(await repo.deleteZone(deps.db, zoneId))) throw notFound('Zone introuvable.');
}
