import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataUser, TenderSummary } from '@ouvrage/contracts';
import { isAvailableTender, isProfessional, isValidated } from '@ouvrage/domain';
import { api } from '../../../lib/api-client';
import { subscribeLiveEvents } from '../../../lib/live-events';

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

/**
 * Keep every tender query fresh while the user is logged in: server-sent events say when a tender
 * is sent, answered, closed, withdrawn or expired; a timer also refetches when the nearest
 * deadline passes (the tender turns « Expirée » on read, even before the server's sweep).
 */
function useLiveTenders(user: DataUser | null, tenders: TenderSummary[] | undefined) {
  const queryClient = useQueryClient();
  const enabled = canReceiveTenders(user);
  const userId = user?.id;
  useEffect(() => {
    if (!enabled || userId === undefined) return undefined;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ['tenders'] });
    return subscribeLiveEvents(userId, {
      onEvent: (e) => {
        if (e.event === 'tenders') {
          refresh();
          void queryClient.invalidateQueries({ queryKey: ['projects'] });
        }
      },
      onOpen: refresh,
    });
  }, [enabled, userId, queryClient]);

  const nextDeadline = (tenders ?? [])
    .filter(isAvailableTender)
    .map((t) => new Date(t.reply_deadline).getTime())
    .filter((ms) => ms > Date.now())
    .sort((a, b) => a - b)[0];
  useEffect(() => {
    if (!nextDeadline) return undefined;
    const wait = Math.min(nextDeadline - Date.now() + 1000, 2_147_000_000);
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['tenders'] }), wait);
    return () => clearTimeout(timer);
  }, [nextDeadline, queryClient]);
}

/** The bell's count: tenders with status "Disponible" and validation "1" (spec §4). Starts at 0. */
export function useAvailableTenderCount(user: DataUser | null): number {
  const query = useQuery({
    ...tenderListQuery(user ?? ({ id: 0, user_type: 'client' } as DataUser)),
    enabled: canReceiveTenders(user),
  });
  useLiveTenders(user, query.data);
  return (query.data ?? []).filter(isAvailableTender).length;
}
