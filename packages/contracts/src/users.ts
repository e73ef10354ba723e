import { z } from 'zod';
import { CLIENT_TYPES, USER_TYPES, VALIDATION_STATES } from '@ouvrage/domain';
import { email, idParam, okMessage, paginated, paginationQuery } from './common';
import { passwordField } from './auth';
import { defineEndpoint } from './endpoint';
import { marketingLead, optionalPhone, optionalText, requiredText } from './professionals';
import { userLines as lines } from './routes/users';

// ---------- admin lists ----------

export const accountListQuery = paginationQuery.extend({
  group: z.enum(['client', 'pro', 'admin', 'all'], { error: 'Groupe inconnu.' }).default('all'),
  q: z.string().trim().max(100, 'La recherche compte au plus 100 caractères.').optional(),
  user_type: z.enum(USER_TYPES).optional(),
  is_validate: z.enum(VALIDATION_STATES).optional(),
  profession_id: z.coerce.number().int().positive().optional(),
  departement: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(\d{2}|2A|2B|97\d)$/, 'Code de département invalide.')
    .optional(),
  sort: z.enum(['recent', 'name']).default('recent'),
});
export type AccountListQuery = z.infer<typeof accountListQuery>;

export const accountListItem = z.object({
  id: z.number().int(),
  civility: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  user_type: z.enum(USER_TYPES),
  is_validate: z.string(),
  created_at: z.string(),
  company: z
    .object({
      raison_sociale: z.string(),
      siret: z.string().nullable(),
      profession_name: z.string().nullable(),
      departement: z.string().nullable(),
      completeness_percent: z.number().int(),
    })
    .nullable(),
  /** A client's company, as given with their latest project as an entreprise (null for a particulier). */
  client_company: z.string().nullable(),
});
export type AccountListItem = z.infer<typeof accountListItem>;

// ---------- create / modify / delete ----------

export const createAccountBody = z.object({
  user_type: z.enum(USER_TYPES, { error: 'Choisissez un rôle.' }),
  civility: z.enum(['M.', 'Mme']).nullish(),
  firstname: requiredText(100, 'Le prénom est obligatoire.'),
  lastname: requiredText(100, 'Le nom est obligatoire.'),
  email,
  phone: optionalPhone,
  raison_sociale: optionalText(200),
});
export const createdAccount = z.object({
  id: z.number().int(),
  email: z.string(),
  user_type: z.enum(USER_TYPES),
  is_validate: z.string(),
  message: z.string(),
});

export const modifyUserBody = z.object({
  id: z.number({ error: 'Identifiant invalide.' }).int().positive('Identifiant invalide.'),
  civility: z.enum(['M.', 'Mme']).nullish(),
  firstname: requiredText(100, 'Le prénom est obligatoire.'),
  lastname: requiredText(100, 'Le nom est obligatoire.'),
  email,
  phone: optionalPhone,
  country: optionalText(60),
});

export const deleteClientData = z.object({ mode: z.enum(['deleted', 'anonymised']), message: z.string() });

// ---------- validation of professionals ----------

export const checkUserBody = z.object({ id: z.number({ error: 'Identifiant invalide.' }).int().positive('Identifiant invalide.') });
export const identityCheck = z.object({
  siret_valid: z.boolean(),
  registry_available: z.boolean(),
  registry_found: z.boolean(),
  registry_active: z.boolean(),
  registry_name: z.string().nullable(),
  name_matches: z.boolean(),
  decennale_required: z.boolean(),
  decennale_valid: z.boolean(),
  rc_pro_valid: z.boolean(),
  profile_complete: z.boolean(),
  ok: z.boolean(),
  checked_at: z.string(),
});
export type IdentityCheck = z.infer<typeof identityCheck>;

export const setValidationBody = z
  .object({
    is_validate: z.enum(['Validé', 'Refusé'], { error: 'Choisissez « Validé » ou « Refusé ».' }),
    reason: optionalText(1000, 'Le motif'),
  })
  .refine((b) => b.is_validate === 'Validé' || (b.reason && b.reason.length >= 5), {
    message: 'Indiquez le motif du refus (au moins 5 caractères).',
    path: ['reason'],
  });
export const validationData = z.object({ id: z.number().int(), is_validate: z.string(), validation_reason: z.string().nullable(), message: z.string() });

// ---------- own profile (/profil) ----------

export const profileView = z.object({
  id: z.number().int(),
  civility: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  user_type: z.enum(USER_TYPES),
  is_validate: z.string(),
  pending_email: z.string().nullable(),
  created_at: z.string(),
  /**
   * A client's details as given with their latest project request, which a new request starts from
   * (issue 36 §6): particulier or entreprise, and the company's name and SIRET. Null for another
   * role, or a client without a project.
   */
  latest_request: z.object({ type_client: z.enum(CLIENT_TYPES), company_name: z.string().nullable(), siret: z.string().nullable() }).nullable(),
});
export type ProfileView = z.infer<typeof profileView>;

export const updateProfileBody = z.object({
  civility: z.enum(['M.', 'Mme']).nullish(),
  firstname: requiredText(100, 'Le prénom est obligatoire.'),
  lastname: requiredText(100, 'Le nom est obligatoire.'),
  phone: optionalPhone,
  country: optionalText(60),
});

export const changeEmailBody = z.object({
  new_email: email,
  current_password: z.string({ error: 'Le mot de passe actuel est obligatoire.' }).min(1, 'Le mot de passe actuel est obligatoire.').max(128),
});

export const confirmEmailQuery = z.object({ token: z.string().min(20).max(200) });

export const changePasswordBody = z
  .object({
    current_password: z.string({ error: 'Le mot de passe actuel est obligatoire.' }).min(1, 'Le mot de passe actuel est obligatoire.').max(128),
    password: passwordField,
    password_confirmation: z.string({ error: 'Veuillez confirmer le mot de passe.' }),
  })
  .refine((b) => b.password === b.password_confirmation, {
    message: 'Les deux mots de passe ne correspondent pas.',
    path: ['password_confirmation'],
  });

// ---------- endpoints (docs/decisions/1171-professionals-users-auth-as-contracts.md) ----------

const errors = [400, 401, 403, 404] as const;

/**
 * User administration (admin) and each user's own profile page (/profil). The e-mail confirmation
 * link answers a redirect to /profil, not JSON: its line is registered by the API directly.
 */
export const userEndpoints = {
  listUsers: defineEndpoint({ ...lines.listUsers, query: accountListQuery, response: paginated(accountListItem), errors }),
  createUser: defineEndpoint({ ...lines.createUser, body: createAccountBody, response: createdAccount, status: 201, errors: [...errors, 409] }),
  modifyUser: defineEndpoint({ ...lines.modifyUser, body: modifyUserBody, response: okMessage, errors: [...errors, 409] }),
  /** Anonymised instead when projects, tenders, quotes or invoices retain the client. */
  deleteClient: defineEndpoint({ ...lines.deleteClient, params: idParam, response: deleteClientData, errors: [...errors, 409] }),
  checkProfessional: defineEndpoint({ ...lines.checkProfessional, body: checkUserBody, response: identityCheck, errors }),
  validateProfessional: defineEndpoint({
    ...lines.validateProfessional,
    params: idParam,
    body: setValidationBody,
    response: validationData,
    errors: [...errors, 409],
  }),
  marketingLeads: defineEndpoint({ ...lines.marketingLeads, query: paginationQuery, response: paginated(marketingLead), errors }),

  getProfile: defineEndpoint({ ...lines.getProfile, params: idParam, response: profileView, errors }),
  updateProfile: defineEndpoint({ ...lines.updateProfile, params: idParam, body: updateProfileBody, response: profileView, errors }),
  changeEmail: defineEndpoint({ ...lines.changeEmail, params: idParam, body: changeEmailBody, response: okMessage, errors: [...errors, 409, 429] }),
  changePassword: defineEndpoint({ ...lines.changePassword, params: idParam, body: changePasswordBody, response: okMessage, errors: [...errors, 429] }),
};
