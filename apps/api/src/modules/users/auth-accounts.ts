import type { Accounts } from '../auth';
import { bumpSessionVersion, findUser, findUserByEmail, setPassword } from './repository';

/** This module's side of the auth module's `Accounts` contract (decision 1190): the accounts it signs in. */
export const authAccounts: Accounts = {
  // The auth module compared lower(email) with the address lowercased here; `findUserByEmail` lowercases it again in SQL.
  byEmail: (executor, email) => findUserByEmail(executor, email.toLowerCase()),
  byId: findUser,
  setPassword,
  bumpSessionVersion,
};
