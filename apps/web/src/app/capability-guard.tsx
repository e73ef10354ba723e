import type { ReactNode } from 'react';
import type { DataUser } from '@ouvrage/contracts';
import type { Capability } from '@ouvrage/contracts';
import { canSee } from '../lib/access';
import { ForbiddenScreen } from './screens/status-screens';

/**
 * A screen reserved to a capability: shown to a user who has it, « access denied » otherwise.
 * Its own chunk, with the permission table the capabilities derive from: the first pages, which
 * need no capability, do not download it (issue 13).
 */
export default function CapabilityGuard({
  capability,
  user,
  children,
}: {
  capability: Capability | readonly Capability[];
  user: DataUser | null;
  children: ReactNode;
}) {
  if (canSee(capability, user)) return children;
  // A professional awaiting validation reads why, rather than a bare « access denied » (issue 15).
  const pending = !!user && user.is_validate === 'En attente' && canSee(capability, { ...user, is_validate: 'Validé' });
  return <ForbiddenScreen pending={pending} />;
}
