/** The five account kinds of spec §6 (`user_type`). */
export const USER_TYPES = ['client', 'professionnel', 'dessinateur', 'architecte', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Roles that present an enterprise profile and answer tenders. */
export const PROFESSIONAL_TYPES = ['professionnel', 'dessinateur', 'architecte'] as const satisfies readonly UserType[];
export type ProfessionalType = (typeof PROFESSIONAL_TYPES)[number];

/** Account validation (`is_validate`), DESIGN §3. */
export const VALIDATION_STATES = ['En attente', 'Validé', 'Refusé'] as const;
export type ValidationState = (typeof VALIDATION_STATES)[number];
export const VALIDATED: ValidationState = 'Validé';

export function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);
}

export function isProfessional(type: string | undefined | null): type is ProfessionalType {
  return typeof type === 'string' && (PROFESSIONAL_TYPES as readonly string[]).includes(type);
}

/** A user is validated when `is_validate` is exactly "Validé" (spec §4, §9). */
export function isValidated(user: { is_validate?: string | null } | null | undefined): boolean {
  return user?.is_validate === VALIDATED;
}

/** Clients and admins are always validated; professionals start "En attente". */
export function initialValidationFor(type: UserType): ValidationState {
  return isProfessional(type) ? 'En attente' : 'Validé';
}
