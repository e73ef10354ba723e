import type { Executor } from '@ouvrage/db';
import type { EReportingPeriodKind } from '@ouvrage/domain';
import type { PaClient, PaConnection } from '../../adapters/e-invoicing/pa-client';
import type { AppDeps } from '../../lib/deps';

/**
 * What the e-reporting module needs of the e-invoicing module (decision 1213): which issuers have
 * a PA, their VAT regime and e-reporting period, their PA connection and the PA client. A contract
 * declared here and filled by whoever registers it (the module registry, with the e-invoicing
 * module's exports; tests with their own PA), as the auth module's `Accounts` (decision 1190).
 */
export interface ReportingIssuer {
  issuerId: number;
  periodKind: EReportingPeriodKind;
  /** `reel_normal` files monthly reports by the 10th; the others by the 30th. */
  vatRegime: string;
}

export interface EReportingPa {
  /** Issuers whose PA mode is not `none`. */
  issuers(db: Executor): Promise<ReportingIssuer[]>;
  /** The issuer's regime and period (whatever its PA mode), for the screen's open periods. */
  issuer(db: Executor, issuerId: number): Promise<ReportingIssuer & { connected: boolean }>;
  connection(db: Executor, issuerId: number): Promise<PaConnection | null>;
  client(): PaClient;
}

const registries = new WeakMap<AppDeps, EReportingPa>();

/** Fill the contract (again in tests: the last one registered serves). */
export function registerEReportingPa(deps: AppDeps, pa: EReportingPa): void {
  registries.set(deps, pa);
}

/** No PA registered: no issuer is reported (the job has nothing to do). */
const NONE: EReportingPa = {
  issuers: async () => [],
  issuer: async (_db, issuerId) => ({ issuerId, periodKind: 'month', vatRegime: 'reel_normal', connected: false }),
  connection: async () => null,
  client: () => {
    throw new Error('Aucun client de PA enregistré pour l’e-reporting.');
  },
};

export function eReportingPaOf(deps: AppDeps): EReportingPa {
  return registries.get(deps) ?? NONE;
}
