import { checkPhone } from './phone';
import { refusal, type Refusal } from './refusal';
import { SIRET_MESSAGES, siretProblem } from './siret';
/**
 * Client projects (DESIGN §4): state machine, stages, and the rules of the new-project journey.
 * Pure functions shared by the web journey (step by step) and the API (whole request).
 */

// ---------------------------------------------------------------------------------------------
// State and stage
// ---------------------------------------------------------------------------------------------

export const PROJECT_STATES = ['En attente', 'Validé', 'En consultation', 'Attribué', 'En cours', 'Terminé', 'Annulé'] as const;
export type ProjectState = (typeof PROJECT_STATES)[number];

/** The forward path; `Annulé` sits outside it. */
const STATE_PATH: readonly ProjectState[] = ['En attente', 'Validé', 'En consultation', 'Attribué', 'En cours', 'Terminé'];

export const PROJECT_STAGES = ['Étude', 'Conception', 'Permis de construire', 'Consultation des entreprises', 'Travaux', 'Réception'] as const;
export type ProjectStage = (typeof PROJECT_STAGES)[number];

export const INITIAL_PROJECT_STATE: ProjectState = 'En attente';
export const INITIAL_PROJECT_STAGE: ProjectStage = 'Étude';

export function isProjectState(value: unknown): value is ProjectState {
  return typeof value === 'string' && (PROJECT_STATES as readonly string[]).includes(value);
}

export function isProjectStage(value: unknown): value is ProjectStage {
  return typeof value === 'string' && (PROJECT_STAGES as readonly string[]).includes(value);
}

/** What a project's history records. */
export const PROJECT_ACTIVITY_ACTIONS = ['created', 'updated', 'state', 'stage', 'detail', 'file'] as const;
export type ProjectActivityAction = (typeof PROJECT_ACTIVITY_ACTIONS)[number];

/** A project that is finished or cancelled no longer changes. */
export const CLOSED_PROJECT_STATES = ['Terminé', 'Annulé'] as const satisfies readonly ProjectState[];

export function isClosedState(state: ProjectState): boolean {
  return (CLOSED_PROJECT_STATES as readonly string[]).includes(state);
}

/**
 * States reachable from `from`: the next state of the path, or `Annulé` from any state but
 * `Terminé` (and `Annulé` itself). One step at a time: a project is validated before it is
 * put out to tender, attributed before works start.
 */
export function allowedStateTransitions(from: ProjectState): ProjectState[] {
  if (isClosedState(from)) return [];
  const next = STATE_PATH[STATE_PATH.indexOf(from) + 1];
  return next ? [next, 'Annulé'] : ['Annulé'];
}

export function canChangeState(from: ProjectState, to: ProjectState): boolean {
  return allowedStateTransitions(from).includes(to);
}

/**
 * Stages reachable from `from` while the project is open: any later stage (a renovation without
 * a permit skips « Permis de construire »), never backwards. Closed projects keep their stage.
 */
export function allowedStageTransitions(from: ProjectStage, state: ProjectState): ProjectStage[] {
  if (isClosedState(state)) return [];
  return PROJECT_STAGES.slice(PROJECT_STAGES.indexOf(from) + 1);
}

export function canChangeStage(from: ProjectStage, to: ProjectStage, state: ProjectState): boolean {
  return allowedStageTransitions(from, state).includes(to);
}

/** The client may edit the request only until the platform has validated it. */
export function canClientEditProject(state: ProjectState): boolean {
  return state === 'En attente';
}

/** Why a state change is refused, as a refusal for the 409 answer. */
export function stateTransitionRefusal(from: ProjectState, to: ProjectState): Refusal {
  if (from === to) return refusal('STATE_UNCHANGED', `Le projet est déjà « ${from} ».`, { from });
  if (isClosedState(from)) return refusal('STATE_FINAL', `Un projet « ${from} » ne peut plus changer d'état.`, { from });
  const allowed = allowedStateTransitions(from)
    .map((s) => `« ${s} »`)
    .join(' ou ');
  return refusal('STATE_TRANSITION', `Un projet « ${from} » ne peut passer qu'à ${allowed}, pas à « ${to} ».`, {
    from,
    to,
    allowed: allowedStateTransitions(from).join(', '),
  });
}

export function stageTransitionRefusal(from: ProjectStage, to: ProjectStage, state: ProjectState): Refusal {
  if (isClosedState(state)) return refusal('STAGE_FINAL', `Un projet « ${state} » ne change plus d'étape.`, { state });
  if (from === to) return refusal('STAGE_UNCHANGED', `Le projet est déjà à l'étape « ${from} ».`, { from });
  return refusal('STAGE_BACKWARDS', `L'étape ne peut qu'avancer : le projet est à « ${from} », il ne peut pas revenir à « ${to} ».`, { from, to });
}

// ---------------------------------------------------------------------------------------------
// Journey vocabulary (spec §3)
// ---------------------------------------------------------------------------------------------

/** `support`: the kind of help wanted. */
export const SUPPORT_KINDS = ['Conception et plans', 'Permis de construire', 'Réalisation des travaux', 'Projet clé en main'] as const;
export type SupportKind = (typeof SUPPORT_KINDS)[number];

/** `times`: when works should start. */
export const START_PERIODS = ['Dès que possible', 'Dans les 3 mois', 'Dans 3 à 6 mois', 'Dans plus de 6 mois', 'Je ne sais pas encore'] as const;
export type StartPeriod = (typeof START_PERIODS)[number];

/** `delai`: how long the client gives the whole project. */
export const DEADLINES = ['Moins de 6 mois', '6 à 12 mois', '12 à 24 mois', 'Pas de délai particulier'] as const;
export type Deadline = (typeof DEADLINES)[number];

/** `proprio`: the client's relation to the property. */
export const OWNER_STATUSES = ['Propriétaire', 'Locataire', "En cours d'achat"] as const;
export type OwnerStatus = (typeof OWNER_STATUSES)[number];

/** `besoinAccompagnement`: the kind of supervision wanted when `accompagnement` is yes. */
export const ACCOMPANIMENT_KINDS = ["Maîtrise d'œuvre complète", 'Suivi de chantier', 'Conseil ponctuel'] as const;
export type AccompanimentKind = (typeof ACCOMPANIMENT_KINDS)[number];

/** The two kinds of client (maître d'ouvrage), for projects and for professionals' preferences: the one list. */
export const CLIENT_TYPES = ['particulier', 'entreprise'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

export const CIVILITIES = ['M.', 'Mme'] as const;
export type Civility = (typeof CIVILITIES)[number];

/** `budget`: ranges in integer cents; `max` null means "and more". */
export const BUDGET_RANGES = [
  { key: 'moins-10k', min: 0, max: 1_000_000 },
  { key: '10k-30k', min: 1_000_000, max: 3_000_000 },
  { key: '30k-60k', min: 3_000_000, max: 6_000_000 },
  { key: '60k-100k', min: 6_000_000, max: 10_000_000 },
  { key: '100k-200k', min: 10_000_000, max: 20_000_000 },
  { key: '200k-500k', min: 20_000_000, max: 50_000_000 },
  { key: 'plus-500k', min: 50_000_000, max: null },
] as const satisfies ReadonlyArray<{ key: string; min: number; max: number | null }>;
export type BudgetKey = (typeof BUDGET_RANGES)[number]['key'];
export const BUDGET_KEYS = BUDGET_RANGES.map((b) => b.key) as [BudgetKey, ...BudgetKey[]];

export function budgetRange(key: string): { key: BudgetKey; min: number; max: number | null } | undefined {
  return BUDGET_RANGES.find((b) => b.key === key);
}

/** Limits a French building project stays within. */
export const PROJECT_LIMITS = {
  maxSurface: 100_000, // m²
  maxPropertyValueCents: 100_000_000_00, // 100 M€
  descriptionMin: 20,
  descriptionMax: 5_000,
} as const;

// ---------------------------------------------------------------------------------------------
// Field checks: each returns a French message, or null when the value is fine
// ---------------------------------------------------------------------------------------------

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function checkEmail(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  if (!v) return "L'adresse e-mail est obligatoire.";
  if (v.length > 254 || !EMAIL_RE.test(v)) return "L'adresse e-mail n'est pas valide.";
  return null;
}

/** French postcodes: five digits, 01000 to 98899 (Monaco and overseas included). */
export function checkPostcode(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  if (!v) return 'Le code postal est obligatoire.';
  if (!/^\d{5}$/.test(v)) return 'Le code postal doit comporter 5 chiffres.';
  if (/^00/.test(v) || /^99/.test(v)) return "Ce code postal n'existe pas.";
  return null;
}

/** Département of an INSEE commune code: 2A/2B for Corsica, three digits overseas. */
export function departementOfCityCode(cityCode: string): string {
  const code = cityCode.trim().toUpperCase();
  if (/^97\d/.test(code) || /^98\d/.test(code)) return code.slice(0, 3);
  return code.slice(0, 2);
}

export function checkCityCode(value: string | null | undefined): string | null {
  const v = (value ?? '').trim().toUpperCase();
  if (!v) return 'Choisissez la commune dans la liste proposée.';
  if (!/^(\d{5}|2[AB]\d{3})$/.test(v)) return "Le code commune (INSEE) n'est pas valide.";
  return null;
}

export function checkSurface(value: number | null | undefined, label = 'La surface'): string | null {
  if (value === null || value === undefined) return `${label} est obligatoire.`;
  // Something was typed that is not a number (« abc »): say so rather than « obligatoire ».
  if (Number.isNaN(value)) return `${label} doit être un nombre (ex. : 85 ou 85,5).`;
  if (!Number.isFinite(value) || value <= 0) return `${label} doit être un nombre positif.`;
  if (value > PROJECT_LIMITS.maxSurface) return `${label} ne peut pas dépasser ${PROJECT_LIMITS.maxSurface.toLocaleString('fr-FR')} m².`;
  return null;
}

export function checkWorksSurface(works: number | null | undefined, surface: number | null | undefined): string | null {
  const own = checkSurface(works, 'La surface des travaux');
  if (own) return own;
  if (typeof surface === 'number' && Number.isFinite(surface) && surface > 0 && (works as number) > surface) {
    return 'La surface des travaux ne peut pas dépasser la surface du bien.';
  }
  return null;
}

export function checkBudget(key: string | null | undefined): string | null {
  if (!key) return 'Choisissez une fourchette de budget.';
  return budgetRange(key) ? null : "Cette fourchette de budget n'existe pas.";
}

/** Property value (optional) in cents. */
export function checkPropertyValue(cents: number | null | undefined): string | null {
  if (cents === null || cents === undefined) return null;
  if (Number.isNaN(cents)) return 'La valeur du bien doit être un nombre (ex. : 250 000).';
  if (!Number.isInteger(cents) || cents <= 0) return 'La valeur du bien doit être un montant positif.';
  if (cents > PROJECT_LIMITS.maxPropertyValueCents) return 'La valeur du bien paraît trop élevée.';
  return null;
}

/** SIRET of an entreprise client: the one rule of `siret.ts`, with the journey's wording when empty. */
export function checkSiret(value: string | null | undefined): string | null {
  const problem = siretProblem(value ?? '');
  if (problem === 'empty') return 'Le numéro SIRET est obligatoire pour une entreprise.';
  return problem ? SIRET_MESSAGES[problem] : null;
}

function oneOf(list: readonly string[], value: unknown, message: string): string | null {
  return typeof value === 'string' && list.includes(value) ? null : message;
}

function required(value: unknown, message: string, max = 200): string | null {
  if (typeof value !== 'string' || !value.trim()) return message;
  if (value.trim().length > max) return `Ce champ ne peut pas dépasser ${max} caractères.`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// The whole request, field by field
// ---------------------------------------------------------------------------------------------

/** A project request with the spec §3 names, values parsed (numbers, booleans, cents). */
export interface ProjectRequest {
  support: string;
  projet: number;
  bien: number;
  street: string;
  codePostale: string;
  ville: string;
  cityCode: string;
  showAdresse: boolean;
  surface: number;
  surfaceTravaux: number;
  /** Property value in integer cents, optional. */
  valueBien: number | null;
  budget: string;
  times: string;
  delai: string;
  proprio: string;
  description: string;
  accompagnement: boolean;
  besoinAccompagnement: string | null;
  typeClient: string;
  companyName: string | null;
  siret: string | null;
  civility: string;
  lastname: string;
  firstname: string;
  email: string;
  phone: string;
  country: string;
}

export type ProjectRequestField = keyof ProjectRequest;

/** The journey's steps and the fields each one validates before going on. */
export const JOURNEY_STEPS = [
  { key: 'support', fields: ['support'] },
  { key: 'projet', fields: ['projet', 'bien'] },
  { key: 'adresse', fields: ['street', 'codePostale', 'ville', 'cityCode', 'showAdresse'] },
  { key: 'caracteristiques', fields: ['surface', 'surfaceTravaux', 'valueBien', 'budget'] },
  { key: 'calendrier', fields: ['times', 'delai', 'proprio'] },
  { key: 'description', fields: ['description', 'accompagnement', 'besoinAccompagnement'] },
  { key: 'coordonnees', fields: ['typeClient', 'companyName', 'siret', 'civility', 'lastname', 'firstname', 'email', 'phone', 'country'] },
] as const satisfies ReadonlyArray<{ key: string; fields: readonly ProjectRequestField[] }>;
export type JourneyStepKey = (typeof JOURNEY_STEPS)[number]['key'];

type FieldCheck = (r: Partial<ProjectRequest>) => string | null;

const FIELD_CHECKS: Record<ProjectRequestField, FieldCheck> = {
  support: (r) => oneOf(SUPPORT_KINDS, r.support, "Choisissez le type d'accompagnement souhaité."),
  projet: (r) => (Number.isInteger(r.projet) && (r.projet as number) > 0 ? null : 'Choisissez une catégorie de projet.'),
  bien: (r) => (Number.isInteger(r.bien) && (r.bien as number) > 0 ? null : 'Choisissez le type de bien.'),
  street: (r) => required(r.street, "L'adresse (numéro et rue) est obligatoire.", 250),
  codePostale: (r) => checkPostcode(r.codePostale),
  ville: (r) => required(r.ville, 'La commune est obligatoire.', 120),
  cityCode: (r) => checkCityCode(r.cityCode),
  showAdresse: (r) => (typeof r.showAdresse === 'boolean' ? null : "Indiquez si l'adresse peut être montrée aux professionnels."),
  surface: (r) => checkSurface(r.surface, 'La surface du bien'),
  surfaceTravaux: (r) => checkWorksSurface(r.surfaceTravaux, r.surface),
  valueBien: (r) => checkPropertyValue(r.valueBien),
  budget: (r) => checkBudget(r.budget),
  times: (r) => oneOf(START_PERIODS, r.times, 'Indiquez quand les travaux doivent commencer.'),
  delai: (r) => oneOf(DEADLINES, r.delai, 'Indiquez le délai souhaité.'),
  proprio: (r) => oneOf(OWNER_STATUSES, r.proprio, 'Indiquez si vous êtes propriétaire du bien.'),
  description: (r) => {
    const d = (r.description ?? '').trim();
    if (d.length < PROJECT_LIMITS.descriptionMin) return `Décrivez votre projet en au moins ${PROJECT_LIMITS.descriptionMin} caractères.`;
    if (d.length > PROJECT_LIMITS.descriptionMax) return `La description ne peut pas dépasser ${PROJECT_LIMITS.descriptionMax} caractères.`;
    return null;
  },
  accompagnement: (r) => (typeof r.accompagnement === 'boolean' ? null : 'Indiquez si vous souhaitez être accompagné.'),
  besoinAccompagnement: (r) => (r.accompagnement === true ? oneOf(ACCOMPANIMENT_KINDS, r.besoinAccompagnement, "Choisissez le type d'accompagnement.") : null),
  typeClient: (r) => oneOf(CLIENT_TYPES, r.typeClient, 'Indiquez si vous êtes un particulier ou une entreprise.'),
  companyName: (r) => (r.typeClient === 'entreprise' ? required(r.companyName, "La raison sociale de l'entreprise est obligatoire.") : null),
  siret: (r) => (r.typeClient === 'entreprise' ? checkSiret(r.siret) : null),
  civility: (r) => oneOf(CIVILITIES, r.civility, 'Choisissez la civilité.'),
  lastname: (r) => required(r.lastname, 'Le nom est obligatoire.', 100),
  firstname: (r) => required(r.firstname, 'Le prénom est obligatoire.', 100),
  email: (r) => checkEmail(r.email),
  phone: (r) => checkPhone(r.phone),
  country: (r) => required(r.country, 'Le pays est obligatoire.', 100),
};

/**
 * Check the given fields (all of them by default). Returns `{ field: French message }`,
 * empty when everything is fine.
 */
export function validateProjectRequest(
  request: Partial<ProjectRequest>,
  fields: readonly ProjectRequestField[] = Object.keys(FIELD_CHECKS) as ProjectRequestField[],
): Partial<Record<ProjectRequestField, string>> {
  const errors: Partial<Record<ProjectRequestField, string>> = {};
  for (const field of fields) {
    const check = FIELD_CHECKS[field];
    const message = check ? check(request) : null; // fields without a rule (coordinates…) pass
    if (message) errors[field] = message;
  }
  return errors;
}

export function validateJourneyStep(step: JourneyStepKey, request: Partial<ProjectRequest>): Partial<Record<ProjectRequestField, string>> {
  const found = JOURNEY_STEPS.find((s) => s.key === step);
  return found ? validateProjectRequest(request, found.fields) : {};
}

/** Lowercase, accents removed: what the admin search indexes and compares. */
export function searchNormalize(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9@.\s-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
