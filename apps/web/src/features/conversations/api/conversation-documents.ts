import { useQuery } from '@tanstack/react-query';
import { conversationRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

/** `GET /api/conversations/{id}/documents`: the project's quotes, invoices and avenants the reader may point to (decision 1230 « References »). */
export function useConversationDocuments(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['conversations', 'documents', id] as const,
    queryFn: ({ signal }) => callEndpoint(conversationRoutes.documents, { params: { id } }, { signal }),
    enabled,
  });
}
