import type { RegistryCompany } from '@ouvrage/contracts';

/** Company registry (API Recherche d'entreprises): look a company up by SIRET. */
export interface CompanyRegistry {
  /** The company and establishment of a SIRET, or null when the registry does not know it. Throws RegistryUnavailableError. */
  lookupSiret(siret: string): Promise<RegistryCompany | null>;
}

export class RegistryUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegistryUnavailableError';
  }
}

/** The parts of an API Recherche d'entreprises answer we read (`GET /search?q=`). */
export interface RegistryEstablishment {
  siret: string;
  adresse?: string | null;
  code_postal?: string | null;
  libelle_commune?: string | null;
  commune?: string | null;
  etat_administratif?: string | null;
  est_siege?: boolean;
}

export interface RegistryResult {
  siren: string;
  nom_complet?: string | null;
  nom_raison_sociale?: string | null;
  nature_juridique?: string | null;
  activite_principale?: string | null;
  etat_administratif?: string | null;
  siege?: RegistryEstablishment | null;
  matching_etablissements?: RegistryEstablishment[] | null;
}

export interface RegistrySearchAnswer {
  results: RegistryResult[];
  total_results?: number;
  page?: number;
  per_page?: number;
  total_pages?: number;
}
