import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { conversationModerationRoutes as routes, type ReportMessageBody } from '@ouvrage/contracts';
import type { ReportOutcome } from '@ouvrage/domain';
import { callEndpoint } from '../../../lib/endpoint-client';
import { conversationKeys } from './conversations';

/** Reports and moderation (decision 1230 « Reports and moderation »): one call per endpoint. */

export const moderationKeys = {
  reports: ['conversations', 'reports'] as const,
  reportPage: (request: object) => ['conversations', 'reports', request] as const,
  panel: (id: number) => ['conversations', 'moderation', id] as const,
};

/** The admin's list (`useListQuery`): open reports first, then the closed ones. */
export function reportPageQuery(request: { page: number; per_page: number }) {
  return {
    queryKey: moderationKeys.reportPage(request),
    queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint(routes.reports, { query: request }, { signal }),
  };
}

/** `GET /api/conversations/{id}/moderation`: the admin's panel of a reported conversation. */
export function useModeration(id: number, enabled: boolean) {
  return useQuery({ queryKey: moderationKeys.panel(id), queryFn: () => callEndpoint(routes.moderation, { params: { id } }), enabled });
}

/** `POST /api/conversations/{id}/signalements`: a member reports a message of the other. */
export function useReportMessage(conversationId: number) {
  return useMutation({ mutationFn: (body: ReportMessageBody) => callEndpoint(routes.reportMessage, { params: { id: conversationId }, body }) });
}

/** After a moderation: the thread, its header, the panel and the reports list read again. */
function useModerationRefresh(conversationId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: conversationKeys.messages(conversationId) }),
      client.invalidateQueries({ queryKey: conversationKeys.one(conversationId) }),
      client.invalidateQueries({ queryKey: moderationKeys.panel(conversationId) }),
      client.invalidateQueries({ queryKey: moderationKeys.reports }),
    ]);
}

/** Hide a message (with the moderation's reason), or show it again. */
export function useHideMessage(conversationId: number) {
  const refresh = useModerationRefresh(conversationId);
  return useMutation({
    mutationFn: ({ messageId, hide, reason }: { messageId: number; hide: boolean; reason?: string }) =>
      hide
        ? callEndpoint(routes.hideMessage, { params: { id: messageId }, body: { reason } })
        : callEndpoint(routes.unhideMessage, { params: { id: messageId } }),
    onSuccess: refresh,
  });
}

/** Suspend a member's writing in the conversation (with a reason), or lift it. */
export function useSuspendWriting(conversationId: number) {
  const refresh = useModerationRefresh(conversationId);
  return useMutation({
    mutationFn: ({ userId, suspend, reason }: { userId: number; suspend: boolean; reason?: string }) =>
      suspend
        ? callEndpoint(routes.suspendWriting, { params: { id: conversationId }, body: { user_id: userId, reason } })
        : callEndpoint(routes.liftSuspension, { params: { id: conversationId }, body: { user_id: userId } }),
    onSuccess: refresh,
  });
}

/** Close a report: handled or dismissed. */
export function useCloseReport(conversationId: number) {
  const refresh = useModerationRefresh(conversationId);
  return useMutation({
    mutationFn: ({ reportId, outcome }: { reportId: number; outcome: ReportOutcome }) =>
      callEndpoint(routes.closeReport, { params: { id: reportId }, body: { outcome } }),
    onSuccess: refresh,
  });
}
