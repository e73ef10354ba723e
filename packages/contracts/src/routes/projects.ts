import { routeLines, typedRoutes } from '../route-lines';
import type { projectEndpoints } from '../projects';

/**
 * Client projects. `owner: 'project'`: the client who owns the project, and professionals whose
 * tender on it was accepted; admins always pass. `project-file`: the owners of the file's project.
 * add-detail names the project in its JSON body; upload-file in its query (`?project_id=`), so that
 * ownership is checked before the multipart body is read.
 */
export const projectLines = routeLines({
  searchAddress: { method: 'GET', path: '/api/address/search', access: { allow: 'public' } },
  createProject: { method: 'POST', path: '/api/projects', access: { allow: 'public' } },
  listProjectsOf: { method: 'GET', path: '/api/project/list-per-user/{id}', access: { allow: ['client', 'admin'], owner: 'self' } },
  getProject: { method: 'GET', path: '/api/project/detail-project/{id}', access: { allow: 'authenticated', owner: 'project' } },
  updateProject: { method: 'PATCH', path: '/api/project/update/{id}', access: { allow: ['client', 'admin'], owner: 'project' } },
  // The client cancels their own project (issue 15); professionals who own it through a tender do not.
  cancelProject: { method: 'POST', path: '/api/project/annuler/{id}', access: { allow: ['client', 'admin'], owner: 'project' } },
  addProjectDetail: {
    method: 'POST',
    path: '/api/project/detail-project/add-detail',
    access: { allow: 'authenticated', owner: { kind: 'project', from: 'body', field: 'project_id' } },
  },
  uploadProjectFile: {
    method: 'POST',
    path: '/api/project/detail-project/upload-file',
    access: { allow: 'authenticated', owner: { kind: 'project', from: 'query', field: 'project_id' } },
    consumes: ['multipart/form-data'],
  },
  projectFile: { method: 'GET', path: '/api/project/file/{id}', access: { allow: 'authenticated', owner: 'project-file' } },
  listAllProjects: { method: 'GET', path: '/api/admin/project/list-project', access: { allow: ['admin'] } },
  changeProjectState: { method: 'POST', path: '/api/admin/project/change-state', access: { allow: ['admin'] } },
  changeProjectStage: { method: 'POST', path: '/api/admin/project/change-stage', access: { allow: ['admin'] } },
  deleteProject: { method: 'DELETE', path: '/admin/supprimer/projet/{id}', access: { allow: ['admin'] } },
});

export const projectRoutes = /* @__PURE__ */ typedRoutes<typeof projectEndpoints>(projectLines);
