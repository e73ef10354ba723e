/** A client's request (spec §3) checked and turned into columns: the domain's rules, then what only the server knows. */
import type { ProjectRow } from '@ouvrage/db';
import {
  budgetRange,
  departementOfCityCode,
  normalizeDigits,
  normalizePhone,
  searchNormalize,
  validateProjectRequest,
  type ProjectRequest,
} from '@ouvrage/domain';
import { findCommune, postcodeBelongsToCommune } from '@ouvrage/geo';
import type { AppDeps } from '../../lib/deps';
import { invalid } from '../../lib/errors';
import * as repo from './repository';

export function searchTextOf(p: Pick<ProjectRow, 'lastname' | 'firstname' | 'email' | 'companyName' | 'city' | 'postcode' | 'departement'>): string {
  return searchNormalize([p.lastname, p.firstname, p.email, p.companyName ?? '', p.city, p.postcode, p.departement].join(' '))
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Search words as the index stores them: lowercase, unaccented, letters and digits. */
export function searchTerms(q: string): string[] {
  return searchNormalize(q)
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    .slice(0, 8);
}

export function toRequest(p: ProjectRow): ProjectRequest {
  return {
    support: p.support,
    projet: p.categoryId,
    bien: p.bienId,
    street: p.street,
    codePostale: p.postcode,
    ville: p.city,
    cityCode: p.cityCode,
    showAdresse: p.showAddress,
    surface: p.surface,
    surfaceTravaux: p.worksSurface,
    valueBien: p.propertyValueCents,
    budget: p.budget,
    times: p.times,
    delai: p.delai,
    proprio: p.proprio,
    description: p.description,
    accompagnement: p.accompagnement,
    besoinAccompagnement: p.besoinAccompagnement,
    typeClient: p.typeClient,
    companyName: p.companyName,
    siret: p.siret,
    civility: p.civility,
    lastname: p.lastname,
    firstname: p.firstname,
    email: p.email,
    phone: p.phone,
    country: p.country,
  };
}

/**
 * Everything the database needs from a checked request: the rules of the domain, then what only
 * the server knows (the category and good exist and go together, the postcode is the commune's).
 */
export async function columnsOf(deps: AppDeps, r: RequestWithCoordinates, db: Parameters<typeof repo.findCategoryAndBien>[0] = deps.db) {
  const errors: Record<string, string> = { ...(validateProjectRequest(r) as Record<string, string>) };
  const { category, bien } = await repo.findCategoryAndBien(db, r.projet, r.bien);
  if (!category || !category.active) errors.projet = "Cette catégorie de projet n'est pas disponible.";
  else if (!bien || !bien.active) errors.bien = "Ce type de bien n'est pas disponible.";
  else if (!(await repo.categoryHasBien(db, category.id, bien.id))) errors.bien = 'Ce type de bien ne correspond pas à la catégorie choisie.';
  const cityCode = r.cityCode.trim().toUpperCase();
  const commune = findCommune(cityCode);
  if (!errors.cityCode && !commune) errors.cityCode = 'Cette commune est introuvable.';
  else if (!errors.codePostale && commune && !postcodeBelongsToCommune(r.codePostale.trim(), cityCode)) {
    errors.codePostale = `Le code postal ${r.codePostale.trim()} ne correspond pas à la commune ${commune.nom}.`;
  }
  if (Object.keys(errors).length) throw invalid(errors);
  const range = budgetRange(r.budget)!;
  const hasCoordinates = typeof r.latitude === 'number' && typeof r.longitude === 'number';
  const row = {
    support: r.support,
    categoryId: r.projet,
    bienId: r.bien,
    street: r.street.trim(),
    postcode: r.codePostale.trim(),
    city: r.ville.trim(),
    cityCode,
    departement: commune?.departement ?? departementOfCityCode(cityCode),
    latitude: hasCoordinates ? (r.latitude as number) : (commune?.lat ?? null),
    longitude: hasCoordinates ? (r.longitude as number) : (commune?.lon ?? null),
    showAddress: r.showAdresse,
    surface: r.surface,
    worksSurface: r.surfaceTravaux,
    propertyValueCents: r.valueBien,
    budget: range.key,
    budgetMinCents: range.min,
    budgetMaxCents: range.max,
    times: r.times,
    delai: r.delai,
    proprio: r.proprio,
    description: r.description.trim(),
    accompagnement: r.accompagnement,
    besoinAccompagnement: r.accompagnement ? r.besoinAccompagnement : null,
    typeClient: r.typeClient,
    companyName: r.typeClient === 'entreprise' ? (r.companyName?.trim() ?? null) : null,
    siret: r.typeClient === 'entreprise' && r.siret ? normalizeDigits(r.siret) : null,
    civility: r.civility,
    lastname: r.lastname.trim(),
    firstname: r.firstname.trim(),
    email: r.email.trim().toLowerCase(),
    phone: normalizePhone(r.phone),
    country: r.country.trim(),
  };
  return { ...row, searchText: searchTextOf(row) };
}

export type RequestWithCoordinates = ProjectRequest & { latitude?: number | null; longitude?: number | null };

export const FIELD_LABELS: Partial<Record<keyof ProjectRequest, string>> = {
  support: 'accompagnement souhaité',
  projet: 'catégorie',
  bien: 'type de bien',
  street: 'adresse',
  codePostale: 'code postal',
  ville: 'commune',
  showAdresse: "affichage de l'adresse",
  surface: 'surface',
  surfaceTravaux: 'surface des travaux',
  valueBien: 'valeur du bien',
  budget: 'budget',
  times: 'début des travaux',
  delai: 'délai',
  proprio: 'statut',
  description: 'description',
  accompagnement: 'accompagnement',
  besoinAccompagnement: "type d'accompagnement",
  companyName: 'raison sociale',
  siret: 'SIRET',
  civility: 'civilité',
  lastname: 'nom',
  firstname: 'prénom',
  phone: 'téléphone',
  country: 'pays',
};
