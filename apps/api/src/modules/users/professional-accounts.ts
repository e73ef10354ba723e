import type { IdentityCheck } from '@ouvrage/contracts';
import type { Executor, MarketingLeadRow } from '@ouvrage/db';
import type { CalendarDate, Completeness, ProfessionalType } from '@ouvrage/domain';
import type { CompanyRegistry } from '../../adapters/company-registry';
import type { ListTotal } from '../../lib/capped-count';
import type { AppDeps } from '../../lib/deps';

/**
 * What the admin's account screens need of professional profiles (decision 1180). The professionals
 * module builds on accounts (it imports this module's `findUser`, `insertUser`), so this module
 * cannot import it back: it states the contract here and the professionals module fills it when
 * the modules are registered (`registerModules`), like the retentions and the clients' companies.
 */
export interface ProfessionalAccounts {
  /** Each listed professional's profile completeness on `day`, by account id. */
  completeness(executor: Executor, pros: Array<{ id: number; userType: ProfessionalType }>, day: CalendarDate): Promise<Map<number, Completeness>>;
  /** The company row of a professional account the admin creates, in the admin's transaction. */
  createCompany(tx: Executor, company: { userId: number; raisonSociale: string; contactEmail: string; contactPhone: string | null }): Promise<void>;
  /** The admin's identity check before validation: registry, name, insurances, completeness (recorded on the company). */
  checkIdentity(deps: AppDeps, registry: CompanyRegistry, userId: number): Promise<IdentityCheck>;
  /** One page of the marketing leads the professionals' sign-up keeps, newest first (decision 0206). */
  leads(executor: Executor, page: number, perPage: number): Promise<{ rows: MarketingLeadRow[] } & ListTotal>;
}

const registries = new WeakMap<AppDeps, ProfessionalAccounts>();

export function registerProfessionalAccounts(deps: AppDeps, accounts: ProfessionalAccounts): void {
  if (registries.has(deps)) throw new Error('Comptes professionnels déjà enregistrés.');
  registries.set(deps, accounts);
}

export function professionalAccounts(deps: AppDeps): ProfessionalAccounts {
  const accounts = registries.get(deps);
  if (!accounts) throw new Error('Comptes professionnels non enregistrés : registerModules les enregistre avant les routes des utilisateurs.');
  return accounts;
}
