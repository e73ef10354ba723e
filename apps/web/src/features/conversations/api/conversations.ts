import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { conversationRoutes, type ConversationEvent, type MessagePage, type MessageReferenceInput } from '@ouvrage/contracts';
import { callEndpoint, uploadToEndpoint } from '../../../lib/endpoint-client';
import { subscribeLiveEvents } from '../../../lib/live-events';

/** Conversations (decision 1230): one call per endpoint, their query keys, and the live refresh. */

export const conversationKeys = {
  all: ['conversations'] as const,
  unread: ['conversations', 'unread'] as const,
  page: (request: object) => ['conversations', 'list', request] as const,
  one: (id: number) => ['conversations', 'one', id] as const,
  messages: (id: number) => ['conversations', 'messages', id] as const,
};

export const MESSAGES_PER_PAGE = 50;

/** The list screen's query (`useListQuery`): mine, unread first, then the latest activity. */
export function conversationPageQuery(request: { page: number; per_page: number }) {
  return {
    queryKey: conversationKeys.page(request),
    queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint(conversationRoutes.conversations, { query: request }, { signal }),
  };
}

/** `GET /api/conversations/non-lus`: the top bar's badge. */
export function useUnreadMessages(enabled: boolean) {
  return useQuery({
    queryKey: conversationKeys.unread,
    queryFn: () => callEndpoint(conversationRoutes.unreadCount),
    enabled,
    staleTime: 30_000,
  });
}

export function useConversation(id: number) {
  return useQuery({ queryKey: conversationKeys.one(id), queryFn: () => callEndpoint(conversationRoutes.conversation, { params: { id } }) });
}

/** The messages, a page at a time going back in time: pages come newest first, each page oldest first. */
export function useMessages(id: number) {
  return useInfiniteQuery({
    queryKey: conversationKeys.messages(id),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => callEndpoint(conversationRoutes.messages, { params: { id }, query: { before: pageParam, limit: MESSAGES_PER_PAGE } }),
    getNextPageParam: (last: MessagePage) => (last.has_more && last.items.length ? last.items[0].id : undefined),
  });
}

function useRefresh(id: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: conversationKeys.messages(id) }),
      client.invalidateQueries({ queryKey: conversationKeys.one(id) }),
      client.invalidateQueries({ queryKey: ['conversations', 'list'] }),
    ]);
}

/** The multipart form the API reads: the text in `body`, the files in `files`, a document of the project in `reference` (JSON). */
export function messageForm(body: string, files: readonly File[], reference: MessageReferenceInput | null = null): FormData {
  const form = new FormData();
  form.append('body', body);
  if (reference) form.append('reference', JSON.stringify(reference));
  for (const file of files) form.append('files', file, file.name);
  return form;
}

/** `POST /api/conversations/{id}/messages`, always as a multipart form: the text and its files (decision 1230). */
export function useSendMessage(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: ({ body, files, reference = null }: { body: string; files: readonly File[]; reference?: MessageReferenceInput | null }) =>
      uploadToEndpoint(conversationRoutes.sendMessage, { id }, messageForm(body, files, reference)),
    onSuccess: refresh,
  });
}

export function useEditMessage(conversationId: number) {
  const refresh = useRefresh(conversationId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) => callEndpoint(conversationRoutes.editMessage, { params: { id }, body: { body } }),
    onSuccess: refresh,
  });
}

export function useDeleteMessage(conversationId: number) {
  const refresh = useRefresh(conversationId);
  return useMutation({ mutationFn: (id: number) => callEndpoint(conversationRoutes.deleteMessage, { params: { id } }), onSuccess: refresh });
}

/** Read up to a message: the badge takes the new count at once. */
export function useMarkRead(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => callEndpoint(conversationRoutes.markRead, { params: { id }, body: { message_id: messageId } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: conversationKeys.unread });
      void client.invalidateQueries({ queryKey: ['conversations', 'list'] });
      void client.invalidateQueries({ queryKey: conversationKeys.one(id) });
    },
  });
}

/** `POST /api/projet/{id}/conversations`: the conversation with that person on that project (opened once). */
export function useOpenConversation(projectId: number) {
  return useMutation({
    mutationFn: (withUserId: number) => callEndpoint(conversationRoutes.openConversation, { params: { id: projectId }, body: { with_user_id: withUserId } }),
  });
}

/**
 * Live without reload: the stream's `conversation` event carries my unread count (the badge takes
 * it at once) and which conversation moved (its messages and receipts are read again).
 */
export function useLiveConversations(userId: number | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (userId === undefined) return undefined;
    return subscribeLiveEvents(userId, {
      onEvent: (e) => {
        if (e.event !== 'conversation') return;
        const data = e.data as Partial<ConversationEvent>;
        if (typeof data.unread === 'number') client.setQueryData(conversationKeys.unread, { unread: data.unread });
        void client.invalidateQueries({ queryKey: ['conversations', 'list'] });
        if (typeof data.conversation_id === 'number') {
          void client.invalidateQueries({ queryKey: conversationKeys.messages(data.conversation_id) });
          void client.invalidateQueries({ queryKey: conversationKeys.one(data.conversation_id) });
        }
      },
      onOpen: () => void client.invalidateQueries({ queryKey: conversationKeys.all }),
    });
  }, [userId, client]);
}
