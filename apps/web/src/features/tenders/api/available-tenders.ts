import { useQuery } from '@tanstack/react-query';
import type { DataUser, TenderSummary } from '@ouvrage/contracts';
import { isAvailableTender, isProfessional, isValidated } from '@ouvrage/domain';
import { api } from '../../../lib/api-client';

/** The admin reads every tender; a professional their own (DESIGN §5). */
export function tenderListPath(user: DataUser): string {
  return user.user_type === 'admin' ? 'api/admin/liste-offres' : `api/professionnel/liste-offres/${user.id}`;
}

export function canReceiveTenders(user: DataUser | null): user is DataUser {
  return !!user && (user.user_type === 'admin' || (isProfessional(user.user_type) && isValidated(user)));
}

export function tenderListQuery(user: DataUser) {
  return {
    queryKey: ['tenders', 'list', user.id] as const,
    queryFn: () => api.get<TenderSummary[]>(tenderListPath(user)),
  };
}

/** The bell's count: tenders with status "Disponible" and validation "1" (spec §4). Starts at 0. */
export function useAvailableTenderCount(user: DataUser | null): number {
  const query = useQuery({
    ...tenderListQuery(user ?? ({ id: 0, user_type: 'client' } as DataUser)),
    enabled: canReceiveTenders(user),
    select: (tenders) => tenders.filter(isAvailableTender).length,
  });
  return query.data ?? 0;
}
