import type { RegistryCompany } from '@ouvrage/contracts';
import { legalFormLabel, normalizeNafCode, sirenOf, tvaNumberFor } from '@ouvrage/domain';
import type { RegistryEstablishment, RegistrySearchAnswer } from './types';

/** "12 RUE PAUL BERT 69003 LYON" → "12 RUE PAUL BERT" when postcode and city end the line. */
function streetOf(establishment: RegistryEstablishment): string | null {
  const full = establishment.adresse?.trim();
  if (!full) return null;
  const postcode = establishment.code_postal;
  if (postcode) {
    const at = full.lastIndexOf(postcode);
    if (at > 0) return full.slice(0, at).trim().replace(/,$/, '') || full;
  }
  return full;
}

/**
 * Find the SIRET among the answer's results (head office or matching establishment) and map it.
 * The company is active when both the legal unit and the establishment are "A" (actif).
 */
export function companyFromAnswer(answer: RegistrySearchAnswer, siret: string): RegistryCompany | null {
  const siren = sirenOf(siret);
  for (const result of answer.results ?? []) {
    if (result.siren !== siren) continue;
    const establishment = result.siege?.siret === siret ? result.siege : ((result.matching_etablissements ?? []).find((e) => e.siret === siret) ?? null);
    if (!establishment) continue;
    const unitState = result.etat_administratif === 'F' ? 'F' : 'A';
    const establishmentState = establishment.etat_administratif === 'F' ? 'F' : 'A';
    const state = unitState === 'F' || establishmentState === 'F' ? 'F' : 'A';
    const head = result.siege ?? establishment;
    return {
      siret,
      siren,
      raison_sociale: (result.nom_raison_sociale || result.nom_complet || '').trim(),
      nature_juridique_code: result.nature_juridique ?? null,
      forme_juridique: legalFormLabel(result.nature_juridique),
      naf_code: result.activite_principale ? normalizeNafCode(result.activite_principale) : null,
      head_office_address: streetOf(head),
      head_office_postcode: head.code_postal ?? null,
      head_office_city: head.libelle_commune ?? null,
      head_office_citycode: head.commune ?? null,
      etat_administratif: state,
      active: state === 'A',
      tva_number: tvaNumberFor(siren),
    };
  }
  return null;
}
