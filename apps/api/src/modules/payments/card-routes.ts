import type { FastifyInstance } from 'fastify';
import { paymentEndpoints as endpoints } from '@ouvrage/contracts';
import { createCheckoutProvider, simulatedOutcomeOf } from '../../adapters/card-payment';
import { rawBodyRoute, route } from '../../lib/route';
import { authorizePayment, createCheckout, invoicePaymentSummary, payWithSimulatedCard } from './card-checkout';
import { useCheckoutProvider } from './card-settlement';
import { receiveStripeEvent } from './card-webhook';
import { listPayments } from './list-payments';
import * as repo from './repository';
import { findMandate } from './sepa-repository';
import { expireSimulatedCheckouts, SIMULATED_EXPIRY_EVERY_MS, SIMULATED_EXPIRY_JOB } from './simulated-expiry';

/** Public routes a stranger could hammer: a checkout or a card try is a few per minute for a real client. */
const PAY_RATE = { max: 60, timeWindow: '1 minute' };
/** Generous for Stripe's bursts and the return page's polling, still a ceiling for a public address. */
const WEBHOOK_RATE = { max: 600, timeWindow: '1 minute' };

/** Card payments (decision 0730): checkout at Stripe or the simulated checkout, webhook, authorize, lists. */
export async function cardRoutes(app: FastifyInstance) {
  const { deps } = app;
  const tags = ['Paiements'];
  // The simulated checkout keeps its sessions in our payments: a card it accepts confirms the payment.
  useCheckoutProvider(
    deps,
    createCheckoutProvider(
      deps.config,
      {
        find: async (sessionId) => {
          const row = await repo.findByCheckout(deps.db, 'simule', sessionId);
          if (!row) return null;
          // A SEPA debit (decision 1223): the simulated bank's answer is its mandate's account's.
          const mandate = row.mandateId ? await findMandate(deps.db, row.mandateId) : undefined;
          return {
            paymentId: row.id,
            amountCents: row.amountCents,
            status: row.status,
            createdAt: row.createdAt,
            method: row.method,
            submittedAt: row.submittedAt,
            bankOutcome: mandate ? simulatedOutcomeOf(mandate.providerPaymentMethodId) : null,
            failureReason: row.failureReason,
          };
        },
      },
      deps.clock,
    ),
  );
  // An abandoned simulated checkout expires after 30 minutes, as a Stripe session does (decision 1072).
  deps.jobs.registerRecurringJob(SIMULATED_EXPIRY_JOB, SIMULATED_EXPIRY_EVERY_MS, async () => {
    await expireSimulatedCheckouts(deps);
  });

  route(app, endpoints.invoiceSummary, {
    tags,
    summary: 'Montant restant et paiements d’une facture (son client, son émetteur, ou le porteur du lien de paiement)',
    config: { rateLimit: WEBHOOK_RATE },
    handler: (r) => invoicePaymentSummary(deps, r.caller, r.params.id, r.query.t),
  });
  route(app, endpoints.checkout, {
    tags,
    summary: 'Payer une facture par carte : ouvre un paiement (Stripe Checkout ou paiement simulé) pour le reste à payer',
    config: { rateLimit: PAY_RATE },
    handler: (r) => createCheckout(deps, r.caller, r.params.id, r.body.token),
  });
  route(app, endpoints.simulatedCard, {
    tags,
    summary: 'Paiement simulé : la carte saisie (4242… acceptée, 4000 0000 0000 0002 refusée)',
    config: { rateLimit: PAY_RATE },
    handler: (r) => payWithSimulatedCard(deps, r.caller, r.params.id, r.body),
  });
  route(app, endpoints.authorize, {
    tags,
    summary: 'Au retour du paiement : relit le paiement auprès du prestataire et l’applique (une seule fois)',
    config: { rateLimit: WEBHOOK_RATE },
    handler: (r) => authorizePayment(deps, r.caller, r.params.id, r.body.token),
  });
  route(app, endpoints.listPayments, {
    tags,
    summary: 'Paiements d’un utilisateur : faits (client) ou reçus (émetteur)',
    handler: (r) => listPayments(deps, r.params.id, r.query),
  });

  // Stripe signs the exact bytes it sends.
  await rawBodyRoute(app, endpoints.stripeWebhook, {
    tags,
    summary:
      'Webhook Stripe : événements checkout.session.*, payment_intent.* (prélèvements SEPA) et mandate.updated, signature vérifiée sur le corps brut, chaque événement appliqué une fois',
    config: { rateLimit: WEBHOOK_RATE },
    handler: (r, raw) => {
      const signature = r.headers['stripe-signature'];
      return receiveStripeEvent(deps, raw, Array.isArray(signature) ? signature[0] : signature);
    },
  });
}
