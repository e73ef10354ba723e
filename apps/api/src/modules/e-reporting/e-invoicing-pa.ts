import { addDays, todayInParis, type CalendarDate } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { issuerEInvoicingSettings, issuerPaConnection, paClientOf } from '../e-invoicing';
import { consumerIssuersSince } from '../invoices';
import type { EReportingPa } from './pa-seam';

/**
 * The e-reporting contract filled from the e-invoicing module's exports (decision 1213): an
 * issuer's PA mode, VAT regime and e-reporting period are its settings there, its connection and
 * the PA client too. The issuers looked at are those with a consumer invoice in the last 14
 * months (a report is made of them); each one's settings are read in turn — an hourly job.
 */
const LOOKBACK_DAYS = 430;

export function eInvoicingPa(deps: AppDeps): EReportingPa {
  const facts = async (db: Parameters<EReportingPa['issuer']>[0], issuerId: number) => {
    const s = await issuerEInvoicingSettings(db, issuerId);
    return { issuerId, periodKind: s.eReportingPeriod, vatRegime: s.vatRegime, connected: s.paMode !== 'none' };
  };
  return {
    async issuers(db) {
      const since = addDays(todayInParis(deps.clock) as CalendarDate, -LOOKBACK_DAYS);
      const all = await Promise.all((await consumerIssuersSince(db, since)).map((id) => facts(db, id)));
      return all.filter((i) => i.connected);
    },
    issuer: facts,
    connection: (db, issuerId) => issuerPaConnection(deps, db, issuerId),
    client: () => paClientOf(deps),
  };
}
