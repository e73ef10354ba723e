import type { UserType } from '../roles';

/**
 * Kinds of owned records. Each kind but `self` has a resolver in the API (modules/<x>/ownership or
 * `registerOwnership`) that answers the user ids owning a record of that kind. A kind may walk up
 * to a parent record: `project-file` → its project → the project's owners; `tender-file` → its
 * project → the professionals whose tender on it still stands. `self`: the id is a user id and
 * must be the caller's own. `credit-note` → its invoice's issuer and client. `e-report` → its issuer. `avenant` → its quote's issuer and client. `dgd` → its quote's issuer and client. `site-log-entry` and `site-log-photo` → their project's owners. `conversation` → its two members; `conversation-message` → its author. `conversation-attachment` → its message's conversation's two members.
 */
export type OwnerKind =
  | 'self'
  | 'project'
  | 'project-file'
  | 'tender'
  | 'tender-file'
  | 'intervention-zone'
  | 'reference'
  | 'product'
  | 'quote'
  | 'signature-document'
  | 'invoice'
  | 'credit-note'
  | 'payment'
  | 'reception'
  | 'reservation'
  | 'avenant'
  | 'dgd'
  | 'site-log-entry'
  | 'site-log-photo'
  | 'conversation'
  | 'conversation-message'
  | 'conversation-attachment'
  | 'e-report';

/** Where the owned record's id comes from: the path `{id}`, a body field or a query field. */
export type OwnerSource = 'path' | 'body' | 'query';

export interface OwnerStatement {
  kind: OwnerKind;
  from: OwnerSource;
  /** The field that holds the id (`id` for the path). */
  field: string;
}

/**
 * An explicit "no owned record here": the id the route takes is not one the caller must own (a
 * public list, the caller's own session, a token). The reason is read in review; the permission
 * matrix refuses a route that takes an id with no owner statement at all.
 */
export interface NotOwned {
  kind: 'none';
  reason: string;
}

export interface RoutePermission {
  /** `public`: anyone, even anonymous. `authenticated`: any logged-in user. Otherwise the roles allowed. */
  allow: 'public' | 'authenticated' | readonly UserType[];
  /** Professional roles in `allow` must have `is_validate` = "Validé" (spec §4). Admins always pass. */
  validatedOnly?: boolean;
  /**
   * The record the caller must own (admins always pass). The short form `'project'` names the
   * path `{id}`; `{ kind, from: 'body' | 'query', field }` names another source.
   */
  owner?: OwnerKind | OwnerStatement | NotOwned;
}

/** Keys are `METHOD /path/{param}`, exactly as the route is declared in the OpenAPI document. */
export type PermissionTable = Record<string, RoutePermission>;

export interface Caller {
  id: number;
  user_type: UserType;
  is_validate: string;
}

export type AccessDecision = 'allow' | 'unauthenticated' | 'forbidden';
