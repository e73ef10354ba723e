import { useMutation } from '@tanstack/react-query';
import type { RegistryCompany } from '@ouvrage/contracts';
import { api } from '../../../lib/api-client';

export interface CompanyLookup {
  found: boolean;
  company: RegistryCompany | null;
}

/** Company registry lookup by SIRET (`api/company-lookup`, public). */
export function lookupCompany(siret: string) {
  return api.get<CompanyLookup>(`api/company-lookup?siret=${encodeURIComponent(siret)}`, { anonymous: true });
}

export interface SignUpBody {
  siret: string;
  raison_sociale: string;
  forme_juridique?: string | null;
  naf_code?: string | null;
  head_office_address?: string | null;
  head_office_postcode?: string | null;
  head_office_city?: string | null;
  head_office_citycode?: string | null;
  profession_id: number | null;
  service_ids: number[];
  civility?: 'M.' | 'Mme' | null;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  password: string;
  password_confirmation: string;
  accept_terms: boolean;
}

export function useCreateProfessionalAccount() {
  return useMutation({
    mutationFn: (body: SignUpBody) =>
      api.post<{ email: string; user_type: string; is_validate: string; message: string }>('api/create-professionnel-account', body, { anonymous: true }),
  });
}
