import type { UserType, ValidationState } from '@ouvrage/domain';
import type { Database } from '../client';
import { hashPassword } from '../password-hash';
import { users, type UserRow } from '../schema';

export const TEST_PASSWORD = 'Motdepasse2026';
let cachedHash: Promise<string> | undefined;
let sequence = 0;

export interface UserOverrides {
  email?: string;
  firstname?: string;
  lastname?: string;
  user_type?: UserType;
  is_validate?: ValidationState;
  password?: string | null;
}

/** Insert a user; defaults to a validated client with TEST_PASSWORD. */
export async function createUser(db: Database, overrides: UserOverrides = {}): Promise<UserRow> {
  sequence += 1;
  const type = overrides.user_type ?? 'client';
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const passwordHash = overrides.password === null ? null : overrides.password ? await hashPassword(overrides.password) : await cachedHash;
  const [row] = await db
    .insert(users)
    .values({
      email: overrides.email ?? `${type}.${sequence}.${Date.now()}@exemple.fr`,
      passwordHash,
      firstname: overrides.firstname ?? 'Prénom',
      lastname: overrides.lastname ?? `Nom${sequence}`,
      userType: type,
      isValidate: overrides.is_validate ?? 'Validé',
    })
    .returning();
  return row;
}
