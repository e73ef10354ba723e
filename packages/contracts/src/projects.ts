import { z } from 'zod';
import {
  ACCOMPANIMENT_KINDS,
  BUDGET_KEYS,
  CIVILITIES,
  CLIENT_TYPES,
  DEADLINES,
  OWNER_STATUSES,
  PROJECT_STAGES,
  PROJECT_STATES,
  START_PERIODS,
  SUPPORT_KINDS,
  validateProjectRequest,
  type ProjectRequest,
} from '@ouvrage/domain';
import { idParam, okMessage, paginated, paginationQuery } from './common';
import { defineEndpoint } from './endpoint';
import { projectLines } from './routes/projects';

const text = (max: number, message = 'Ce champ est obligatoire.') => z.string({ error: message }).trim().max(max, `Au plus ${max} caractères.`);
const positiveId = (message: string) => z.number({ error: message }).int(message).positive(message);
const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) => z.enum(values, { error: message });

/**
 * The client request with the names of spec §3 (support, projet, bien, codePostale…).
 * Money in integer cents (`valueBien`). Types first, then every rule of the domain with
 * a French message on its field.
 */
const projectFieldsShape = z.object({
  support: choice(SUPPORT_KINDS, "Choisissez le type d'accompagnement souhaité."),
  projet: positiveId('Choisissez une catégorie de projet.'),
  bien: positiveId('Choisissez le type de bien.'),
  street: text(250, "L'adresse (numéro et rue) est obligatoire."),
  codePostale: text(5, 'Le code postal est obligatoire.'),
  ville: text(120, 'La commune est obligatoire.'),
  cityCode: text(5, 'Choisissez la commune dans la liste proposée.'),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  showAdresse: z.boolean({ error: "Indiquez si l'adresse peut être montrée aux professionnels." }),
  surface: z.number({ error: 'La surface du bien doit être un nombre.' }),
  surfaceTravaux: z.number({ error: 'La surface des travaux doit être un nombre.' }),
  valueBien: z.number({ error: 'La valeur du bien doit être un montant en centimes.' }).int('La valeur du bien doit être un montant en centimes.').nullable(),
  budget: choice(BUDGET_KEYS, 'Choisissez une fourchette de budget.'),
  times: choice(START_PERIODS, 'Indiquez quand les travaux doivent commencer.'),
  delai: choice(DEADLINES, 'Indiquez le délai souhaité.'),
  proprio: choice(OWNER_STATUSES, 'Indiquez si vous êtes propriétaire du bien.'),
  description: text(5000, 'Décrivez votre projet.'),
  accompagnement: z.boolean({ error: 'Indiquez si vous souhaitez être accompagné.' }),
  besoinAccompagnement: choice(ACCOMPANIMENT_KINDS, "Choisissez le type d'accompagnement.").nullable(),
  typeClient: choice(CLIENT_TYPES, 'Indiquez si vous êtes un particulier ou une entreprise.'),
  companyName: text(200).nullable(),
  siret: text(20).nullable(),
  civility: choice(CIVILITIES, 'Choisissez la civilité.'),
  lastname: text(100, 'Le nom est obligatoire.'),
  firstname: text(100, 'Le prénom est obligatoire.'),
  email: text(254, "L'adresse e-mail est obligatoire.").toLowerCase(),
  phone: text(30, 'Le numéro de téléphone est obligatoire.'),
  country: text(100, 'Le pays est obligatoire.'),
});

export const projectRequestShape = projectFieldsShape.extend({
  valueBien: projectFieldsShape.shape.valueBien.default(null),
  besoinAccompagnement: projectFieldsShape.shape.besoinAccompagnement.default(null),
  companyName: projectFieldsShape.shape.companyName.default(null),
  siret: projectFieldsShape.shape.siret.default(null),
});

function withDomainRules<T extends z.ZodType<Partial<ProjectRequest>>>(schema: T) {
  return schema.superRefine((value, ctx) => {
    const fields = Object.keys(value) as Array<keyof ProjectRequest>;
    const errors = validateProjectRequest(value, fields);
    for (const [path, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: [path], message: message as string });
  });
}

export const projectRequestBody = withDomainRules(projectRequestShape);
export type ProjectRequestBody = z.input<typeof projectRequestShape>;

/** Editing while `En attente`: any subset; the merged project is checked as a whole. */
export const updateProjectBody = projectFieldsShape
  .omit({ typeClient: true, email: true })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Aucune modification envoyée.' });
export type UpdateProjectBody = z.input<typeof updateProjectBody>;

export const projectState = z.enum(PROJECT_STATES);
export const projectStage = z.enum(PROJECT_STAGES);

/** Every field of a project, as the owner, attributed professionals and admins read it. */
export const projectDto = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  support: z.string(),
  projet: z.number().int(),
  category_name: z.string(),
  bien: z.number().int(),
  bien_name: z.string(),
  street: z.string(),
  codePostale: z.string(),
  ville: z.string(),
  cityCode: z.string(),
  departement: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  showAdresse: z.boolean(),
  surface: z.number(),
  surfaceTravaux: z.number(),
  valueBien: z.number().int().nullable(),
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
  companyName: z.string().nullable(),
  siret: z.string().nullable(),
  civility: z.string(),
  lastname: z.string(),
  firstname: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  state: projectState,
  stage: projectStage,
  created_at: z.string(),
  updated_at: z.string(),
  /** What the caller may do next (the UI mirrors the API's rules). */
  can_edit: z.boolean(),
  /** The client who owns it may cancel it: open, and no signed quote (issue 15). */
  can_cancel: z.boolean(),
  next_states: z.array(projectState),
  next_stages: z.array(projectStage),
});
export type ProjectDto = z.infer<typeof projectDto>;

export const projectSummary = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  client_name: z.string(),
  email: z.string(),
  support: z.string(),
  category_name: z.string(),
  bien_name: z.string(),
  ville: z.string(),
  codePostale: z.string(),
  departement: z.string(),
  budget: z.string(),
  state: projectState,
  stage: projectStage,
  created_at: z.string(),
});
export type ProjectSummary = z.infer<typeof projectSummary>;

export const projectDetailItem = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  author_name: z.string().nullable(),
  created_at: z.string(),
});

export const projectFileItem = z.object({
  id: z.number().int(),
  name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  uploaded_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type ProjectFileItem = z.infer<typeof projectFileItem>;

export const projectActivityItem = z.object({
  id: z.number().int(),
  action: z.enum(['created', 'updated', 'state', 'stage', 'detail', 'file']),
  from_value: z.string().nullable(),
  to_value: z.string().nullable(),
  message: z.string(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
});
export type ProjectActivityItem = z.infer<typeof projectActivityItem>;

export const projectFull = z.object({
  project: projectDto,
  details: z.array(projectDetailItem),
  files: z.array(projectFileItem),
  activity: z.array(projectActivityItem),
});
export type ProjectFull = z.infer<typeof projectFull>;

export const createProjectResult = z.object({
  /**
   * A logged-in client's new project. Null for a visitor: their answer is the same whether the
   * e-mail already had an account or not, and what follows is in the mail (docs/decisions/0452).
   */
  project: projectDto.nullable(),
  message: z.string(),
});
export type CreateProjectResult = z.infer<typeof createProjectResult>;

const projectIdField = positiveId('Projet invalide.');

export const addDetailBody = z.object({
  project_id: projectIdField,
  question: z.string({ error: 'La question est obligatoire.' }).trim().min(2, 'La question est obligatoire.').max(300, 'Au plus 300 caractères.'),
  answer: z.string({ error: 'La réponse est obligatoire.' }).trim().min(1, 'La réponse est obligatoire.').max(5000, 'Au plus 5 000 caractères.'),
});

export const changeStateBody = z.object({
  project_id: projectIdField,
  state: z.enum(PROJECT_STATES, { error: 'Cet état de projet n’existe pas.' }),
  comment: z.string().trim().max(1000, 'Au plus 1 000 caractères.').optional(),
});

export const changeStageBody = z.object({
  project_id: projectIdField,
  stage: z.enum(PROJECT_STAGES, { error: 'Cette étape de projet n’existe pas.' }),
  comment: z.string().trim().max(1000, 'Au plus 1 000 caractères.').optional(),
});

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date attendue au format AAAA-MM-JJ.');

export const listProjectQuery = paginationQuery.extend({
  q: z.string().trim().max(100, 'Au plus 100 caractères.').optional(),
  state: z.enum(PROJECT_STATES, { error: 'Cet état de projet n’existe pas.' }).optional(),
  stage: z.enum(PROJECT_STAGES, { error: 'Cette étape de projet n’existe pas.' }).optional(),
  category_id: z.coerce.number({ error: 'Catégorie invalide.' }).int().positive('Catégorie invalide.').optional(),
  departement: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(\d{2,3}|2[AB])$/, 'Département invalide (ex. : 75, 2A, 974).')
    .optional(),
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
});
export type ListProjectQuery = z.input<typeof listProjectQuery>;

/** upload-file names its project in the query: ownership is checked before the multipart body is read. */
export const uploadFileQuery = z.object({
  project_id: z.coerce.number({ error: 'Projet invalide.' }).int('Projet invalide.').positive('Projet invalide.').max(2_147_483_647, 'Projet invalide.'),
});

export const fileQuery = z.object({ disposition: z.enum(['inline', 'attachment']).default('attachment') });

/** One suggestion of the address service (Géoplateforme shape, or a commune offline). */
export const addressSuggestion = z.object({
  label: z.string(),
  /** Number and street; empty for a commune (the street is then typed by hand). */
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  city_code: z.string(),
  departement: z.string(),
  context: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  kind: z.enum(['address', 'street', 'municipality']),
});
export type AddressSuggestion = z.infer<typeof addressSuggestion>;

export const addressSearchQuery = z.object({
  q: z.string({ error: 'Saisissez une adresse.' }).trim().min(2, 'Saisissez au moins 2 caractères.').max(200, 'Au plus 200 caractères.'),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});

export const addressSearchResult = z.object({
  /** `geoplateforme` when the real service answered, `offline` for the communes dataset. */
  source: z.enum(['geoplateforme', 'offline']),
  items: z.array(addressSuggestion),
});

// ---------- the client cancels their project (issue 15) ----------

export const cancelProjectBody = z.object({
  reason: z
    .string({ error: "Indiquez la raison de l'annulation." })
    .trim()
    .min(3, "Indiquez la raison de l'annulation (3 caractères au moins).")
    .max(1000, 'Au plus 1 000 caractères.'),
});
export type CancelProjectBody = z.infer<typeof cancelProjectBody>;

const errors = [400, 401, 403, 404] as const;

/**
 * Client projects and the address search the journey uses. A project's files are answered
 * outside the envelope: the API registers `projectFile` from its line.
 */
export const projectEndpoints = {
  searchAddress: defineEndpoint({ ...projectLines.searchAddress, query: addressSearchQuery, response: addressSearchResult, errors: [400] }),
  /** A visitor's request also creates their client account. */
  createProject: defineEndpoint({
    ...projectLines.createProject,
    body: projectRequestBody,
    response: createProjectResult,
    status: 201,
    errors: [...errors, 409],
  }),
  listProjectsOf: defineEndpoint({ ...projectLines.listProjectsOf, params: idParam, query: paginationQuery, response: paginated(projectSummary), errors }),
  getProject: defineEndpoint({ ...projectLines.getProject, params: idParam, response: projectFull, errors }),
  updateProject: defineEndpoint({ ...projectLines.updateProject, params: idParam, body: updateProjectBody, response: projectDto, errors: [...errors, 409] }),
  /** `POST api/project/annuler/{id}`: while no quote is signed; the admin keeps `change-state`. */
  cancelProject: defineEndpoint({
    ...projectLines.cancelProject,
    params: idParam,
    body: cancelProjectBody,
    response: projectDto,
    errors: [400, 401, 403, 404, 409],
  }),
  addProjectDetail: defineEndpoint({ ...projectLines.addProjectDetail, body: addDetailBody, response: projectFull, status: 201, errors: [...errors, 409] }),
  /** Multipart, field `file` (PDF, JPEG, PNG, 20 Mo at most each); `?project_id=`. */
  uploadProjectFile: defineEndpoint({
    ...projectLines.uploadProjectFile,
    query: uploadFileQuery,
    response: z.array(projectFileItem),
    status: 201,
    errors: [...errors, 409, 413, 415],
  }),
  listAllProjects: defineEndpoint({ ...projectLines.listAllProjects, query: listProjectQuery, response: paginated(projectSummary), errors }),
  changeProjectState: defineEndpoint({ ...projectLines.changeProjectState, body: changeStateBody, response: projectDto, errors: [...errors, 409] }),
  changeProjectStage: defineEndpoint({ ...projectLines.changeProjectStage, body: changeStageBody, response: projectDto, errors: [...errors, 409] }),
  deleteProject: defineEndpoint({ ...projectLines.deleteProject, params: idParam, response: okMessage, errors }),
};
