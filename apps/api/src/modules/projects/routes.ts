import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addDetailBody,
  addressSearchQuery,
  addressSearchResult,
  changeStageBody,
  changeStateBody,
  createProjectResult,
  envelope,
  errorEnvelope,
  fileQuery,
  idParam,
  listProjectQuery,
  okEnvelope,
  paginated,
  projectEndpoints,
  paginationQuery,
  projectDto,
  projectFileItem,
  projectFull,
  projectRequestBody,
  projectSummary,
  updateProjectBody,
  uploadFileQuery,
} from '@ouvrage/contracts';
import { createAddressSearch } from '../../adapters/address';
import { route } from '../../lib/route';
import { callerOf } from '../../plugins/access-control';
import { cancelProject } from './cancel-project';
import { registerClientCompanies, registerRetention } from '../users';
import { sendFile } from '../../lib/stored-files';
import { acceptUploads, storeUploads } from '../../lib/uploads';
import * as projectFiles from './project-files';
import { companyNamesOfClients } from './repository';
import * as projects from './service';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

/** Client projects (spec §7 "Projects") and the address search the journey uses. */
export async function projectRoutes(app: FastifyInstance) {
  await acceptUploads(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['Projets'];

  app.registerOwnership('project', projects.ownershipResolver(deps));
  app.registerOwnership('project-file', projects.fileOwnershipResolver(deps));
  registerRetention(deps, projects.projectRetention);
  registerClientCompanies(deps, companyNamesOfClients);

  const address = createAddressSearch({
    baseUrl: deps.config.addressApiUrl,
    onFallback: (error) => app.log.warn({ err: error }, 'address service unavailable, offline fallback used'),
  });

  r.get(
    '/api/address/search',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags: ['Géographie'], summary: 'Rechercher une adresse (Géoplateforme, ou communes hors ligne)', querystring: addressSearchQuery, response: { 200: envelope(addressSearchResult), 400: errorEnvelope } },
    },
    async (request) => ({ success: true as const, data: await address.search(request.query.q, request.query.limit) }),
  );

  r.post(
    '/api/projects',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Déposer un projet (visiteur : crée aussi le compte client)', body: projectRequestBody, response: { 201: envelope(createProjectResult), ...errors, 409: errorEnvelope } },
    },
    async (request, reply) => {
      const data = await projects.createProject(deps, request.caller, request.body);
      reply.status(201);
      return { success: true as const, data };
    },
  );

  r.get(
    '/api/project/list-per-user/:id',
    { schema: { tags, summary: "Projets d'un client", params: idParam, querystring: paginationQuery, response: { 200: envelope(paginated(projectSummary)), ...errors } } },
    async (request) => ({ success: true as const, data: await projects.listForUser(deps, request.params.id, request.query) }),
  );

  r.get(
    '/api/project/detail-project/:id',
    { schema: { tags, summary: 'Un projet : champs, compléments, documents, historique', params: idParam, response: { 200: envelope(projectFull), ...errors } } },
    async (request) => ({ success: true as const, data: await projects.getProject(deps, callerOf(request), request.params.id) }),
  );

  r.patch(
    '/api/project/update/:id',
    {
      schema: { tags, summary: 'Modifier un projet (client : tant qu’il est « En attente »)', params: idParam, body: updateProjectBody, response: { 200: envelope(projectDto), ...errors, 409: errorEnvelope } },
    },
    async (request) => ({ success: true as const, data: await projects.updateProject(deps, callerOf(request), request.params.id, request.body) }),
  );

  r.post(
    '/api/project/detail-project/add-detail',
    { schema: { tags, summary: 'Ajouter une information complémentaire', body: addDetailBody, response: { 201: envelope(projectFull), ...errors, 409: errorEnvelope } } },
    async (request, reply) => {
      const data = await projects.addDetail(deps, callerOf(request), request.body);
      reply.status(201);
      return { success: true as const, data };
    },
  );

  r.post(
    '/api/project/detail-project/upload-file',
    {
      schema: {
        tags,
        summary: 'Joindre des documents (PDF, JPEG, PNG, 20 Mo au plus chacun) — ?project_id= ; multipart : file',
        consumes: ['multipart/form-data'],
        querystring: uploadFileQuery,
        response: { 201: envelope(z.array(projectFileItem)), ...errors, 409: errorEnvelope, 413: errorEnvelope, 415: errorEnvelope },
      },
    },
    async (request, reply) => {
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
      const data = await projectFiles.attachFiles(deps, caller, { projectId, files: upload.files });
      reply.status(201);
      return { success: true as const, data };
    },
  );

  r.get(
    '/api/project/file/:id',
    {
      schema: {
        tags,
        summary: 'Télécharger (attachment) ou afficher (inline) un document du projet',
        params: idParam,
        querystring: fileQuery,
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const { file, bytes } = await projectFiles.readFile(deps, request.params.id);
      return sendFile(reply, { bytes, mime: file.mimeType, name: file.originalName, disposition: request.query.disposition });
    },
  );

  r.get(
    '/api/admin/project/list-project',
    {
      schema: {
        tags,
        summary: 'Tous les projets : recherche, filtres (état, étape, catégorie, département, date), pagination',
        querystring: listProjectQuery,
        response: { 200: envelope(paginated(projectSummary)), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await projects.adminList(deps, request.query) }),
  );

  route(app, projectEndpoints.cancelProject, {
    tags,
    summary: 'Le client annule son projet, avec une raison, tant qu’aucun devis n’est signé',
    handler: (request) => cancelProject(deps, callerOf(request), request.params.id, request.body),
  });

  r.post(
    '/api/admin/project/change-state',
    { schema: { tags, summary: "Changer l'état d'un projet", body: changeStateBody, response: { 200: envelope(projectDto), ...errors, 409: errorEnvelope } } },
    async (request) => ({ success: true as const, data: await projects.changeProjectState(deps, callerOf(request), request.body) }),
  );

  r.post(
    '/api/admin/project/change-stage',
    { schema: { tags, summary: "Changer l'étape d'un projet", body: changeStageBody, response: { 200: envelope(projectDto), ...errors, 409: errorEnvelope } } },
    async (request) => ({ success: true as const, data: await projects.changeStage(deps, callerOf(request), request.body) }),
  );

  r.delete(
    '/admin/supprimer/projet/:id',
    { schema: { tags, summary: 'Supprimer un projet et ses documents', params: idParam, response: { 200: okEnvelope, ...errors } } },
    async (request) => {
      await projects.deleteProject(deps, request.params.id);
      return { success: true as const, data: { message: 'Le projet et ses documents ont été supprimés.' } };
    },
  );
}
