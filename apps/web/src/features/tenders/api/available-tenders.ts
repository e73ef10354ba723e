import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { tenderLines, type DataUser, type NotificationSnapshot } from '@ouvrage/contracts';
import { isProfessional, isValidated } from '@ouvrage/domain';
import { apiCall } from '../../../lib/api-client';
import { subscribeLiveEvents } from '../../../lib/live-events';

export function canReceiveTenders(user: DataUser | null): user is DataUser {
  return !!user && (user.user_type === 'admin' || (isProfessional(user.user_type) && isValidated(user)));
}

/**
 * The bell's count as the API answers it (`GET api/notifications/stream` without the event-stream
 * header): the admin's counts every tender awaiting an answer, a professional's their own
 * (decision 0967: the count and the next deadline, not the tenders themselves).
 */
export function bellSnapshotQuery(user: DataUser) {
  return {
    queryKey: ['tenders', 'bell', user.id] as const,
    // Not a JSON endpoint (the same route streams events on request): its line, not a contract.
    queryFn: () => apiCall<NotificationSnapshot>(tenderLines.stream.method, tenderLines.stream.path),
  };
}

/**
 * How long to wait before asking the badge again once its first deadline passes: a second after
 * it, at least 5 s (a browser clock ahead of the server's must not refetch in a loop), at most what
 * `setTimeout` accepts.
 */
export function deadlineRefetchDelay(deadline: number, now: number): number {
  return Math.min(Math.max(deadline - now + 1000, 5000), 2_147_000_000);
}

/**
 * Keep every tender query fresh while the user is logged in: server-sent events say when a tender
 * is sent, answered, closed, withdrawn or expired; a timer also refetches when the nearest
 * deadline passes (the tender turns « Expirée » on read, even before the server's sweep).
 */
function useLiveTenders(user: DataUser | null, nextDeadlineIso: string | null | undefined) {
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

  const nextDeadline = nextDeadlineIso ? new Date(nextDeadlineIso).getTime() : undefined;
  useEffect(() => {
    if (!nextDeadline) return undefined;
    const wait = deadlineRefetchDelay(nextDeadline, Date.now());
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['tenders'] }), wait);
    return () => clearTimeout(timer);
  }, [nextDeadline, queryClient]);
}

/** The bell's count: tenders with status "Disponible" and validation "1" (spec §4). Starts at 0. */
export function useAvailableTenderCount(user: DataUser | null): number {
  const query = useQuery({
    ...bellSnapshotQuery(user ?? ({ id: 0, user_type: 'client' } as DataUser)),
    enabled: canReceiveTenders(user),
  });
  useLiveTenders(user, query.data?.next_deadline);
  return query.data?.available_tenders ?? 0;
}
