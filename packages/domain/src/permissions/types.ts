import type { UserType } from '../roles';

/**
 * Kinds of records whose owners the API resolves from the path `{id}`.
 * `self` means the `{id}` is a user id and must be the caller's own.
 * Each other kind has a resolver in the API (modules/<x>/ownership.ts).
 */
export type OwnerKind = 'self' | 'project' | 'project-file' | 'tender' | 'intervention-zone' | 'reference';

export interface RoutePermission {
  /** `public`: anyone, even anonymous. `authenticated`: any logged-in user. Otherwise the roles allowed. */
  allow: 'public' | 'authenticated' | readonly UserType[];
  /** Professional roles in `allow` must have `is_validate` = "Validé" (spec §4). Admins always pass. */
  validatedOnly?: boolean;
  /** The path `{id}` names a record the caller must own (admins always pass). */
  owner?: OwnerKind;
}

/** Keys are `METHOD /path/{param}`, exactly as the route is declared in the OpenAPI document. */
export type PermissionTable = Record<string, RoutePermission>;

export interface Caller {
  id: number;
  user_type: UserType;
  is_validate: string;
}

export type AccessDecision = 'allow' | 'unauthenticated' | 'forbidden';
