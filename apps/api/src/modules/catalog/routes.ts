import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bienItem,
  categoryItem,
  envelope,
  errorEnvelope,
  idParam,
  listBienQuery,
  listCategoryQuery,
  okEnvelope,
  paginated,
  publicBien,
  publicCategory,
  saveBienBody,
  saveCategoryBody,
  updateBienBody,
  updateCategoryBody,
} from '@ouvrage/contracts';
import { sendFile } from '../../lib/stored-files';
import { storeUploads } from '../../lib/uploads';
import * as catalog from './service';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope };

/** Categories and goods: public reads for the journey, admin management (spec §7). */
export async function catalogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['Catégories et biens'];

  r.get(
    '/api/categoryprojects',
    { schema: { tags, summary: 'Catégories de projet actives', response: { 200: envelope(z.array(publicCategory)) } } },
    async () => ({ success: true as const, data: await catalog.publicCategories(deps) }),
  );

  r.get(
    '/api/biens/category-bien/:id',
    {
      schema: { tags, summary: "Biens actifs d'une catégorie", params: idParam, response: { 200: envelope(z.array(publicBien)), 400: errorEnvelope, 404: errorEnvelope } },
    },
    async (request) => ({ success: true as const, data: await catalog.biensOfCategory(deps, request.params.id) }),
  );

  r.get(
    '/api/admin/list-category',
    { schema: { tags, summary: 'Toutes les catégories', querystring: listCategoryQuery, response: { 200: envelope(paginated(categoryItem)), ...errors } } },
    async (request) => ({ success: true as const, data: await catalog.listCategories(deps, request.query) }),
  );

  r.post(
    '/api/admin/save-category',
    { schema: { tags, summary: 'Créer une catégorie', body: saveCategoryBody, response: { 201: envelope(categoryItem), ...errors, 409: errorEnvelope } } },
    async (request, reply) => {
      reply.status(201);
      return { success: true as const, data: await catalog.saveCategory(deps, request.body) };
    },
  );

  r.get(
    '/api/admin/edit-category/:id',
    { schema: { tags, summary: 'Une catégorie, pour la modifier', params: idParam, response: { 200: envelope(categoryItem), ...errors, 404: errorEnvelope } } },
    async (request) => ({ success: true as const, data: await catalog.getCategory(deps, request.params.id) }),
  );

  r.patch(
    '/api/admin/update-category',
    {
      schema: { tags, summary: 'Modifier une catégorie', body: updateCategoryBody, response: { 200: envelope(categoryItem), ...errors, 404: errorEnvelope, 409: errorEnvelope } },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return { success: true as const, data: await catalog.saveCategory(deps, input, id) };
    },
  );

  r.delete(
    '/api/admin/delete-category/:id',
    { schema: { tags, summary: 'Supprimer une catégorie inutilisée', params: idParam, response: { 200: okEnvelope, ...errors, 404: errorEnvelope, 409: errorEnvelope } } },
    async (request) => {
      await catalog.deleteCategory(deps, request.params.id);
      return { success: true as const, data: { message: 'La catégorie a été supprimée.' } };
    },
  );

  r.post(
    '/api/admin/category-image/:id',
    {
      schema: {
        tags,
        summary: "Image d'une catégorie (JPEG, PNG ou WebP, 2 Mo au plus) — multipart : image",
        params: idParam,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(categoryItem), ...errors, 404: errorEnvelope, 413: errorEnvelope, 415: errorEnvelope },
      },
    },
    async (request) => {
      await catalog.assertCategoryExists(deps, request.params.id);
      const { files } = await storeUploads(request, deps.storage, { allowed: catalog.CATEGORY_IMAGE_KINDS, maxBytes: catalog.CATEGORY_IMAGE_MAX_BYTES, maxFiles: 1 });
      return { success: true as const, data: await catalog.setCategoryImage(deps, request.params.id, files) };
    },
  );

  r.get(
    '/api/category-image/:id',
    { schema: { tags, summary: "Image d'une catégorie", params: idParam, response: { 400: errorEnvelope, 404: errorEnvelope } } },
    async (request, reply) => {
      const { bytes, mime } = await catalog.readCategoryImage(deps, request.params.id);
      return sendFile(reply, { bytes, mime, cache: 'public, max-age=86400' });
    },
  );

  r.get(
    '/api/admin/list-bien',
    { schema: { tags, summary: 'Tous les biens (filtre par catégorie)', querystring: listBienQuery, response: { 200: envelope(paginated(bienItem)), ...errors } } },
    async (request) => ({ success: true as const, data: await catalog.listBiens(deps, request.query) }),
  );

  r.post(
    '/api/admin/save-bien',
    { schema: { tags, summary: 'Créer un bien', body: saveBienBody, response: { 201: envelope(bienItem), ...errors, 409: errorEnvelope } } },
    async (request, reply) => {
      reply.status(201);
      return { success: true as const, data: await catalog.saveBien(deps, request.body) };
    },
  );

  r.get(
    '/api/admin/edit-bien/:id',
    { schema: { tags, summary: 'Un bien, pour le modifier', params: idParam, response: { 200: envelope(bienItem), ...errors, 404: errorEnvelope } } },
    async (request) => ({ success: true as const, data: await catalog.getBien(deps, request.params.id) }),
  );

  r.patch(
    '/api/admin/update-bien',
    { schema: { tags, summary: 'Modifier un bien', body: updateBienBody, response: { 200: envelope(bienItem), ...errors, 404: errorEnvelope, 409: errorEnvelope } } },
    async (request) => {
      const { id, ...input } = request.body;
      return { success: true as const, data: await catalog.saveBien(deps, input, id) };
    },
  );

  r.delete(
    '/api/admin/delete-bien/:id',
    { schema: { tags, summary: 'Supprimer un bien inutilisé', params: idParam, response: { 200: okEnvelope, ...errors, 404: errorEnvelope, 409: errorEnvelope } } },
    async (request) => {
      await catalog.deleteBien(deps, request.params.id);
      return { success: true as const, data: { message: 'Le bien a été supprimé.' } };
    },
  );
}
