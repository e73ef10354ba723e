import { useQuery, useQueryClient } from '@tanstack/react-query';
import { documentRoutes, quoteRoutes, signApiRoutes, type DocumentItem, type EndpointQuery, type RouteEndpoint } from '@ouvrage/contracts';
import { callEndpoint, uploadToEndpoint } from '../../../lib/endpoint-client';

export type DocumentFilters = EndpointQuery<RouteEndpoint<typeof documentRoutes.listDocuments>>;

export const documentKeys = {
  all: ['documents'] as const,
  list: (filters: object) => ['documents', 'list', filters] as const,
  projects: ['documents', 'projects'] as const,
};

/** `GET api/documents`: every document of the caller, filtered and paged by the API. */
export function documentListQuery(filters: DocumentFilters) {
  return {
    queryKey: documentKeys.list(filters),
    queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint(documentRoutes.listDocuments, { query: filters }, { signal }),
  };
}

export function useInvalidateDocuments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: documentKeys.all });
}

/** The architect's projects (his accepted tenders), with their client, to attach a contract to. */
export function useContractProjects(enabled: boolean) {
  return useQuery({ queryKey: documentKeys.projects, queryFn: () => callEndpoint(quoteRoutes.quotableProjects), enabled });
}

export interface ContractUpload {
  title: string;
  projectId: number | null;
  signers: Array<{ name: string; email: string }>;
  file: File;
}

/** `POST api/documents/contrats` (multipart) with upload progress; the fields come before the file. */
export function uploadContract(input: ContractUpload, onProgress: (percent: number) => void): Promise<DocumentItem> {
  const form = new FormData();
  form.append('title', input.title);
  if (input.projectId !== null) form.append('project_id', String(input.projectId));
  form.append('signers', JSON.stringify(input.signers));
  form.append('file', input.file, input.file.name);
  return uploadToEndpoint(documentRoutes.uploadContract, undefined as never, form, onProgress);
}

/** Spec `api/sign-api/store-document-agreement/{id}`: sends a draft document to its signers. */
export function sendForSignature(id: number): Promise<unknown> {
  return callEndpoint(signApiRoutes.storeDocumentAgreement, { params: { id } });
}
