import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { confirmEmailQuery, errorEnvelope, userEndpoints as endpoints, userLines as lines } from '@ouvrage/contracts';
import { createCompanyRegistry } from '../../adapters/company-registry';
import { lineRoute, route } from '../../lib/route';
import * as admin from './admin';
import * as own from './own-profile';
import { professionalAccounts } from './professional-accounts';
import { registerExport } from '../data-export';
import { profileExport } from './personal-data';

const ADMIN = ['Utilisateurs'];
const PROFILE = ['Profil'];

export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const registry = createCompanyRegistry(deps.config);
  registerExport(deps, profileExport);

  // ---------- administration ----------

  route(app, endpoints.listUsers, {
    tags: ADMIN,
    summary: 'Utilisateurs (clients, professionnels…) avec recherche, filtres et pagination',
    handler: (request) => admin.listAccounts(deps, request.query),
  });

  route(app, endpoints.createUser, {
    tags: ADMIN,
    summary: "Créer un compte (tout rôle) ; l'utilisateur reçoit un lien pour choisir son mot de passe",
    handler: (request) => admin.createAccount(deps, request.body),
  });

  route(app, endpoints.modifyUser, {
    tags: ADMIN,
    summary: "Modifier les coordonnées d'un utilisateur",
    handler: async (request) => {
      await admin.modifyUser(deps, request.body);
      return { message: "L'utilisateur a été modifié." };
    },
  });

  route(app, endpoints.deleteClient, {
    tags: ADMIN,
    summary: 'Supprimer un client (anonymisé quand des projets, appels d’offre, devis ou factures le retiennent)',
    handler: async (request) => {
      const mode = await admin.deleteClient(deps, request.params.id);
      return {
        mode,
        message: mode === 'deleted' ? 'Le client a été supprimé.' : 'Le client a été anonymisé : ses projets sont conservés sans données personnelles.',
      };
    },
  });

  route(app, endpoints.checkProfessional, {
    tags: ADMIN,
    summary: "Contrôle d'identité d'un professionnel (registre, nom, assurances)",
    handler: (request) => admin.checkUser(deps, registry, request.body.id),
  });

  route(app, endpoints.validateProfessional, {
    tags: ADMIN,
    summary: 'Valider ou refuser un professionnel (motif obligatoire en cas de refus)',
    handler: (request) => admin.setValidation(deps, request.params.id, request.body.is_validate, request.body.reason),
  });

  route(app, endpoints.marketingLeads, {
    tags: ADMIN,
    summary: 'Prospects des formulaires (conservés ici sans portail HubSpot)',
    handler: async (request) => {
      const { page, per_page } = request.query;
      const { rows, total, total_capped } = await professionalAccounts(deps).leads(deps.db, page, per_page);
      return {
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
      };
    },
  });

  // ---------- own profile (/profil) ----------

  route(app, endpoints.getProfile, { tags: PROFILE, summary: 'Mes informations', handler: (request) => own.getProfile(deps, request.params.id) });

  route(app, endpoints.updateProfile, {
    tags: PROFILE,
    summary: 'Modifier mes informations',
    handler: (request) => own.updateProfile(deps, request.params.id, request.body),
  });

  route(app, endpoints.changeEmail, {
    tags: PROFILE,
    summary: "Demander un changement d'adresse e-mail (lien de confirmation envoyé à la nouvelle adresse)",
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request) => {
      await own.requestEmailChange(deps, request.params.id, request.body.new_email, request.body.current_password);
      return { message: `Un lien de confirmation a été envoyé à ${request.body.new_email}.` };
    },
  });

  // The link mailed to the new address answers a redirect to /profil, not JSON: registered from its line.
  r.route({
    ...lineRoute(lines.confirmEmail),
    schema: {
      tags: PROFILE,
      summary: "Confirmer le changement d'adresse e-mail (lien reçu) puis revenir sur /profil",
      querystring: confirmEmailQuery,
      response: { 400: errorEnvelope },
    },
    handler: async (request, reply) => {
      const done = await own.confirmEmailChange(deps, request.query.token);
      return reply.redirect(`/profil?email=${done ? 'confirmed' : 'invalid'}`, 303);
    },
  });

  route(app, endpoints.changePassword, {
    tags: PROFILE,
    summary: 'Changer mon mot de passe (mot de passe actuel requis)',
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request) => {
      await own.changePassword(deps, request.params.id, request.body.current_password, request.body.password, request.cookies.refresh_token);
      return { message: 'Votre mot de passe a été modifié.' };
    },
  });
}
