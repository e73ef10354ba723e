import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, idParam, siteLogEndpoints as endpoints, siteLogLines as lines, siteLogPdfQuery, siteLogPhotoQuery } from '@ouvrage/contracts';
import { lineRoute, route } from '../../lib/route';
import { sendFile } from '../../lib/stored-files';
import { acceptUploads, readUploads } from '../../lib/uploads';
import { callerOf } from '../../plugins/access-control';
import { projectOwnersResolver } from '../projects';
import { registerRetention } from '../users';
import { registerExport } from '../data-export';
import { siteLogExport } from './personal-data';
import { commentEntry } from './comment-entry';
import { journalPdf } from './journal-pdf';
import { photoFile, photoUploadOptions } from './photos';
import * as repo from './repository';
import { getEntry, journal } from './site-log-views';
import { assertCanWrite, writeEntry } from './write-entry';

/** The site log, journal de chantier (issue 39 §2, decision 1231). */
export async function siteLogRoutes(app: FastifyInstance) {
  await acceptUploads(app);
  const { deps } = app;
  const tags = ['Journal de chantier'];
  // An entry and a photo belong to the owners of their project: its client and the professionals taking part.
  const ownersOfProject = projectOwnersResolver(deps);
  app.registerOwnership('site-log-entry', async (db, id) => {
    const projectId = await repo.projectOfEntry(db, id);
    return projectId === null ? null : ownersOfProject(db, projectId);
  });
  app.registerOwnership('site-log-photo', async (db, id) => {
    const projectId = await repo.projectOfPhoto(db, id);
    return projectId === null ? null : ownersOfProject(db, projectId);
  });
  // The journal is evidence of the works: its authors are not deleted.
  registerRetention(deps, { name: 'site-log', retains: repo.siteLogNamesUser });
  registerExport(deps, siteLogExport);

  route(app, endpoints.journal, {
    tags,
    summary: 'Le journal de chantier d’un projet, l’entrée la plus récente d’abord (auteur, photos, commentaires, corrections)',
    handler: (r) => journal(deps, callerOf(r), r.params.id, r.query),
  });
  route(app, endpoints.writeEntry, {
    tags,
    summary:
      'Écrire une entrée datée (professionnel retenu, admin) : JSON, ou multipart avec les mêmes champs et jusqu’à 10 photos JPEG, PNG ou WebP de 10 Mo (champ photos) ; numérotée 1, 2, 3… par projet, jamais modifiée — une correction est une nouvelle entrée (corrects_entry_id)',
    handler: async (r) => {
      const caller = callerOf(r);
      // Ownership of the project was settled by access control; the writer is checked before the first file byte.
      await assertCanWrite(deps, caller, r.params.id);
      const form = r.isMultipart() ? await readUploads(r as unknown as FastifyRequest, photoUploadOptions) : { fields: r.body, files: [] };
      return writeEntry(deps, caller, r.params.id, form);
    },
  });
  route(app, endpoints.entry, {
    tags,
    summary: 'Une entrée du journal, avec ses commentaires',
    handler: (r) => getEntry(deps, r.params.id, callerOf(r)),
  });
  route(app, endpoints.comment, {
    tags,
    summary: 'Commenter une entrée (client, professionnels retenus, admin) ; un commentaire n’est jamais modifié',
    handler: (r) => commentEntry(deps, callerOf(r), r.params.id, r.body),
  });

  // The photo, outside the JSON envelope: the copy stored without metadata, or its thumbnail.
  const fileErrors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
  app.withTypeProvider<ZodTypeProvider>().route({
    ...lineRoute(lines.photo),
    schema: {
      tags,
      summary: 'Une photo du journal (sans métadonnées), ou sa vignette (?taille=vignette)',
      params: idParam,
      querystring: siteLogPhotoQuery,
      response: fileErrors,
    },
    handler: async (request, reply) => {
      const photo = await photoFile(deps, request.params.id, request.query.taille);
      return sendFile(reply, { bytes: photo.bytes, mime: photo.mime });
    },
  });
  app.withTypeProvider<ZodTypeProvider>().route({
    ...lineRoute(lines.journalPdf),
    schema: {
      tags,
      summary:
        'Le journal entier en PDF daté, pour le dossier des travaux : projet, adresse, client, chaque entrée (auteur, lot, intempéries, texte, corrections, commentaires, photos), numéros de page — dans la langue demandée (?langue=fr|en|ar), sinon celle du compte ; sans position GPS',
      params: idParam,
      querystring: siteLogPdfQuery,
      response: fileErrors,
    },
    handler: async (request, reply) => {
      const file = await journalPdf(deps, callerOf(request), request.params.id, request.query.langue);
      return sendFile(reply, { bytes: file.pdf, mime: 'application/pdf', name: file.name, disposition: 'attachment' });
    },
  });
}
