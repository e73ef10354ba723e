import type { AppDeps } from '../../lib/deps';
import { loadOrCreateSealIdentity, type SealIdentity } from './seal-identity';

/**
 * The platform's seal identity, loaded once per app on first use (decision 0631): the verification
 * page needs its fingerprint, the signing flow its signer. A failed load is not kept, so the next
 * request tries again once the operator fixed SEAL_P12_PATH / SEAL_P12_PASSWORD.
 */
const identities = new WeakMap<AppDeps, Promise<SealIdentity>>();

export function platformSealIdentity(deps: AppDeps): Promise<SealIdentity> {
  let identity = identities.get(deps);
  if (!identity) {
    identity = loadOrCreateSealIdentity({ dataDir: deps.config.dataDir, ...deps.config.seal });
    identities.set(deps, identity);
    identity.catch(() => identities.delete(deps));
  }
  return identity;
}
