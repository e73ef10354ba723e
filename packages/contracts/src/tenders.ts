import { z } from 'zod';
import {
  ADMIN_MESSAGE_MAX,
  MAX_TENDERS_PER_SENDING,
  PROJECT_STATES,
  REFUSAL_REASON_LIMITS,
  TENDER_STATUSES,
  TENDER_VALIDATIONS,
  USER_TYPES,
} from '@ouvrage/domain';
import { idParam, okMessage, paginated, paginationQuery } from './common';
import { defineEndpoint } from './endpoint';
import { tenderLines } from './routes/tenders';

export const tenderStatus = z.enum(TENDER_STATUSES);
/** Enums on the wire, from the domain's constants (docs/decisions/0451). */
const tenderValidation = z.enum(TENDER_VALIDATIONS);
const projectState = z.enum(PROJECT_STATES);
const userType = z.enum(USER_TYPES);

/** A tender as the bell and tender lists see it (spec §3 "Tender"); `status` is the effective one. */
export const tenderSummary = z.object({
  id: z.number().int(),
  status: tenderStatus,
  validation: tenderValidation,
  project_id: z.number().int().nullable(),
  professional_id: z.number().int().nullable(),
  created_at: z.string(),
  reply_deadline: z.string(),
});
export type TenderSummary = z.infer<typeof tenderSummary>;

export { isAvailableTender } from '@ouvrage/domain';

/** A project file as a professional sees it through a tender. */
export const tenderFile = z.object({ id: z.number().int(), name: z.string(), mime_type: z.string(), size_bytes: z.number().int() });

/** What a tender shows of the project before acceptance: no name, e-mail, phone or street (issue 5). */
export const tenderProject = z.object({
  id: z.number().int(),
  category_name: z.string(),
  bien_name: z.string(),
  support: z.string(),
  ville: z.string(),
  codePostale: z.string(),
  departement: z.string(),
  surface: z.number(),
  surfaceTravaux: z.number(),
  budget: z.string(),
  budget_min_cents: z.number().int(),
  budget_max_cents: z.number().int().nullable(),
  times: z.string(),
  delai: z.string(),
  proprio: z.string(),
  description: z.string(),
  accompagnement: z.boolean(),
  besoinAccompagnement: z.string().nullable(),
  typeClient: z.string(),
  state: projectState,
  created_at: z.string(),
  files: z.array(tenderFile),
});

/** The client's contact details: only once the professional has accepted. */
export const tenderClientContact = z.object({
  client_id: z.number().int(),
  civility: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  company_name: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  street: z.string(),
  codePostale: z.string(),
  ville: z.string(),
});
export type TenderClientContact = z.infer<typeof tenderClientContact>;

export const professionalTender = z.object({
  id: z.number().int(),
  status: tenderStatus,
  validation: tenderValidation,
  available: z.boolean(),
  can_answer: z.boolean(),
  reply_deadline: z.string(),
  message: z.string().nullable(),
  refusal_reason: z.string().nullable(),
  answered_at: z.string().nullable(),
  created_at: z.string(),
  project: tenderProject,
  client: tenderClientContact.nullable(),
});
export type ProfessionalTender = z.infer<typeof professionalTender>;

export const myTendersQuery = paginationQuery.extend({
  scope: z.enum(['all', 'available', 'past'], { error: 'Choisissez « all », « available » ou « past ».' }).default('all'),
});

export const refuseTenderBody = z.object({
  reason: z
    .string({ error: 'Indiquez la raison du refus.' })
    .trim()
    .min(REFUSAL_REASON_LIMITS.min, 'Indiquez la raison du refus (au moins 3 caractères).')
    .max(REFUSAL_REASON_LIMITS.max, `La raison du refus ne peut pas dépasser ${REFUSAL_REASON_LIMITS.max} caractères.`),
});

export const answerTenderResult = z.object({
  tender: professionalTender,
  message: z.string(),
});

/** `mes-projets/{id}`: projects the professional accepted, with full contact and files. */
export const acceptedProject = z.object({
  tender_id: z.number().int(),
  accepted_at: z.string().nullable(),
  project: tenderProject,
  client: tenderClientContact,
});

/** `list-user-Pro/{id}`: the professional's clients, from accepted projects. */
export const professionalClient = z.object({
  client_id: z.number().int(),
  civility: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  company_name: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  ville: z.string(),
  last_accepted_at: z.string().nullable(),
  projects: z.array(z.object({ id: z.number().int(), category_name: z.string(), bien_name: z.string(), ville: z.string(), state: projectState })),
});

// ---------------------------------------------------------------------------------------------
// Admin
// ---------------------------------------------------------------------------------------------

export const matchReason = z.object({
  code: z.string(),
  points: z.number(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  label: z.string(),
});

export const tenderSuggestion = z.object({
  professional_id: z.number().int(),
  name: z.string(),
  company: z.string().nullable(),
  user_type: userType,
  profession: z.string().nullable(),
  in_zone: z.boolean(),
  score: z.number().int(),
  reasons: z.array(matchReason),
  /** The tender already sent to them for this project, if any. */
  existing: z.object({ id: z.number().int(), status: tenderStatus }).nullable(),
  can_send: z.boolean(),
});
export type TenderSuggestion = z.infer<typeof tenderSuggestion>;

export const suggestionsQuery = z.object({
  include_outside_zone: z
    .enum(['true', 'false'], { error: 'Valeur attendue : true ou false.' })
    .default('false')
    .transform((v) => v === 'true'),
});

export const suggestionsResult = z.object({
  project: z.object({
    id: z.number().int(),
    state: projectState,
    category_name: z.string(),
    bien_name: z.string(),
    support: z.string(),
    ville: z.string(),
    codePostale: z.string(),
    departement: z.string(),
    budget: z.string(),
    typeClient: z.string(),
  }),
  can_send: z.boolean(),
  max_acceptances: z.number().int(),
  accepted_count: z.number().int(),
  default_reply_deadline: z.string(),
  items: z.array(tenderSuggestion),
});
export type SuggestionsResult = z.infer<typeof suggestionsResult>;

export const createTenderBody = z.object({
  project_id: z.number({ error: 'Choisissez un projet.' }).int('Projet invalide.').positive('Projet invalide.'),
  professional_ids: z
    .array(z.number({ error: 'Professionnel invalide.' }).int('Professionnel invalide.').positive('Professionnel invalide.'), {
      error: 'Choisissez au moins un professionnel.',
    })
    .min(1, 'Choisissez au moins un professionnel.')
    .max(MAX_TENDERS_PER_SENDING, `Au plus ${MAX_TENDERS_PER_SENDING} professionnels par envoi.`),
  /** ISO date-time; default: the setting's number of days from now. */
  reply_deadline: z.iso.datetime({ offset: true, error: 'La date limite de réponse est invalide.' }).optional(),
  message: z.string().trim().max(ADMIN_MESSAGE_MAX, `Le message ne peut pas dépasser ${ADMIN_MESSAGE_MAX} caractères.`).optional(),
});
export type CreateTenderBody = z.infer<typeof createTenderBody>;

export const adminTender = z.object({
  id: z.number().int(),
  status: tenderStatus,
  validation: tenderValidation,
  reply_deadline: z.string(),
  message: z.string().nullable(),
  refusal_reason: z.string().nullable(),
  answered_at: z.string().nullable(),
  created_at: z.string(),
  match_score: z.number().int().nullable(),
  project: z.object({
    id: z.number().int(),
    category_name: z.string(),
    bien_name: z.string(),
    ville: z.string(),
    state: projectState,
    client_name: z.string(),
  }),
  professional: z.object({ id: z.number().int(), name: z.string(), company: z.string().nullable(), email: z.string(), user_type: userType }),
});
export type AdminTender = z.infer<typeof adminTender>;

export const createTenderResult = z.object({
  tenders: z.array(adminTender),
  project_state: projectState,
  message: z.string(),
});

export const adminTenderQuery = paginationQuery.extend({
  project_id: z.coerce.number().int().positive('Projet invalide.').optional(),
  professional_id: z.coerce.number().int().positive('Professionnel invalide.').optional(),
  /** Words of the project (client's name, city, category) or its number. */
  project: z.string().trim().max(100, 'Au plus 100 caractères.').optional(),
  /** Part of the professional's name, e-mail or company name. */
  professional: z.string().trim().max(100, 'Au plus 100 caractères.').optional(),
  status: tenderStatus.optional(),
});

export const tenderSettingsDto = z.object({ max_acceptances: z.number().int(), default_reply_days: z.number().int() });
export const tenderSettingsBody = z.object({
  max_acceptances: z.number({ error: 'Nombre invalide.' }).int('Nombre invalide.').min(1, 'Au moins 1.').max(20, 'Au plus 20.').optional(),
  default_reply_days: z.number({ error: 'Nombre invalide.' }).int('Nombre invalide.').min(1, 'Au moins 1 jour.').max(60, 'Au plus 60 jours.').optional(),
});

// ---------------------------------------------------------------------------------------------
// Client: who accepted the project
// ---------------------------------------------------------------------------------------------

export const publicProfessional = z.object({
  professional_id: z.number().int(),
  tender_id: z.number().int(),
  accepted_at: z.string().nullable(),
  name: z.string(),
  company: z.string(),
  trade_name: z.string().nullable(),
  user_type: userType,
  profession: z.string().nullable(),
  services: z.array(z.string()),
  description: z.string().nullable(),
  website: z.string().nullable(),
  contact_email: z.string(),
  contact_phone: z.string().nullable(),
  city: z.string().nullable(),
  year_founded: z.number().int().nullable(),
  headcount: z.number().int().nullable(),
  has_logo: z.boolean(),
  decennale: z.object({ insurer: z.string().nullable(), valid_until: z.string().nullable() }).nullable(),
  references: z.array(
    z.object({ id: z.number().int(), title: z.string(), city: z.string().nullable(), year: z.number().int().nullable(), photo_ids: z.array(z.number().int()) }),
  ),
});
export type PublicProfessional = z.infer<typeof publicProfessional>;

/** The bell's live stream snapshot (JSON answer of the stream path without `Accept: text/event-stream`). */
/** The bell: tenders awaiting an answer, and when the first of them expires (ISO, or null). */
export const notificationSnapshot = z.object({ available_tenders: z.number().int(), next_deadline: z.string().nullable() });
export type NotificationSnapshot = z.infer<typeof notificationSnapshot>;

/** One server-sent event: something changed in the tenders this user sees. */
export interface TenderEvent {
  type: 'tenders';
  reason: 'created' | 'accepted' | 'refused' | 'closed' | 'withdrawn' | 'expired';
  tender_ids: number[];
}

// ---------- the client's view of the tenders sent (issue 15) ----------

/** Counts of the sent tenders of a project by effective status, for « envoyé à 3 professionnels, 1 a accepté ». */
export const tenderProgress = z.object({
  sent: z.number().int(),
  accepted: z.number().int(),
  refused: z.number().int(),
  waiting: z.number().int(),
  expired: z.number().int(),
  closed: z.number().int(),
  max_acceptances: z.number().int(),
});
export type TenderProgress = z.infer<typeof tenderProgress>;

const errors = [400, 401, 403, 404] as const;

/**
 * Tenders. `{id}` is the user id in liste-offres, mes-offres, mes-projets and list-user-Pro; the
 * tender id in mes-offres/validate, mes-offres/refused and admin/supprimer/offre; a project id in
 * project/professionnels, avancement-offres and admin/project/{id}/suggestions. The bell's live
 * stream (server-sent events) and a tender's project file are answered outside the envelope: the
 * API registers them from their lines.
 */
export const tenderEndpoints = {
  bellTendersOf: defineEndpoint({ ...tenderLines.bellTendersOf, params: idParam, query: paginationQuery, response: paginated(tenderSummary), errors }),
  bellTendersAdmin: defineEndpoint({ ...tenderLines.bellTendersAdmin, query: paginationQuery, response: paginated(tenderSummary), errors: [400, 401, 403] }),

  myTenders: defineEndpoint({ ...tenderLines.myTenders, params: idParam, query: myTendersQuery, response: paginated(professionalTender), errors }),
  acceptTender: defineEndpoint({ ...tenderLines.acceptTender, params: idParam, response: answerTenderResult, errors: [...errors, 409] }),
  refuseTender: defineEndpoint({
    ...tenderLines.refuseTender,
    params: idParam,
    body: refuseTenderBody,
    response: answerTenderResult,
    errors: [...errors, 409],
  }),
  myProjects: defineEndpoint({ ...tenderLines.myProjects, params: idParam, query: paginationQuery, response: paginated(acceptedProject), errors }),
  matchingProfessionals: defineEndpoint({
    ...tenderLines.matchingProfessionals,
    params: idParam,
    query: paginationQuery,
    response: paginated(professionalClient),
    errors,
  }),

  projectProfessionals: defineEndpoint({ ...tenderLines.projectProfessionals, params: idParam, response: z.array(publicProfessional), errors }),
  projectTenderProgress: defineEndpoint({ ...tenderLines.projectTenderProgress, params: idParam, response: tenderProgress, errors }),

  suggestions: defineEndpoint({ ...tenderLines.suggestions, params: idParam, query: suggestionsQuery, response: suggestionsResult, errors }),
  /** One tender per professional; the project goes « En consultation ». */
  sendTender: defineEndpoint({ ...tenderLines.sendTender, body: createTenderBody, response: createTenderResult, status: 201, errors: [...errors, 409] }),
  sentTenders: defineEndpoint({ ...tenderLines.sentTenders, query: adminTenderQuery, response: paginated(adminTender), errors }),
  deleteTender: defineEndpoint({ ...tenderLines.deleteTender, params: idParam, response: okMessage, errors: [...errors, 409] }),
  getTenderSettings: defineEndpoint({ ...tenderLines.getTenderSettings, response: tenderSettingsDto, errors }),
  saveTenderSettings: defineEndpoint({ ...tenderLines.saveTenderSettings, body: tenderSettingsBody, response: tenderSettingsDto, errors }),
};
