import { useQuery } from '@tanstack/react-query';
import type { TenderClientContact, ProfessionalTender } from '@ouvrage/contracts';
import { api } from '../../../lib/api-client';
import type { Page } from './professional-tenders';

export interface AcceptedProject {
  tender_id: number;
  accepted_at: string | null;
  project: ProfessionalTender['project'];
  client: TenderClientContact;
}

export interface ProfessionalClient {
  client_id: number;
  civility: string;
  firstname: string;
  lastname: string;
  company_name: string | null;
  email: string;
  phone: string;
  ville: string;
  last_accepted_at: string | null;
  projects: Array<{ id: number; category_name: string; bien_name: string; ville: string; state: string }>;
}

/** `GET api/professionnel/mes-projets/{id}`: projects the professional accepted. */
/** `GET api/professionnel/mes-projets/{id}`: the projects whose tender the professional accepted. */
export function myProjectsQuery(userId: number, { page, per_page }: { page: number; per_page: number }) {
  return {
    queryKey: ['tenders', 'projects', userId, page, per_page] as const,
    queryFn: () => api.get<Page<AcceptedProject>>(`api/professionnel/mes-projets/${userId}?page=${page}&per_page=${per_page}`),
  };
}

export function useMyProjects(userId: number, page: number, perPage = 10, enabled = true) {
  return useQuery({ ...myProjectsQuery(userId, { page, per_page: perPage }), enabled: enabled && userId > 0 });
}

/** `GET api/professionnel/list-user-Pro/{id}`: the professional's clients. */
export function myClientsQuery(userId: number, { page, per_page }: { page: number; per_page: number }) {
  return {
    queryKey: ['tenders', 'clients', userId, page, per_page] as const,
    queryFn: () => api.get<Page<ProfessionalClient>>(`api/professionnel/list-user-Pro/${userId}?page=${page}&per_page=${per_page}`),
  };
}
