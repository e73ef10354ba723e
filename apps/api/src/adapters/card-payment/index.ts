import type { Clock } from '@ouvrage/domain';
import type { AppConfig } from '../../config';
import { SimulatedCheckout, type SimulatedLedger } from './simulated';
import { StripeCheckout } from './stripe';
import type { CheckoutProvider } from './types';

export * from './types';
export {
  SIMULATED_CHECKOUT_TTL_MS,
  SIMULATED_DEBIT_DELAY_MS,
  SIMULATED_IBAN_OUTCOMES,
  SimulatedCheckout,
  simulatedCardExpired,
  simulatedCardOutcome,
  simulatedCheckoutExpired,
  simulatedDebitDue,
  simulatedIbanOutcome,
  simulatedOutcomeOf,
  simulatedPaymentMethodOf,
  type SimulatedDebitOutcome,
  type SimulatedLedger,
  type SimulatedLedgerRow,
} from './simulated';
export { StripeCheckout } from './stripe';

/** Stripe Checkout when STRIPE_SECRET_KEY is set, the built-in simulated checkout otherwise (decision 0730). */
export function createCheckoutProvider(config: Pick<AppConfig, 'payments'>, ledger: SimulatedLedger, clock?: Clock): CheckoutProvider {
  return config.payments.stripe ? new StripeCheckout(config.payments.stripe) : new SimulatedCheckout(ledger, clock);
}
