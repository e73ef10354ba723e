import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDashboardRoutes, projectRoutes, type ProjectBoard } from '@ouvrage/contracts';
import type { BoardOrder, ProjectStage } from '@ouvrage/domain';
import { callEndpoint } from '../../../lib/endpoint-client';
import { moveCardOnBoard } from '../model/move-card';
import { adminDashboardKeys } from './keys';

/** `GET /api/admin/board?ordre=`: open projects by stage, a capped number of cards per column. */
export function useProjectBoard(order: BoardOrder) {
  return useQuery({ queryKey: adminDashboardKeys.board(order), queryFn: () => callEndpoint(adminDashboardRoutes.board, { query: { ordre: order } }) });
}

export interface CardMove {
  projectId: number;
  to: ProjectStage;
}

/**
 * Move a card with `POST /api/admin/project/change-stage` (the projects module's rule, history and
 * client mail): the card moves at once, and goes back where it was when the server refuses.
 */
export function useMoveCard(order: BoardOrder) {
  const queryClient = useQueryClient();
  const key = adminDashboardKeys.board(order);
  return useMutation({
    mutationFn: (move: CardMove) => callEndpoint(projectRoutes.changeProjectStage, { body: { project_id: move.projectId, stage: move.to } }),
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ProjectBoard>(key);
      if (before) queryClient.setQueryData<ProjectBoard>(key, moveCardOnBoard(before, move.projectId, move.to));
      return { before };
    },
    onError: (_error, _move, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminDashboardKeys.all }),
  });
}
