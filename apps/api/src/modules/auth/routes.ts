import type { FastifyInstance, FastifyReply } from 'fastify';
import { USER_TYPES } from '@ouvrage/domain';
import { authEndpoints as endpoints } from '@ouvrage/contracts';
import { route } from '../../lib/route';
import { callerOf } from '../../plugins/access-control';
import * as auth from './service';

const REFRESH_COOKIE = 'refresh_token';
const ROLE_LABELS: Record<(typeof USER_TYPES)[number], string> = {
  client: 'Client',
  professionnel: 'Professionnel',
  dessinateur: 'Dessinateur',
  architecte: 'Architecte',
  admin: 'Administrateur',
};

export async function authRoutes(app: FastifyInstance) {
  const { deps } = app;
  const rateLimit = { max: deps.config.loginRateLimit, timeWindow: '1 minute' };
  const tags = ['Authentification'];

  function setRefreshCookie(reply: FastifyReply, token: string) {
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: deps.config.https,
      path: '/api',
      maxAge: deps.config.refreshTokenTtlDays * 86_400,
    });
  }
  function clearRefreshCookie(reply: FastifyReply) {
    reply.clearCookie(REFRESH_COOKIE, { path: '/api' });
  }

  route(app, endpoints.login, {
    tags,
    summary: 'Se connecter',
    config: { rateLimit },
    handler: async (request, reply) => {
      const issued = await auth.login(deps, request.body.email, request.body.password);
      setRefreshCookie(reply, issued.refreshToken);
      return issued.session;
    },
  });

  route(app, endpoints.refresh, {
    tags,
    summary: "Renouveler le jeton d'accès (cookie refresh_token, rotation)",
    handler: async (request, reply) => {
      try {
        const issued = await auth.refresh(deps, request.cookies[REFRESH_COOKIE]);
        setRefreshCookie(reply, issued.refreshToken);
        return issued.session;
      } catch (error) {
        clearRefreshCookie(reply);
        throw error;
      }
    },
  });

  route(app, endpoints.logout, {
    tags,
    summary: 'Se déconnecter',
    handler: async (request, reply) => {
      await auth.logout(deps, request.cookies[REFRESH_COOKIE]);
      clearRefreshCookie(reply);
      return { message: 'Vous êtes déconnecté.' };
    },
  });

  route(app, endpoints.me, {
    tags,
    summary: 'Utilisateur connecté',
    handler: async (request) => {
      const caller = callerOf(request);
      return {
        id: caller.id,
        firstname: caller.firstname,
        lastname: caller.lastname,
        email: caller.email,
        user_type: caller.user_type,
        is_validate: caller.is_validate,
      };
    },
  });

  route(app, endpoints.forgotPassword, {
    tags,
    summary: 'Demander un lien de réinitialisation du mot de passe',
    config: { rateLimit },
    handler: async (request) => {
      await auth.forgotPassword(deps, request.body.email);
      return auth.FORGOT_PASSWORD_ANSWER;
    },
  });

  route(app, endpoints.saveNewPassword, {
    tags,
    summary: 'Enregistrer un nouveau mot de passe avec le lien reçu',
    config: { rateLimit },
    handler: async (request) => {
      await auth.saveNewPassword(deps, request.body.token, request.body.password);
      return { message: 'Votre mot de passe a été enregistré. Vous pouvez vous connecter.' };
    },
  });

  route(app, endpoints.listRoles, {
    tags: ['Utilisateurs'],
    summary: 'Rôles des comptes',
    handler: async () => USER_TYPES.map((value) => ({ value, label: ROLE_LABELS[value] })),
  });
}
