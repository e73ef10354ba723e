import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, fileQuery, idParam, projectEndpoints as endpoints, projectLines as lines } from '@ouvrage/contracts';
import { createAddressSearch } from '../../adapters/address';
import { lineRoute, route } from '../../lib/route';
import { callerOf } from '../../plugins/access-control';
import { cancelProject } from './cancel-project';
import { registerProjectCounts } from '../catalog';
import { registerClientCompanies, registerLatestClientRequest, registerRetention } from '../users';
import { registerExport } from '../data-export';
import { projectsExport } from './personal-data';
import { sendFile } from '../../lib/stored-files';
import { acceptUploads, storeUploads } from '../../lib/uploads';
import * as projectFiles from './project-files';
import { catalogProjectCounts, companyNamesOfClients, latestRequestOfClient } from './repository';
import * as projects from './service';

const fileErrors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

/** Client projects (spec §7 "Projects") and the address search the journey uses. */
export async function projectRoutes(app: FastifyInstance) {
  await acceptUploads(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['Projets'];

  app.registerOwnership('project', projects.ownershipResolver(deps));
  app.registerOwnership('project-file', projects.fileOwnershipResolver(deps));
  registerRetention(deps, projects.projectRetention);
  registerExport(deps, projectsExport);
  registerClientCompanies(deps, companyNamesOfClients);
  registerLatestClientRequest(deps, latestRequestOfClient);
  registerProjectCounts(deps, catalogProjectCounts);

  const address = createAddressSearch({
    baseUrl: deps.config.addressApiUrl,
    onFallback: (error) => app.log.warn({ err: error }, 'address service unavailable, offline fallback used'),
  });

  route(app, endpoints.searchAddress, {
    tags: ['Géographie'],
    summary: 'Rechercher une adresse (Géoplateforme, ou communes hors ligne)',
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    handler: (request) => address.search(request.query.q, request.query.limit),
  });

  route(app, endpoints.createProject, {
    tags,
    summary: 'Déposer un projet (visiteur : crée aussi le compte client)',
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    handler: (request) => projects.createProject(deps, request.caller, request.body),
  });

  route(app, endpoints.listProjectsOf, {
    tags,
    summary: "Projets d'un client",
    handler: (request) => projects.listForUser(deps, request.params.id, request.query),
  });

  route(app, endpoints.getProject, {
    tags,
    summary: 'Un projet : champs, compléments, documents, historique',
    handler: (request) => projects.getProject(deps, callerOf(request), request.params.id),
  });

  route(app, endpoints.updateProject, {
    tags,
    summary: 'Modifier un projet (client : tant qu’il est « En attente »)',
    handler: (request) => projects.updateProject(deps, callerOf(request), request.params.id, request.body),
  });

  route(app, endpoints.addProjectDetail, {
    tags,
    summary: 'Ajouter une information complémentaire',
    handler: (request) => projects.addDetail(deps, callerOf(request), request.body),
  });

  route(app, endpoints.uploadProjectFile, {
    tags,
    summary: 'Joindre des documents (PDF, JPEG, PNG, 20 Mo au plus chacun) — ?project_id= ; multipart : file',
    handler: async (request) => {
      const caller = callerOf(request);
      // Ownership of ?project_id= was settled by access control before the body is read;
      // the state is checked before the first file byte, then files stream to storage.
      const projectId = request.query.project_id;
      await projectFiles.assertCanAttachFiles(deps, projectId);
      const upload = await storeUploads(request, deps.storage, {
        allowed: projectFiles.PROJECT_FILE_KINDS,
        maxBytes: deps.config.uploadMaxBytes,
        maxFiles: projectFiles.MAX_FILES_PER_UPLOAD,
      });
      return projectFiles.attachFiles(deps, caller, { projectId, files: upload.files });
    },
  });

  r.route({
    ...lineRoute(lines.projectFile),
    schema: {
      tags,
      summary: 'Télécharger (attachment) ou afficher (inline) un document du projet',
      params: idParam,
      querystring: fileQuery,
      response: fileErrors,
    },
    handler: async (request, reply) => {
      const { file, bytes } = await projectFiles.readFile(deps, request.params.id);
      return sendFile(reply, { bytes, mime: file.mimeType, name: file.originalName, disposition: request.query.disposition });
    },
  });

  route(app, endpoints.listAllProjects, {
    tags,
    summary: 'Tous les projets : recherche, filtres (état, étape, catégorie, département, date), pagination',
    handler: (request) => projects.adminList(deps, request.query),
  });

  route(app, endpoints.cancelProject, {
    tags,
    summary: 'Le client annule son projet, avec une raison, tant qu’aucun devis n’est signé',
    handler: (request) => cancelProject(deps, callerOf(request), request.params.id, request.body),
  });

  route(app, endpoints.changeProjectState, {
    tags,
    summary: "Changer l'état d'un projet",
    handler: (request) => projects.changeProjectState(deps, callerOf(request), request.body),
  });

  route(app, endpoints.changeProjectStage, {
    tags,
    summary: "Changer l'étape d'un projet",
    handler: (request) => projects.changeStage(deps, callerOf(request), request.body),
  });

  route(app, endpoints.deleteProject, {
    tags,
    summary: 'Supprimer un projet et ses documents',
    handler: async (request) => {
      await projects.deleteProject(deps, request.params.id);
      return { message: 'Le projet et ses documents ont été supprimés.' };
    },
  });
}
