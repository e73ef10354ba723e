import type { RegistryCompany } from '@ouvrage/contracts';
import { sirenOf } from '@ouvrage/domain';
import { companyFromAnswer } from './parse';
import type { CompanyRegistry, RegistryResult, RegistrySearchAnswer } from './types';

function company(
  siret: string,
  name: string,
  nature: string,
  naf: string,
  street: string,
  postcode: string,
  city: string,
  insee: string,
  state: 'A' | 'F' = 'A',
): RegistryResult {
  return {
    siren: sirenOf(siret),
    nom_complet: name,
    nom_raison_sociale: name,
    nature_juridique: nature,
    activite_principale: naf,
    etat_administratif: state,
    siege: {
      siret,
      adresse: `${street} ${postcode} ${city.toUpperCase()}`,
      code_postal: postcode,
      libelle_commune: city.toUpperCase(),
      commune: insee,
      etat_administratif: state,
      est_siege: true,
    },
    matching_etablissements: [],
  };
}

/**
 * Fixed companies of the offline registry, in the API Recherche d'entreprises shape.
 * The first four are the demo professionals; 79012345900014 is a closed company (état "F").
 */
export const FAKE_REGISTRY: RegistryResult[] = [
  company('81234567600017', 'BENALI PLOMBERIE', '5499', '43.22A', '12 RUE PAUL BERT', '69003', 'Lyon', '69383'),
  company('82345678500018', 'ATELIER LEFEVRE ARCHITECTURE', '5499', '71.11Z', '8 RUE DE CHARONNE', '75011', 'Paris', '75111'),
  company('83456789300013', 'MOREAU LEA', '1000', '71.12B', "3 COURS DE L'INTENDANCE", '33000', 'Bordeaux', '33063'),
  company('84567890300012', 'PETIT RENOVATION', '5710', '43.99C', '5 PLACE DU COMMERCE', '44000', 'Nantes', '44109'),
  company('85678901100017', 'DURAND MACONNERIE', '5499', '43.99C', '27 AVENUE JEAN JAURES', '31000', 'Toulouse', '31555'),
  company('88123456100010', 'LUMIERE ELEC', '5720', '43.21A', '4 RUE NATIONALE', '59000', 'Lille', '59350'),
  company('79012345900014', 'ANCIENNE CHARPENTE DUPONT', '5499', '43.91A', '2 CHEMIN DES BOIS', '21000', 'Dijon', '21231', 'F'),
];

/** The answer the real API would give for `q={siret}` over the fixtures. */
export function fakeSearchAnswer(query: string): RegistrySearchAnswer {
  const q = query.replace(/\s/g, '');
  const results = FAKE_REGISTRY.filter((r) => r.siege?.siret === q || r.siren === q);
  return { results, total_results: results.length, page: 1, per_page: 10, total_pages: results.length ? 1 : 0 };
}

/** Offline registry: the fixed companies above; any other SIRET is "not found" (fields typed by hand). */
export class FakeCompanyRegistry implements CompanyRegistry {
  async lookupSiret(siret: string): Promise<RegistryCompany | null> {
    return companyFromAnswer(fakeSearchAnswer(siret), siret);
  }
}
