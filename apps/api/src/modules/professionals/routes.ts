import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  certificateQuery,
  companyLookupData,
  companyLookupQuery,
  createProfessionalBody,
  createProfessionalData,
  envelope,
  errorEnvelope,
  idParam,
  listServiceQuery,
  okEnvelope,
  preferences,
  professionalInfo,
  professionItem,
  referenceBody,
  referenceView,
  serviceItem,
  statusRegister,
  storeDetailsBody,
  updateReferenceBody,
  uploadedData,
  zoneBody,
  zoneView,
} from '@ouvrage/contracts';
import { isProfessional } from '@ouvrage/domain';
import { createCompanyRegistry } from '../../adapters/company-registry';
import { createMarketingForm } from '../../adapters/marketing-form';
import { AppError } from '../../lib/errors';
import { sendFile } from '../../lib/stored-files';
import { acceptUploads, readUploads, storeUploads } from '../../lib/uploads';
import * as files from './files';
import { registerProfessionalOwnership } from './ownership';
import * as profile from './profile';
import * as repo from './repository';
import { createProfessionalAccount, lookupCompany } from './sign-up';
import * as zones from './zones';

const TAG = 'Professionnels';
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
const uploadErrors = { ...errors, 409: errorEnvelope, 413: errorEnvelope, 415: errorEnvelope };

export async function professionalRoutes(app: FastifyInstance) {
  await acceptUploads(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const adapters = { registry: createCompanyRegistry(deps.config), marketing: createMarketingForm(deps.config) };
  registerProfessionalOwnership(app);

  // ---------- public: reference lists, company lookup, sign-up ----------

  r.get(
    '/api/list-profession',
    { schema: { tags: [TAG], summary: 'Métiers proposés à l’inscription', response: { 200: envelope(z.array(professionItem)) } } },
    async () => ({
      success: true as const,
      data: (await repo.listProfessions(deps.db)).filter((p) => isProfessional(p.userType)).map((p) => ({
        id: p.id,
        slug: p.slug,
        name: p.name,
        user_type: p.userType as 'professionnel' | 'dessinateur' | 'architecte',
      })),
    }),
  );

  r.get(
    '/api/list-service',
    {
      schema: { tags: [TAG], summary: 'Prestations (toutes ou celles d’un métier)', querystring: listServiceQuery, response: { 200: envelope(z.array(serviceItem)), 400: errorEnvelope } },
    },
    async (request) => ({
      success: true as const,
      data: (await repo.listServices(deps.db, request.query.profession_id)).map((s) => ({ id: s.id, slug: s.slug, name: s.name, profession_id: s.professionId })),
    }),
  );

  r.get(
    '/api/company-lookup',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: [TAG],
        summary: 'Rechercher une entreprise par SIRET (registre des entreprises)',
        description: 'Le SIRET est contrôlé localement (clé de Luhn, exception La Poste) avant toute interrogation du registre.',
        querystring: companyLookupQuery,
        response: { 200: envelope(companyLookupData), 400: errorEnvelope, 429: errorEnvelope, 503: errorEnvelope },
      },
    },
    async (request) => {
      const { company, available } = await lookupCompany(adapters.registry, request.query.siret);
      if (!available) {
        throw new AppError('SERVICE_UNAVAILABLE', 'Le registre des entreprises ne répond pas : saisissez les informations de votre entreprise.');
      }
      return { success: true as const, data: { found: !!company, company } };
    },
  );

  r.post(
    '/api/create-professionnel-account',
    {
      config: { rateLimit: { max: Math.max(5, deps.config.loginRateLimit), timeWindow: '1 minute' } },
      schema: {
        tags: [TAG],
        summary: 'Créer un compte professionnel (utilisateur et entreprise, en attente de validation)',
        body: createProfessionalBody,
        response: { 201: envelope(createProfessionalData), 400: errorEnvelope, 409: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request, reply) => {
      const created = await createProfessionalAccount(deps, adapters, request.body, {
        ip: request.ip,
        pageUri: typeof request.headers.referer === 'string' ? request.headers.referer : undefined,
      });
      reply.status(201);
      return {
        success: true as const,
        data: {
          ...created,
          is_validate: 'En attente' as const,
          // Worded for both cases: the answer never says whether the address already had an account.
          message: `Votre demande d'inscription est enregistrée. Consultez votre messagerie (${created.email}) : un e-mail vous indique la suite — compléter votre profil, qui sera vérifié avant activation, ou vous connecter si vous avez déjà un compte.`,
        },
      };
    },
  );

  // ---------- enterprise profile ----------

  r.get(
    '/api/professionnel/get-info/:id',
    { schema: { tags: [TAG], summary: "Profil d'entreprise complet", params: idParam, response: { 200: envelope(professionalInfo), ...errors } } },
    async (request) => ({ success: true as const, data: await profile.getInfo(deps, request.params.id) }),
  );

  r.patch(
    '/api/professionnel/store-details/:id',
    {
      schema: {
        tags: [TAG],
        summary: "Enregistrer des sections du profil d'entreprise (légal, assurances, général, métier)",
        params: idParam,
        body: storeDetailsBody,
        response: { 200: envelope(professionalInfo), ...errors, 409: errorEnvelope },
      },
    },
    async (request) => {
      await profile.storeDetails(deps, request.params.id, request.body);
      return { success: true as const, data: await profile.getInfo(deps, request.params.id) };
    },
  );

  r.get(
    '/api/professionnel/get-status-register/:id',
    {
      schema: { tags: [TAG], summary: 'État de validation et ce qui manque au profil', params: idParam, response: { 200: envelope(statusRegister), ...errors } },
    },
    async (request) => ({ success: true as const, data: await profile.statusRegister(deps, request.params.id) }),
  );

  r.get(
    '/api/professionnel/get-preferences/:id',
    { schema: { tags: [TAG], summary: 'Préférences de projets', params: idParam, response: { 200: envelope(preferences), ...errors } } },
    async (request) => ({ success: true as const, data: await profile.getPreferences(deps, request.params.id) }),
  );

  r.patch(
    '/api/professionnel/set-preferences/:id',
    {
      schema: { tags: [TAG], summary: 'Enregistrer les préférences de projets', params: idParam, body: preferences, response: { 200: envelope(preferences), ...errors } },
    },
    async (request) => ({ success: true as const, data: await profile.setPreferences(deps, request.params.id, request.body) }),
  );

  r.post(
    '/api/professionnel/upload-certificate/:id',
    {
      schema: {
        tags: [TAG],
        summary: "Envoyer l'attestation d'assurance (décennale ou RC pro), multipart : fichier PDF, JPEG ou PNG, 10 Mo au plus",
        params: idParam,
        querystring: certificateQuery,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadedData), ...uploadErrors },
      },
    },
    async (request) => {
      await files.assertProfessional(deps, request.params.id);
      const uploaded = await storeUploads(request, deps.storage, { allowed: files.CERTIFICATE_KINDS, maxBytes: files.CERTIFICATE_MAX_BYTES, maxFiles: 1 });
      return { success: true as const, data: await files.uploadCertificate(deps, request.params.id, request.query.kind, uploaded.files) };
    },
  );

  r.get(
    '/api/professionnel/certificate/:id',
    { schema: { tags: [TAG], summary: "Télécharger l'attestation d'assurance", params: idParam, querystring: certificateQuery, response: errors } },
    async (request, reply) => {
      const file = await files.readCertificate(deps, request.params.id, request.query.kind);
      return sendFile(reply, { bytes: file.bytes, mime: file.mime, name: file.name, disposition: 'inline' });
    },
  );

  r.post(
    '/api/professionnel/upload-logo/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Envoyer le logo (JPEG, PNG ou WebP, 5 Mo au plus), redimensionné à 512 px',
        params: idParam,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadedData), ...uploadErrors },
      },
    },
    async (request) => {
      await files.assertProfessional(deps, request.params.id);
      const uploaded = await readUploads(request, { allowed: files.IMAGE_KINDS, maxBytes: files.LOGO_MAX_BYTES, maxFiles: 1 });
      return { success: true as const, data: await files.uploadLogo(deps, request.params.id, uploaded.files) };
    },
  );

  r.get(
    '/api/professionnel/logo/:id',
    { schema: { tags: [TAG], summary: "Logo d'une entreprise (PNG)", params: idParam, response: errors } },
    async (request, reply) => {
      const file = await files.readLogo(deps, request.params.id);
      return sendFile(reply, { bytes: file.bytes, mime: file.mime, cache: 'private, max-age=60' });
    },
  );

  // ---------- intervention zones ----------

  r.post(
    '/api/professionnel/store-intervention/:id',
    {
      schema: {
        tags: [TAG],
        summary: "Ajouter une zone d'intervention (département, ou commune et rayon en km)",
        params: idParam,
        body: zoneBody,
        response: { 201: envelope(zoneView), ...errors, 409: errorEnvelope },
      },
    },
    async (request, reply) => {
      const zone = await zones.storeZone(deps, request.params.id, request.body);
      reply.status(201);
      return { success: true as const, data: zone };
    },
  );

  r.get(
    '/api/professionnel/zone-intervention/:id',
    { schema: { tags: [TAG], summary: "Zones d'intervention d'un professionnel", params: idParam, response: { 200: envelope(z.array(zoneView)), ...errors } } },
    async (request) => ({ success: true as const, data: await zones.listZones(deps, request.params.id) }),
  );

  r.patch(
    '/api/professionnel/update-intervention/:id',
    {
      schema: {
        tags: [TAG],
        summary: "Modifier une zone d'intervention ({id} = la zone)",
        params: idParam,
        body: zoneBody,
        response: { 200: envelope(zoneView), ...errors, 409: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await zones.updateZone(deps, request.params.id, request.body) }),
  );

  r.delete(
    '/api/professionnel/delete-intervention/:id',
    { schema: { tags: [TAG], summary: "Supprimer une zone d'intervention ({id} = la zone)", params: idParam, response: { 200: okEnvelope, ...errors } } },
    async (request) => {
      await zones.deleteZone(deps, request.params.id);
      return { success: true as const, data: { message: 'La zone a été supprimée.' } };
    },
  );

  // ---------- references ----------

  r.get(
    '/api/professionnel/references/:id',
    { schema: { tags: [TAG], summary: 'Références (réalisations) d’un professionnel', params: idParam, response: { 200: envelope(z.array(referenceView)), ...errors } } },
    async (request) => ({ success: true as const, data: await files.listReferences(deps, request.params.id) }),
  );

  r.post(
    '/api/professionnel/references/:id',
    {
      schema: { tags: [TAG], summary: 'Ajouter une référence', params: idParam, body: referenceBody, response: { 201: envelope(referenceView), ...errors, 409: errorEnvelope } },
    },
    async (request, reply) => {
      const ref = await files.createReference(deps, request.params.id, request.body);
      reply.status(201);
      return { success: true as const, data: ref };
    },
  );

  r.patch(
    '/api/professionnel/update-reference/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Modifier une référence ({id} = la référence), retirer des photos',
        params: idParam,
        body: updateReferenceBody,
        response: { 200: envelope(referenceView), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await files.updateReference(deps, request.params.id, request.body) }),
  );

  r.delete(
    '/api/professionnel/delete-reference/:id',
    { schema: { tags: [TAG], summary: 'Supprimer une référence et ses photos', params: idParam, response: { 200: okEnvelope, ...errors } } },
    async (request) => {
      await files.deleteReference(deps, request.params.id);
      return { success: true as const, data: { message: 'La référence a été supprimée.' } };
    },
  );

  r.post(
    '/api/professionnel/reference-photo/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Ajouter des photos à une référence (JPEG, PNG ou WebP, 10 Mo au plus chacune)',
        params: idParam,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(referenceView), ...uploadErrors },
      },
    },
    async (request) => {
      await files.assertReferenceExists(deps, request.params.id);
      const uploaded = await readUploads(request, { allowed: files.IMAGE_KINDS, maxBytes: files.PHOTO_MAX_BYTES, maxFiles: files.MAX_PHOTOS_PER_REFERENCE });
      return { success: true as const, data: await files.addReferencePhotos(deps, request.params.id, uploaded.files) };
    },
  );

  r.get(
    '/api/professionnel/reference-photo/:id',
    { schema: { tags: [TAG], summary: "Photo d'une référence ({id} = la photo)", params: idParam, response: errors } },
    async (request, reply) => {
      const file = await files.readReferencePhoto(deps, request.params.id);
      return sendFile(reply, { bytes: file.bytes, mime: file.mime, cache: 'private, max-age=3600' });
    },
  );
}
