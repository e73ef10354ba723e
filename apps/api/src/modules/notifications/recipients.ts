import type { Executor } from '@ouvrage/db';
import type { Language, UserType } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';

/** Who a notification goes to. */
export interface Recipient {
  id: number;
  email: string;
  firstname: string;
  language: Language;
  userType: UserType;
}

/**
 * What this module reads and writes of accounts (decision 1190). Accounts are the users module's
 * table, and that module notifies (it imports this one), so this module cannot import it back: it
 * states what it needs here and the users module fills it when the modules are registered, like the
 * auth module's `Accounts`.
 */
export interface Recipients {
  /** The account a notification goes to; null for a user gone or anonymised. */
  recipient(executor: Executor, userId: number): Promise<Recipient | null>;
  /** The ids of the admins still active. */
  adminIds(executor: Executor): Promise<number[]>;
  /** The language of the app and of the user's e-mails ('fr' for an unknown id). */
  languageOf(executor: Executor, userId: number): Promise<Language>;
  setLanguage(tx: Executor, userId: number, language: Language): Promise<void>;
}

const registries = new WeakMap<AppDeps, Recipients>();

export function registerRecipients(deps: AppDeps, recipients: Recipients): void {
  if (registries.has(deps)) throw new Error('Destinataires des notifications déjà enregistrés.');
  registries.set(deps, recipients);
}

export function recipientsOf(deps: AppDeps): Recipients {
  const recipients = registries.get(deps);
  if (!recipients) throw new Error('Destinataires des notifications non enregistrés : registerModules les enregistre avant les routes.');
  return recipients;
}
