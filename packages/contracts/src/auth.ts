import { z } from 'zod';
import { PASSWORD_RULES, USER_TYPES } from '@ouvrage/domain';
import { email, okMessage, okNotice } from './common';
import { defineEndpoint } from './endpoint';
import { authLines as lines } from './routes/auth';

export const passwordField = z.string({ error: 'Le mot de passe est obligatoire.' }).refine((p) => PASSWORD_RULES.every((rule) => rule.test(p)), {
  message: 'Le mot de passe doit contenir au moins 10 caractères, une minuscule, une majuscule et un chiffre.',
});

export const loginBody = z.object({
  email,
  password: z.string({ error: 'Le mot de passe est obligatoire.' }).min(1, 'Le mot de passe est obligatoire.').max(128),
});

/** The logged-in user stored by the browser as `datauser` (spec §3). */
export const dataUser = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  user_type: z.enum(USER_TYPES),
  is_validate: z.string(),
});
export type DataUser = z.infer<typeof dataUser>;

export const sessionData = z.object({
  token: z.object({ token: z.string(), expires_at: z.string() }),
  datauser: dataUser,
});
export type SessionData = z.infer<typeof sessionData>;

export const forgotPasswordBody = z.object({ email });

export const saveNewPasswordBody = z
  .object({
    token: z.string({ error: 'Le lien de réinitialisation est invalide.' }).min(20, 'Le lien de réinitialisation est invalide.').max(200),
    password: passwordField,
    password_confirmation: z.string({ error: 'Veuillez confirmer le mot de passe.' }),
  })
  .refine((b) => b.password === b.password_confirmation, {
    message: 'Les deux mots de passe ne correspondent pas.',
    path: ['password_confirmation'],
  });

export const roleItem = z.object({ value: z.enum(USER_TYPES), label: z.string() });

// ---------- endpoints (docs/decisions/1171-professionals-users-auth-as-contracts.md) ----------

/**
 * Sessions and passwords. Login and refresh set the httpOnly `refresh_token` cookie (path /api),
 * refresh rotates it and logout clears it; the access token travels in `data.token`.
 */
export const authEndpoints = {
  login: defineEndpoint({ ...lines.login, body: loginBody, response: sessionData, errors: [400, 401, 429] }),
  /** Reads the `refresh_token` cookie: no body. */
  refresh: defineEndpoint({ ...lines.refresh, response: sessionData, errors: [401] }),
  logout: defineEndpoint({ ...lines.logout, response: okMessage, errors: [] }),
  forgotPassword: defineEndpoint({ ...lines.forgotPassword, body: forgotPasswordBody, response: okNotice, errors: [400, 429] }),
  saveNewPassword: defineEndpoint({ ...lines.saveNewPassword, body: saveNewPasswordBody, response: okMessage, errors: [400, 429] }),
  me: defineEndpoint({ ...lines.me, response: dataUser, errors: [401] }),
  listRoles: defineEndpoint({ ...lines.listRoles, response: z.array(roleItem), errors: [] }),
};
