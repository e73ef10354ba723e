import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

/** Which jobs the admin looks at: dead ones (by default), those waiting for a retry, or all. */
export const JOB_VIEWS = ['dead', 'failed', 'all'] as const;
export type JobView = (typeof JOB_VIEWS)[number];

/** `GET api/admin/jobs`. */
export function adminJobsQuery({ view, page }: { view: JobView; page: number }) {
  const filter = view === 'dead' ? { status: 'dead' as const } : view === 'failed' ? { failed: 'true' as const } : {};
  return { queryKey: ['jobs', view, page], queryFn: () => callEndpoint(jobRoutes.listJobs, { query: { page, per_page: 20, ...filter } }) };
}

/** `POST api/admin/jobs/{id}/retry`: a dead job back in the queue. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(jobRoutes.retryJob, { params: { id } }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['jobs'] }), queryClient.invalidateQueries({ queryKey: ['outbox'] })]),
  });
}
