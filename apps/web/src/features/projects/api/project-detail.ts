import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { projectLines, projectRoutes, type UpdateProjectBody } from '@ouvrage/contracts';
import type { ProjectStage, ProjectState } from '@ouvrage/domain';
import { fetchFileUrl } from '../../../lib/api-client';
import { callEndpoint, endpointUrl, uploadToEndpoint } from '../../../lib/endpoint-client';
import type { FileRequest } from '../../../lib/download';

const key = (id: number) => ['projects', 'detail', id] as const;

/** `GET api/project/detail-project/{id}`: fields, details, files, history. */
export function useProject(id: number | undefined) {
  return useQuery({ queryKey: key(id ?? 0), queryFn: () => callEndpoint(projectRoutes.getProject, { params: { id: id! } }), enabled: !!id });
}

function useRefresh(id: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['projects'] }).then(() => queryClient.invalidateQueries({ queryKey: key(id) }));
}

/** `PATCH api/project/update/{id}`. */
export function useUpdateProject(id: number) {
  const refresh = useRefresh(id);
  return useMutation({ mutationFn: (body: UpdateProjectBody) => callEndpoint(projectRoutes.updateProject, { params: { id }, body }), onSuccess: refresh });
}

/** `POST api/project/detail-project/add-detail`. */
export function useAddDetail(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: { question: string; answer: string }) => callEndpoint(projectRoutes.addProjectDetail, { body: { project_id: id, ...body } }),
    onSuccess: refresh,
  });
}

/** `POST api/project/detail-project/upload-file?project_id=` (multipart) with upload progress. */
export function useUploadFiles(id: number, onProgress: (percent: number) => void) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (files: File[]) => {
      const form = new FormData();
      for (const file of files) form.append('file', file, file.name);
      // The project is named in the query: the API checks ownership before reading the files.
      return uploadToEndpoint(projectRoutes.uploadProjectFile, undefined, form, onProgress, { project_id: id });
    },
    onSuccess: refresh,
  });
}

/** `GET api/project/file/{id}` as a blob URL (the API checks ownership). */
export function projectFileUrl(fileId: number, disposition: 'inline' | 'attachment') {
  return fetchFileUrl(endpointUrl(projectLines.projectFile, { params: { id: fileId }, query: { disposition } }));
}

/** A project file saved by the browser under its own name. */
export const projectFileDownload = (file: { id: number; name: string }): FileRequest => ({
  path: endpointUrl(projectLines.projectFile, { params: { id: file.id }, query: { disposition: 'attachment' } }),
  name: file.name,
});

/** `POST api/admin/project/change-state` and `change-stage`. */
export function useChangeProject(id: number, what: 'state' | 'stage') {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: { value: string; comment?: string }) => {
      const comment = body.comment ? { comment: body.comment } : {};
      return what === 'state'
        ? callEndpoint(projectRoutes.changeProjectState, { body: { project_id: id, state: body.value as ProjectState, ...comment } })
        : callEndpoint(projectRoutes.changeProjectStage, { body: { project_id: id, stage: body.value as ProjectStage, ...comment } });
    },
    onSuccess: refresh,
  });
}

/** `DELETE admin/supprimer/projet/{id}`. */
export function useDeleteProject(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(projectRoutes.deleteProject, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}
