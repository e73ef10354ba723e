import { eInvoicingSettingsBody } from '@ouvrage/contracts';
import { FAKE_PA_CLIENT, fakePaSettings, type FakePa } from '../../adapters/e-invoicing/fake-pa';
import type { AppDeps } from '../../lib/deps';
import { findUserByEmail } from '../users';
import * as repo from './repository';
import { saveSettings } from './settings';
import { testConnection } from './test-connection';

/** The demo account whose invoices go through the development server's fake PA. */
export const DEMO_PA_ISSUER = 'architecte@ouvrage.test';

/**
 * Development only (decision 1215): points the demo architect at the fake PA the server just
 * started — its address changes at each start, and so may the key that seals the credentials —
 * then registers the webhook there, as « Tester la connexion » does. An architect who chose
 * another PA (or none) in the settings screen since is left alone. Answers what was done.
 */
export async function connectDemoIssuer(deps: AppDeps, pa: Pick<FakePa, 'url' | 'tokenUrl'>): Promise<'connected' | 'kept' | 'absent'> {
  const user = await findUserByEmail(deps.db, DEMO_PA_ISSUER);
  if (!user) return 'absent';
  const row = await repo.findSettings(deps.db, user.id);
  // Seeded connected to « the fake » (demo seed), or connected to a previous start's fake.
  const onTheFake = row?.paMode === 'own' && row.clientId === FAKE_PA_CLIENT.clientId;
  if (row && !onTheFake) return 'kept';
  const body = fakePaSettings(pa, row ? { vat_regime: row.vatRegime, e_reporting_period: row.eReportingPeriod } : {});
  await saveSettings(deps, user.id, eInvoicingSettingsBody.parse(body));
  const test = await testConnection(deps, user.id);
  if (!test.ok) throw new Error(`Faux PA injoignable : ${test.code} ${test.reason ?? ''}`);
  return 'connected';
}
