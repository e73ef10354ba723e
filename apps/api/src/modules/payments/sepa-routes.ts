import type { FastifyInstance } from 'fastify';
import { paymentEndpoints as endpoints } from '@ouvrage/contracts';
import { route } from '../../lib/route';
import { callerOf } from '../../plugins/access-control';
import { payWithSimulatedSepa } from './card-checkout';
import { SEPA_DEBIT_JOB, settleSimulatedDebits, SIMULATED_DEBITS_EVERY_MS, SIMULATED_DEBITS_JOB, submitSepaDebit } from './sepa-debits';
import { revokeMandate } from './sepa-mandates';

/** Public routes a stranger could hammer: a mandate is accepted a few times per minute at most by a real client. */
const PAY_RATE = { max: 60, timeWindow: '1 minute' };

/** SEPA direct debit beside the card (issue 38 §3, decision 1223): the simulated page's debit, revocation, the debit job. */
export async function sepaRoutes(app: FastifyInstance) {
  const { deps } = app;
  const tags = ['Paiements'];
  // A milestone invoice's debit on its announced day (scheduled by `announceSepaDebit`).
  deps.jobs.registerJobHandler(SEPA_DEBIT_JOB, async (payload) => {
    const paymentId = Number((payload as { payment_id?: unknown }).payment_id);
    if (Number.isInteger(paymentId)) await submitSepaDebit(deps, paymentId);
  });
  // The simulated bank answers a debit days after it was handed to it (no webhook: a sweep).
  deps.jobs.registerRecurringJob(SIMULATED_DEBITS_JOB, SIMULATED_DEBITS_EVERY_MS, async () => {
    await settleSimulatedDebits(deps);
  });

  route(app, endpoints.simulatedSepa, {
    tags,
    summary: 'Paiement simulé : prélèvement SEPA (IBAN vérifié, mandat accepté une fois par contrat), en cours jusqu’à la réponse de la banque',
    config: { rateLimit: PAY_RATE },
    handler: (r) => payWithSimulatedSepa(deps, r.caller, r.params.id, r.body),
  });
  route(app, endpoints.revokeMandate, {
    tags,
    summary: 'Révoquer le mandat de prélèvement SEPA d’un contrat : plus aucun prélèvement ensuite',
    handler: (r) => revokeMandate(deps, callerOf(r), r.params.id),
  });
}
