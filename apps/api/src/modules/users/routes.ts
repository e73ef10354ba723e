import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountListItem,
  accountListQuery,
  changeEmailBody,
  changePasswordBody,
  checkUserBody,
  confirmEmailQuery,
  createAccountBody,
  createdAccount,
  deleteClientData,
  envelope,
  errorEnvelope,
  identityCheck,
  idParam,
  marketingLead,
  modifyUserBody,
  okEnvelope,
  paginated,
  paginationQuery,
  profileView,
  setValidationBody,
  updateProfileBody,
  validationData,
} from '@ouvrage/contracts';
import { createCompanyRegistry } from '../../adapters/company-registry';
import * as admin from './admin';
import * as own from './own-profile';
import * as repo from './repository';

const ADMIN = 'Utilisateurs';
const PROFILE = 'Profil';
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const registry = createCompanyRegistry(deps.config);

  // ---------- administration ----------

  r.get(
    '/admin/account/lists',
    {
      schema: {
        tags: [ADMIN],
        summary: 'Utilisateurs (clients, professionnels…) avec recherche, filtres et pagination',
        querystring: accountListQuery,
        response: { 200: envelope(paginated(accountListItem)), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await admin.listAccounts(deps, request.query) }),
  );

  r.post(
    '/admin/account/create-new',
    {
      schema: {
        tags: [ADMIN],
        summary: "Créer un compte (tout rôle) ; l'utilisateur reçoit un lien pour choisir son mot de passe",
        body: createAccountBody,
        response: { 201: envelope(createdAccount), ...errors, 409: errorEnvelope },
      },
    },
    async (request, reply) => {
      const created = await admin.createAccount(deps, request.body);
      reply.status(201);
      return { success: true as const, data: created };
    },
  );

  r.patch(
    '/api/admin/modify-user',
    { schema: { tags: [ADMIN], summary: "Modifier les coordonnées d'un utilisateur", body: modifyUserBody, response: { 200: okEnvelope, ...errors, 409: errorEnvelope } } },
    async (request) => {
      await admin.modifyUser(deps, request.body);
      return { success: true as const, data: { message: "L'utilisateur a été modifié." } };
    },
  );

  r.delete(
    '/api/delete-client/:id',
    {
      schema: {
        tags: [ADMIN],
        summary: 'Supprimer un client (anonymisé quand des projets, appels d’offre, devis ou factures le retiennent)',
        params: idParam,
        response: { 200: envelope(deleteClientData), ...errors, 409: errorEnvelope },
      },
    },
    async (request) => {
      const mode = await admin.deleteClient(deps, request.params.id);
      return {
        success: true as const,
        data: { mode, message: mode === 'deleted' ? 'Le client a été supprimé.' : 'Le client a été anonymisé : ses projets sont conservés sans données personnelles.' },
      };
    },
  );

  r.post(
    '/api/admin/check-user',
    {
      schema: {
        tags: [ADMIN],
        summary: "Contrôle d'identité d'un professionnel (registre, nom, assurances)",
        body: checkUserBody,
        response: { 200: envelope(identityCheck), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await admin.checkUser(deps, registry, request.body.id) }),
  );

  r.post(
    '/api/admin/validation-user/:id',
    {
      schema: {
        tags: [ADMIN],
        summary: 'Valider ou refuser un professionnel (motif obligatoire en cas de refus)',
        params: idParam,
        body: setValidationBody,
        response: { 200: envelope(validationData), ...errors, 409: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await admin.setValidation(deps, request.params.id, request.body.is_validate, request.body.reason) }),
  );

  r.get(
    '/api/admin/marketing-leads',
    {
      schema: {
        tags: [ADMIN],
        summary: 'Prospects des formulaires (conservés ici sans portail HubSpot)',
        querystring: paginationQuery,
        response: { 200: envelope(paginated(marketingLead)), ...errors },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const { rows, total, total_capped } = await repo.listLeads(deps.db, page, per_page);
      return {
        success: true as const,
        data: {
          items: rows.map((l) => ({
            id: l.id,
            form: l.form,
            email: l.email,
            fields: l.fields,
            status: l.status as 'kept' | 'sent' | 'failed',
            last_error: l.lastError,
            created_at: l.createdAt.toISOString(),
            forwarded_at: l.forwardedAt?.toISOString() ?? null,
          })),
          total,
          total_capped,
          page,
          per_page,
        },
      };
    },
  );

  // ---------- own profile (/profil) ----------

  r.get(
    '/api/profil/:id',
    { schema: { tags: [PROFILE], summary: 'Mes informations', params: idParam, response: { 200: envelope(profileView), ...errors } } },
    async (request) => ({ success: true as const, data: await own.getProfile(deps, request.params.id) }),
  );

  r.patch(
    '/api/profil/:id',
    { schema: { tags: [PROFILE], summary: 'Modifier mes informations', params: idParam, body: updateProfileBody, response: { 200: envelope(profileView), ...errors } } },
    async (request) => ({ success: true as const, data: await own.updateProfile(deps, request.params.id, request.body) }),
  );

  r.post(
    '/api/profil/change-email/:id',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: [PROFILE],
        summary: "Demander un changement d'adresse e-mail (lien de confirmation envoyé à la nouvelle adresse)",
        params: idParam,
        body: changeEmailBody,
        response: { 200: okEnvelope, ...errors, 409: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request) => {
      await own.requestEmailChange(deps, request.params.id, request.body.new_email, request.body.current_password);
      return { success: true as const, data: { message: `Un lien de confirmation a été envoyé à ${request.body.new_email}.` } };
    },
  );

  r.get(
    '/api/profil/confirm-email',
    {
      schema: {
        tags: [PROFILE],
        summary: "Confirmer le changement d'adresse e-mail (lien reçu) puis revenir sur /profil",
        querystring: confirmEmailQuery,
        response: { 400: errorEnvelope },
      },
    },
    async (request, reply) => {
      const done = await own.confirmEmailChange(deps, request.query.token);
      return reply.redirect(`/profil?email=${done ? 'confirmed' : 'invalid'}`, 303);
    },
  );

  r.post(
    '/api/profil/change-password/:id',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: [PROFILE],
        summary: 'Changer mon mot de passe (mot de passe actuel requis)',
        params: idParam,
        body: changePasswordBody,
        response: { 200: okEnvelope, ...errors, 429: errorEnvelope },
      },
    },
    async (request) => {
      await own.changePassword(deps, request.params.id, request.body.current_password, request.body.password, request.cookies.refresh_token);
      return { success: true as const, data: { message: 'Votre mot de passe a été modifié.' } };
    },
  );
}
