import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminJob } from '@ouvrage/contracts';
import { api } from '../../../lib/api-client';
import type { Page } from './outbox';

/** Which jobs the admin looks at: dead ones (by default), those waiting for a retry, or all. */
export const JOB_VIEWS = ['dead', 'failed', 'all'] as const;
export type JobView = (typeof JOB_VIEWS)[number];

/** `GET api/admin/jobs`. */
export function adminJobsQuery({ view, page }: { view: JobView; page: number }) {
  const filter = view === 'dead' ? '&status=dead' : view === 'failed' ? '&failed=true' : '';
  return { queryKey: ['jobs', view, page], queryFn: () => api.get<Page<AdminJob>>(`api/admin/jobs?page=${page}&per_page=20${filter}`) };
}

/** `POST api/admin/jobs/{id}/retry`: a dead job back in the queue. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<AdminJob>(`api/admin/jobs/${id}/retry`),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['jobs'] }), queryClient.invalidateQueries({ queryKey: ['outbox'] })]),
  });
}
