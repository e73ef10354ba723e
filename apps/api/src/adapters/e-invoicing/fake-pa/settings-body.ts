import type { eInvoicingSettingsBody } from '@ouvrage/contracts';
import type { z } from 'zod';
import { FAKE_PA_CLIENT, type FakePa } from './fake-pa';

/** The e-invoicing settings that connect an architect to this fake PA as their own (OAuth2), for tests and the bench. */
type SettingsBody = z.input<typeof eInvoicingSettingsBody>;

export function fakePaSettings(pa: Pick<FakePa, 'url' | 'tokenUrl'>, more: Partial<SettingsBody> = {}): SettingsBody {
  return {
    pa_mode: 'own',
    base_url: pa.url,
    auth_kind: 'oauth2',
    token_url: pa.tokenUrl,
    client_id: FAKE_PA_CLIENT.clientId,
    client_secret: FAKE_PA_CLIENT.clientSecret,
    vat_regime: 'reel_normal',
    e_reporting_period: 'month',
    ...more,
  };
}
