import { useMutation } from '@tanstack/react-query';
import { professionalRoutes, type EndpointBody, type EndpointData, type RouteEndpoint } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

export type CompanyLookup = EndpointData<RouteEndpoint<typeof professionalRoutes.companyLookup>>;

/** Company registry lookup by SIRET (`api/company-lookup`, public). */
export function lookupCompany(siret: string) {
  return callEndpoint(professionalRoutes.companyLookup, { query: { siret } });
}

/** The form's values: the server's schema checks them (a trade not chosen yet is `null` here). */
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
      callEndpoint(professionalRoutes.createProfessionalAccount, {
        body: body as EndpointBody<RouteEndpoint<typeof professionalRoutes.createProfessionalAccount>>,
      }),
  });
}
