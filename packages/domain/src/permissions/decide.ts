import { isProfessional, isValidated } from '../roles';
import type { AccessDecision, Caller, OwnerStatement, RoutePermission } from './types';

/**
 * Decide whether a caller may use a route, before ownership.
 * Ownership (`owner`) is checked afterwards with `decideOwnership`.
 */
export function decideRoleAccess(permission: RoutePermission, caller: Caller | null): AccessDecision {
  if (permission.allow === 'public') return 'allow';
  if (!caller) return 'unauthenticated';
  if (permission.allow === 'authenticated') return 'allow';
  if (!permission.allow.includes(caller.user_type)) return 'forbidden';
  if (permission.validatedOnly && isProfessional(caller.user_type) && !isValidated(caller)) return 'forbidden';
  return 'allow';
}

/** Admins may act on any record; everyone else only on records they own. */
export function decideOwnership(caller: Caller, ownerIds: readonly number[]): AccessDecision {
  if (caller.user_type === 'admin') return 'allow';
  return ownerIds.includes(caller.id) ? 'allow' : 'forbidden';
}

/** Whether the caller is allowed by role alone, as the UI uses it to hide menus. */
export function canUse(permission: RoutePermission, caller: Caller | null): boolean {
  return decideRoleAccess(permission, caller) === 'allow';
}

/** The owner statement of a route in its long form; null when the route has none or opts out. */
export function ownerStatement(permission: RoutePermission): OwnerStatement | null {
  const owner = permission.owner;
  if (!owner) return null;
  if (typeof owner === 'string') return { kind: owner, from: 'path', field: 'id' };
  return owner.kind === 'none' ? null : owner;
}
