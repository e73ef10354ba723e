import type { Refusal, RefusalParams } from '@ouvrage/domain';

/**
 * One error type for the whole API. The code decides the HTTP status and the French
 * message shown to the user; `fields` carries per-field messages for forms.
 */
export const ERROR_CATALOGUE = {
  VALIDATION: { status: 400, message: 'Certaines informations sont invalides.' },
  BAD_REQUEST: { status: 400, message: 'La requête est invalide.' },
  INVALID_JSON: { status: 400, message: "Le corps de la requête n'est pas un JSON valide." },
  UNAUTHENTICATED: { status: 401, message: 'Votre session a expiré. Veuillez vous reconnecter.' },
  INVALID_CREDENTIALS: { status: 401, message: 'Adresse e-mail ou mot de passe incorrect.' },
  FORBIDDEN: { status: 403, message: "Vous n'avez pas accès à cette ressource." },
  NOT_FOUND: { status: 404, message: 'Ressource introuvable.' },
  ROUTE_NOT_FOUND: { status: 404, message: "Cette adresse d'API n'existe pas." },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Méthode non autorisée.' },
  CONFLICT: { status: 409, message: "Cette action n'est pas possible dans l'état actuel." },
  URI_TOO_LONG: { status: 414, message: "L'adresse demandée est trop longue (un identifiant compte au plus 100 caractères)." },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Le contenu envoyé est trop volumineux.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Ce type de contenu n'est pas accepté." },
  RATE_LIMITED: { status: 429, message: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.' },
  INTERNAL: { status: 500, message: 'Une erreur interne est survenue. Veuillez réessayer plus tard.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.' },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export class AppError extends Error {
  /** A generic code of the catalogue, or a business refusal's own code (`TENDER_CLOSED`, …). */
  readonly code: string;
  readonly status: number;
  readonly fields?: Record<string, string>;
  /** Values the web app interpolates when it translates a business code. */
  readonly params?: RefusalParams;

  constructor(code: ErrorCode, message?: string, fields?: Record<string, string>);
  constructor(code: string, message: string, fields: Record<string, string> | undefined, params: RefusalParams, status: number);
  constructor(code: string, message?: string, fields?: Record<string, string>, params?: RefusalParams, status?: number) {
    const known = ERROR_CATALOGUE[code as ErrorCode];
    super(message ?? known?.message ?? ERROR_CATALOGUE.CONFLICT.message);
    this.name = 'AppError';
    this.code = code;
    this.status = status ?? known?.status ?? 409;
    this.fields = fields;
    this.params = params;
  }
}

/** A domain rule's refusal as an error answer: its code, French sentence, parameters and status. */
export const refused = (r: Refusal, fields?: Record<string, string>) => new AppError(r.code, r.message, fields, r.params, r.status);

export const notFound = (message?: string) => new AppError('NOT_FOUND', message);
export const conflict = (message?: string) => new AppError('CONFLICT', message);
export const forbidden = (message?: string) => new AppError('FORBIDDEN', message);
export const invalid = (fields: Record<string, string>, message?: string) => new AppError('VALIDATION', message, fields);

/** A business refusal written where the rule is checked: its own code, French sentence and parameters (409). */
export const refuse = (code: string, message: string, params: RefusalParams = {}, fields?: Record<string, string>) =>
  new AppError(code, message, fields, params, 409);
