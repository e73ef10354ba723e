import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { certificateQuery, errorEnvelope, idParam, professionalEndpoints as endpoints, professionalLines as lines } from '@ouvrage/contracts';
import { isProfessional } from '@ouvrage/domain';
import { createCompanyRegistry } from '../../adapters/company-registry';
import { createMarketingForm } from '../../adapters/marketing-form';
import { AppError } from '../../lib/errors';
import { lineRoute, route } from '../../lib/route';
import { sendFile } from '../../lib/stored-files';
import { acceptUploads, readUploads, storeUploads } from '../../lib/uploads';
import * as files from './files';
import { registerProfessionalOwnership } from './ownership';
import * as profile from './profile';
import * as repo from './repository';
import { createProfessionalAccount, lookupCompany } from './sign-up';
import * as zones from './zones';

const tags = ['Professionnels'];
const fileErrors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

export async function professionalRoutes(app: FastifyInstance) {
  await acceptUploads(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const adapters = { registry: createCompanyRegistry(deps.config), marketing: createMarketingForm(deps.config) };
  registerProfessionalOwnership(app);

  // ---------- public: reference lists, company lookup, sign-up ----------

  route(app, endpoints.listProfessions, {
    tags,
    summary: 'Métiers proposés à l’inscription',
    handler: async () =>
      (await repo.listProfessions(deps.db))
        .filter((p) => isProfessional(p.userType))
        .map((p) => ({
          id: p.id,
          slug: p.slug,
          name: p.name,
          user_type: p.userType as 'professionnel' | 'dessinateur' | 'architecte',
        })),
  });

  route(app, endpoints.listServices, {
    tags,
    summary: 'Prestations (toutes ou celles d’un métier)',
    handler: async (request) =>
      (await repo.listServices(deps.db, request.query.profession_id)).map((s) => ({ id: s.id, slug: s.slug, name: s.name, profession_id: s.professionId })),
  });

  route(app, endpoints.companyLookup, {
    tags,
    summary: 'Rechercher une entreprise par SIRET (registre des entreprises ; le SIRET est contrôlé localement avant toute interrogation)',
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: async (request) => {
      const { company, available } = await lookupCompany(adapters.registry, request.query.siret);
      if (!available) {
        throw new AppError('SERVICE_UNAVAILABLE', 'Le registre des entreprises ne répond pas : saisissez les informations de votre entreprise.');
      }
      return { found: !!company, company };
    },
  });

  route(app, endpoints.createProfessionalAccount, {
    tags,
    summary: 'Créer un compte professionnel (utilisateur et entreprise, en attente de validation)',
    config: { rateLimit: { max: Math.max(5, deps.config.loginRateLimit), timeWindow: '1 minute' } },
    handler: async (request) => {
      const created = await createProfessionalAccount(deps, adapters, request.body, {
        ip: request.ip,
        pageUri: typeof request.headers.referer === 'string' ? request.headers.referer : undefined,
      });
      return {
        ...created,
        is_validate: 'En attente' as const,
        // Worded for both cases: the answer never says whether the address already had an account.
        message: `Votre demande d'inscription est enregistrée. Consultez votre messagerie (${created.email}) : un e-mail vous indique la suite — compléter votre profil, qui sera vérifié avant activation, ou vous connecter si vous avez déjà un compte.`,
      };
    },
  });

  // ---------- enterprise profile ----------

  route(app, endpoints.getEnterprise, { tags, summary: "Profil d'entreprise complet", handler: (request) => profile.getInfo(deps, request.params.id) });

  route(app, endpoints.saveEnterprise, {
    tags,
    summary: "Enregistrer des sections du profil d'entreprise (légal, assurances, général, métier)",
    handler: async (request) => {
      await profile.storeDetails(deps, request.params.id, request.body);
      return profile.getInfo(deps, request.params.id);
    },
  });

  route(app, endpoints.registrationStatus, {
    tags,
    summary: 'État de validation et ce qui manque au profil',
    handler: (request) => profile.statusRegister(deps, request.params.id),
  });

  route(app, endpoints.getPreferences, { tags, summary: 'Préférences de projets', handler: (request) => profile.getPreferences(deps, request.params.id) });

  route(app, endpoints.savePreferences, {
    tags,
    summary: 'Enregistrer les préférences de projets',
    handler: (request) => profile.setPreferences(deps, request.params.id, request.body),
  });

  route(app, endpoints.uploadCertificate, {
    tags,
    summary: "Envoyer l'attestation d'assurance (décennale ou RC pro), multipart : fichier PDF, JPEG ou PNG, 10 Mo au plus",
    handler: async (request) => {
      await files.assertProfessional(deps, request.params.id);
      const uploaded = await storeUploads(request, deps.storage, { allowed: files.CERTIFICATE_KINDS, maxBytes: files.CERTIFICATE_MAX_BYTES, maxFiles: 1 });
      return files.uploadCertificate(deps, request.params.id, request.query.kind, uploaded.files);
    },
  });

  // A file answer (the certificate itself), outside the JSON envelope: registered from its line.
  r.route({
    ...lineRoute(lines.certificateFile),
    schema: { tags, summary: "Télécharger l'attestation d'assurance", params: idParam, querystring: certificateQuery, response: fileErrors },
    handler: async (request, reply) => {
      const file = await files.readCertificate(deps, request.params.id, request.query.kind);
      return sendFile(reply, { bytes: file.bytes, mime: file.mime, name: file.name, disposition: 'inline' });
    },
  });

  route(app, endpoints.uploadLogo, {
    tags,
    summary: 'Envoyer le logo (JPEG, PNG ou WebP, 5 Mo au plus), redimensionné à 512 px',
    handler: async (request) => {
      await files.assertProfessional(deps, request.params.id);
      const uploaded = await readUploads(request, { allowed: files.IMAGE_KINDS, maxBytes: files.LOGO_MAX_BYTES, maxFiles: 1 });
      return files.uploadLogo(deps, request.params.id, uploaded.files);
    },
  });

  r.route({
    ...lineRoute(lines.logoFile),
    schema: { tags, summary: "Logo d'une entreprise (PNG)", params: idParam, response: fileErrors },
    handler: async (request, reply) => {
      const file = await files.readLogo(deps, request.params.id);
      return sendFile(reply, { bytes: file.bytes, mime: file.mime, cache: 'private, max-age=60' });
    },
  });

  // ---------- intervention zones ----------

  route(app, endpoints.createZone, {
    tags,
    summary: "Ajouter une zone d'intervention (département, ou commune et rayon en km)",
    handler: (request) => zones.storeZone(deps, request.params.id, request.body),
  });

  route(app, endpoints.listZones, { tags, summary: "Zones d'intervention d'un professionnel", handler: (request) => zones.listZones(deps, request.params.id) });

  route(app, endpoints.updateZone, {
    tags,
    summary: "Modifier une zone d'intervention ({id} = la zone)",
    handler: (request) => zones.updateZone(deps, request.params.id, request.body),
  });

  route(app, endpoints.deleteZone, {
    tags,
    summary: "Supprimer une zone d'intervention ({id} = la zone)",
    handler: async (request) => {
      await zones.deleteZone(deps, request.params.id);
      return { message: 'La zone a été supprimée.' };
    },
  });

  // ---------- references ----------

  route(app, endpoints.listReferences, {
    tags,
    summary: 'Références (réalisations) d’un professionnel',
    handler: (request) => files.listReferences(deps, request.params.id),
  });

  route(app, endpoints.createReference, {
    tags,
    summary: 'Ajouter une référence',
    handler: (request) => files.createReference(deps, request.params.id, request.body),
  });

  route(app, endpoints.updateReference, {
    tags,
    summary: 'Modifier une référence ({id} = la référence), retirer des photos',
    handler: (request) => files.updateReference(deps, request.params.id, request.body),
  });

  route(app, endpoints.deleteReference, {
    tags,
    summary: 'Supprimer une référence et ses photos',
    handler: async (request) => {
      await files.deleteReference(deps, request.params.id);
      return { message: 'La référence a été supprimée.' };
    },
  });

  route(app, endpoints.uploadReferencePhoto, {
    tags,
    summary: 'Ajouter des photos à une référence (JPEG, PNG ou WebP, 10 Mo au plus chacune)',
    handler: async (request) => {
      await files.assertReferenceExists(deps, request.params.id);
      const uploaded = await readUploads(request, { allowed: files.IMAGE_KINDS, maxBytes: files.PHOTO_MAX_BYTES, maxFiles: files.MAX_PHOTOS_PER_REFERENCE });
      return files.addReferencePhotos(deps, request.params.id, uploaded.files);
    },
  });

  r.route({
    ...lineRoute(lines.referencePhotoFile),
    schema: { tags, summary: "Photo d'une référence ({id} = la photo)", params: idParam, response: fileErrors },
    handler: async (request, reply) => {
      const file = await files.readReferencePhoto(deps, request.params.id);
      return sendFile(reply, { bytes: file.bytes, mime: file.mime, cache: 'private, max-age=3600' });
    },
  });
}
