import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_TYPES } from '@ouvrage/domain';
import {
  dataUser,
  envelope,
  errorEnvelope,
  forgotPasswordBody,
  loginBody,
  okEnvelope,
  roleItem,
  saveNewPasswordBody,
  sessionData,
} from '@ouvrage/contracts';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const rateLimit = { max: deps.config.loginRateLimit, timeWindow: '1 minute' };

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

  r.post(
    '/api/login',
    {
      config: { rateLimit },
      schema: {
        tags: ['Authentification'],
        summary: 'Se connecter',
        body: loginBody,
        response: { 200: envelope(sessionData), 400: errorEnvelope, 401: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request, reply) => {
      const issued = await auth.login(deps, request.body.email, request.body.password);
      setRefreshCookie(reply, issued.refreshToken);
      return { success: true as const, data: issued.session };
    },
  );

  r.post(
    '/api/refresh',
    {
      schema: {
        tags: ['Authentification'],
        summary: "Renouveler le jeton d'accès (cookie refresh_token, rotation)",
        response: { 200: envelope(sessionData), 401: errorEnvelope },
      },
    },
    async (request, reply) => {
      try {
        const issued = await auth.refresh(deps, request.cookies[REFRESH_COOKIE]);
        setRefreshCookie(reply, issued.refreshToken);
        return { success: true as const, data: issued.session };
      } catch (error) {
        clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  r.post(
    '/api/logout',
    { schema: { tags: ['Authentification'], summary: 'Se déconnecter', response: { 200: okEnvelope } } },
    async (request, reply) => {
      await auth.logout(deps, request.cookies[REFRESH_COOKIE]);
      clearRefreshCookie(reply);
      return { success: true as const, data: { message: 'Vous êtes déconnecté.' } };
    },
  );

  r.get(
    '/api/me',
    { schema: { tags: ['Authentification'], summary: 'Utilisateur connecté', response: { 200: envelope(dataUser), 401: errorEnvelope } } },
    async (request) => {
      const caller = callerOf(request);
      return {
        success: true as const,
        data: {
          id: caller.id,
          firstname: caller.firstname,
          lastname: caller.lastname,
          email: caller.email,
          user_type: caller.user_type,
          is_validate: caller.is_validate,
        },
      };
    },
  );

  r.post(
    '/api/forgot-password',
    {
      config: { rateLimit },
      schema: {
        tags: ['Authentification'],
        summary: 'Demander un lien de réinitialisation du mot de passe',
        body: forgotPasswordBody,
        response: { 200: okEnvelope, 400: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request) => {
      await auth.forgotPassword(deps, request.body.email);
      return { success: true as const, data: { message: auth.FORGOT_PASSWORD_ANSWER } };
    },
  );

  r.post(
    '/api/save-new-password',
    {
      config: { rateLimit },
      schema: {
        tags: ['Authentification'],
        summary: 'Enregistrer un nouveau mot de passe avec le lien reçu',
        body: saveNewPasswordBody,
        response: { 200: okEnvelope, 400: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request) => {
      await auth.saveNewPassword(deps, request.body.token, request.body.password);
      return { success: true as const, data: { message: 'Votre mot de passe a été enregistré. Vous pouvez vous connecter.' } };
    },
  );

  r.get(
    '/api/list-role',
    { schema: { tags: ['Utilisateurs'], summary: 'Rôles des comptes', response: { 200: envelope(z.array(roleItem)) } } },
    async () => ({ success: true as const, data: USER_TYPES.map((value) => ({ value, label: ROLE_LABELS[value] })) }),
  );
}
