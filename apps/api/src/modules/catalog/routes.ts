import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { catalogEndpoints as endpoints, errorEnvelope, idParam, catalogLines } from '@ouvrage/contracts';
import { lineRoute, route } from '../../lib/route';
import { sendFile } from '../../lib/stored-files';
import { acceptUploads, storeUploads } from '../../lib/uploads';
import * as catalog from './service';

/** Categories and goods: public reads for the journey, admin management (spec §7). */
export async function catalogRoutes(app: FastifyInstance) {
  await acceptUploads(app);
  const { deps } = app;
  const tags = ['Catégories et biens'];

  route(app, endpoints.publicCategories, { tags, summary: 'Catégories de projet actives', handler: () => catalog.publicCategories(deps) });
  route(app, endpoints.biensOfCategory, {
    tags,
    summary: "Biens actifs d'une catégorie",
    handler: (request) => catalog.biensOfCategory(deps, request.params.id),
  });
  route(app, endpoints.catalogLabels, {
    tags,
    summary: 'Noms des catégories et des biens, actifs ou non, avec leurs traductions (anglais, arabe)',
    handler: () => catalog.catalogLabels(deps),
  });

  route(app, endpoints.listCategories, { tags, summary: 'Toutes les catégories', handler: (request) => catalog.listCategories(deps, request.query) });
  route(app, endpoints.saveCategory, { tags, summary: 'Créer une catégorie', handler: (request) => catalog.saveCategory(deps, request.body) });
  route(app, endpoints.getCategory, { tags, summary: 'Une catégorie, pour la modifier', handler: (request) => catalog.getCategory(deps, request.params.id) });
  route(app, endpoints.updateCategory, {
    tags,
    summary: 'Modifier une catégorie',
    handler: ({ body: { id, ...input } }) => catalog.saveCategory(deps, input, id),
  });
  route(app, endpoints.deleteCategory, {
    tags,
    summary: 'Supprimer une catégorie inutilisée',
    handler: async (request) => {
      await catalog.deleteCategory(deps, request.params.id);
      return { message: 'La catégorie a été supprimée.' };
    },
  });
  route(app, endpoints.categoryImage, {
    tags,
    summary: "Image d'une catégorie (JPEG, PNG ou WebP, 2 Mo au plus) — multipart : image",
    handler: async (request) => {
      await catalog.assertCategoryExists(deps, request.params.id);
      const { files } = await storeUploads(request, deps.storage, {
        allowed: catalog.CATEGORY_IMAGE_KINDS,
        maxBytes: catalog.CATEGORY_IMAGE_MAX_BYTES,
        maxFiles: 1,
      });
      return catalog.setCategoryImage(deps, request.params.id, files);
    },
  });

  // A binary answer (the image itself), outside the JSON envelope: not an endpoint contract.
  app.withTypeProvider<ZodTypeProvider>().route({
    ...lineRoute(catalogLines.categoryImageFile),
    schema: { tags, summary: "Image d'une catégorie", params: idParam, response: { 400: errorEnvelope, 404: errorEnvelope } },
    handler: async (request, reply) => {
      const { bytes, mime } = await catalog.readCategoryImage(deps, request.params.id);
      return sendFile(reply, { bytes, mime, cache: 'public, max-age=86400' });
    },
  });

  route(app, endpoints.listBiens, { tags, summary: 'Tous les biens (filtre par catégorie)', handler: (request) => catalog.listBiens(deps, request.query) });
  route(app, endpoints.saveBien, { tags, summary: 'Créer un bien', handler: (request) => catalog.saveBien(deps, request.body) });
  route(app, endpoints.getBien, { tags, summary: 'Un bien, pour le modifier', handler: (request) => catalog.getBien(deps, request.params.id) });
  route(app, endpoints.updateBien, { tags, summary: 'Modifier un bien', handler: ({ body: { id, ...input } }) => catalog.saveBien(deps, input, id) });
  route(app, endpoints.deleteBien, {
    tags,
    summary: 'Supprimer un bien inutilisé',
    handler: async (request) => {
      await catalog.deleteBien(deps, request.params.id);
      return { message: 'Le bien a été supprimé.' };
    },
  });
}
