import { SIMULATED_CHECKOUT_TTL_MS } from '../../adapters/card-payment';
import type { AppDeps } from '../../lib/deps';
import { checkoutProvider } from './card-settlement';
import { applyCheckoutEvent } from './card-webhook';
import * as repo from './repository';

/**
 * The simulated checkout's expiry (decision 1072). Stripe ends an abandoned Checkout session
 * itself and sends `checkout.session.expired`; the simulated checkout has no webhook, so a sweep
 * finds its pending payments opened more than 30 minutes ago, re-reads each session (the
 * simulated provider answers `expired`) and applies the same event through the same exactly-once
 * path as Stripe's: recorded once under the payment's lock, the payment `annule` (« paiement
 * expiré »). A card typed on an expired page is refused the same way (card-checkout.ts).
 */

export const SIMULATED_EXPIRY_JOB = 'payments.simulated-expiry';
export const SIMULATED_EXPIRY_EVERY_MS = 5 * 60_000;
const BATCH = 200;

/** The expiry event of a simulated session: one id per session, so it is applied once whoever sends it. */
export const simulatedExpiryEvent = (sessionId: string) => ({ id: `${sessionId}:expired`, type: 'checkout.session.expired' as const });

/** Expire one simulated session if it is over, through the event path; whether it was (now or before). */
export async function expireSimulatedSession(deps: AppDeps, sessionId: string): Promise<boolean> {
  const session = await checkoutProvider(deps).retrieve(sessionId);
  if (session.status !== 'expired') return false;
  await applyCheckoutEvent(deps, 'simule', simulatedExpiryEvent(sessionId), session);
  return true;
}

/** The sweep: every pending simulated checkout past its 30 minutes expires; returns how many. */
export async function expireSimulatedCheckouts(deps: AppDeps): Promise<number> {
  if (checkoutProvider(deps).name !== 'simule') return 0;
  const before = new Date(deps.clock.now().getTime() - SIMULATED_CHECKOUT_TTL_MS);
  let expired = 0;
  for (const sessionId of await repo.pendingCheckoutsOpenedBefore(deps.db, 'simule', before, BATCH))
    if (await expireSimulatedSession(deps, sessionId)) expired += 1;
  return expired;
}
