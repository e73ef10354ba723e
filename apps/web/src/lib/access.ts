import type { DataUser } from '@ouvrage/contracts';
import { can, type Capability } from '@ouvrage/contracts';

/**
 * Whether the UI shows a screen to this user: the capability derives from the permission row of
 * the API route the screen calls, so the guard and the API cannot disagree (decision 0440).
 */
export function canSee(capability: Capability | readonly Capability[] | undefined, user: DataUser | null): boolean {
  if (!capability) return true;
  const caller = user ? { id: user.id, user_type: user.user_type, is_validate: user.is_validate } : null;
  return (typeof capability === 'string' ? [capability] : capability).some((c) => can(c, caller));
}
