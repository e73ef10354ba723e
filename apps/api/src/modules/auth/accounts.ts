import type { Executor, UserRow } from '@ouvrage/db';
import type { AppDeps } from '../../lib/deps';

/**
 * The accounts this module signs in (decision 1190). Accounts are the users module's table, and
 * that module builds on this one (it sends password links and ends sessions), so this module cannot
 * import it back: it states here what it reads and writes of an account, and the users module
 * fills the contract when its routes are registered, like the professional accounts (decision 1180).
 */
export interface Accounts {
  /** The account of this e-mail, compared case-insensitively. */
  byEmail(executor: Executor, email: string): Promise<UserRow | undefined>;
  byId(executor: Executor, id: number): Promise<UserRow | undefined>;
  /** The new hash and a session-version bump, which voids the access tokens already issued. */
  setPassword(tx: Executor, userId: number, passwordHash: string, at: Date): Promise<void>;
  /** Void the account's access tokens already issued: they carry the previous version. */
  bumpSessionVersion(tx: Executor, userId: number): Promise<void>;
}

const registries = new WeakMap<AppDeps, Accounts>();

export function registerAccounts(deps: AppDeps, accounts: Accounts): void {
  if (registries.has(deps)) throw new Error('Comptes déjà enregistrés.');
  registries.set(deps, accounts);
}

export function accountsOf(deps: AppDeps): Accounts {
  const accounts = registries.get(deps);
  if (!accounts) throw new Error('Comptes non enregistrés : le module des utilisateurs les enregistre avec ses routes.');
  return accounts;
}
