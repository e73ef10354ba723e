import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { activityRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

/**
 * `GET /api/project/activite/{id}?limit=`: the newest `limit` entries of the project's timeline.
 * Under `['projects', …]` so that whatever refreshes the project (a detail added, a state changed)
 * refreshes its timeline too; the previous page stays on screen while « voir plus » loads.
 */
export function useProjectActivity(projectId: number, limit: number) {
  return useQuery({
    queryKey: ['projects', 'activity', projectId, limit] as const,
    queryFn: () => callEndpoint(activityRoutes.projectActivity, { params: { id: projectId }, query: { limit } }),
    placeholderData: keepPreviousData,
  });
}
