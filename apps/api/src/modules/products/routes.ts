import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, productEndpoints as endpoints, productExportQuery, productLines } from '@ouvrage/contracts';
import { todayInParis } from '@ouvrage/domain';
import { lineRoute, route } from '../../lib/route';
import { sendFile } from '../../lib/stored-files';
import { AppError } from '../../lib/errors';
import { callerOf } from '../../plugins/access-control';
import { registerRetention } from '../users';
import * as products from './service';
import { ownersOfProduct } from './repository';
import { acceptUploads } from '../../lib/uploads';

/** Products: an architect's catalogue and the platform's (issue 9, decision 0500). */
export async function productRoutes(app: FastifyInstance) {
  await acceptUploads(app);
  const { deps } = app;
  const tags = ['Produits'];
  app.registerOwnership('product', ownersOfProduct);
  registerRetention(deps, products.productRetention);

  route(app, endpoints.listProducts, {
    tags,
    summary: 'Mes produits et ceux de la plateforme (tous pour un administrateur) : recherche, lot, pages',
    handler: (request) => products.listProducts(deps, callerOf(request), request.query),
  });
  route(app, endpoints.createProduct, {
    tags,
    summary: "Créer un produit (de la plateforme quand c'est un administrateur)",
    handler: (request) => products.createProduct(deps, callerOf(request), request.body),
  });
  route(app, endpoints.getProduct, { tags, summary: 'Un produit', handler: (request) => products.getProduct(deps, callerOf(request), request.params.id) });
  route(app, endpoints.updateProduct, {
    tags,
    summary: 'Modifier, archiver ou restaurer un produit',
    handler: (request) => products.updateProduct(deps, callerOf(request), request.params.id, request.body),
  });
  route(app, endpoints.deleteProduct, {
    tags,
    summary: 'Supprimer un produit (archivé quand un devis le cite)',
    handler: (request) => products.deleteProduct(deps, callerOf(request), request.params.id),
  });
  route(app, endpoints.importProducts, {
    tags,
    summary: 'Importer des produits depuis un CSV (multipart : file) — tout ou rien',
    handler: async (request) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Envoyez le fichier CSV dans un formulaire multipart/form-data.');
      let bytes: Buffer | undefined;
      try {
        const file = await request.file({ limits: { fileSize: products.IMPORT_MAX_BYTES, files: 1 } });
        bytes = await file?.toBuffer();
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('PAYLOAD_TOO_LARGE', 'Le fichier CSV dépasse 2 Mo.', { file: 'Fichier trop volumineux (2 Mo au plus).' });
        throw new AppError('BAD_REQUEST', 'Le formulaire envoyé est mal formé : renvoyez le fichier CSV.');
      }
      if (!bytes?.length) throw new AppError('VALIDATION', 'Aucun fichier CSV reçu.', { file: 'Choisissez un fichier CSV.' });
      return products.importProducts(deps, callerOf(request), bytes);
    },
  });

  // A CSV answer, outside the JSON envelope: not an endpoint contract.
  app.withTypeProvider<ZodTypeProvider>().route({
    ...lineRoute(productLines.exportProducts),
    schema: {
      tags,
      summary: 'Exporter les produits en CSV (séparateur ;, virgule décimale, UTF-8 avec BOM)',
      querystring: productExportQuery,
      response: { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope },
    },
    handler: async (request, reply) => {
      const csv = await products.exportProducts(deps, callerOf(request), request.query);
      // The Paris day: an export made at 00:30 in France is that day's, not yesterday's (UTC).
      const day = todayInParis(deps.clock);
      return sendFile(reply, { bytes: Buffer.from(csv, 'utf8'), mime: 'text/csv; charset=utf-8', name: `produits-${day}.csv`, disposition: 'attachment' });
    },
  });
}
