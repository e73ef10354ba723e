import type { DataUser } from '@ouvrage/contracts';
import { decideRoleAccess, type RoutePermission } from '@ouvrage/domain';

/** Whether the UI shows a screen to this user; the API enforces the same rules on its side. */
export function canSee(permission: RoutePermission | undefined, user: DataUser | null): boolean {
  if (!permission) return true;
  return decideRoleAccess(permission, user ? { id: user.id, user_type: user.user_type, is_validate: user.is_validate } : null) === 'allow';
}
