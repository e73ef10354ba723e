import type { FastifyInstance } from 'fastify';
import { eInvoicingEndpoints as endpoints } from '@ouvrage/contracts';
import { AppError } from '../../lib/errors';
import { rawBodyRoute, route } from '../../lib/route';
import { callerOf } from '../../plugins/access-control';
import { issuerOf } from '../users';
import { invoiceEInvoicing, LIFECYCLE_EVERY_MS, LIFECYCLE_JOB, pollLifecycle } from './lifecycle';
import { connectionsOverview, awaitingActionOf } from './overview';
import { PAID_STATUS_JOB, runPaidStatus } from './payment-status';
import { getSettings, saveSettings } from './settings';
import { retrySubmission, runSubmission, SUBMIT_JOB } from './submission';
import { testConnection } from './test-connection';
import { PA_SIGNATURE_HEADER, receiveWebhook } from './webhook';

/** E-invoicing through a plateforme agréée (issue 37 §1, decision 1212). */
export async function eInvoicingRoutes(app: FastifyInstance) {
  const { deps } = app;
  const tags = ['Facturation électronique'];

  deps.jobs.registerJobHandler(SUBMIT_JOB, (payload, job) => runSubmission(deps, Number(payload.submissionId), job));
  deps.jobs.registerJobHandler(PAID_STATUS_JOB, (payload, job) => runPaidStatus(deps, Number(payload.paymentId), job));
  deps.jobs.registerRecurringJob(LIFECYCLE_JOB, LIFECYCLE_EVERY_MS, () => pollLifecycle(deps, app.log));

  route(app, endpoints.getSettings, {
    tags,
    summary: 'Mes réglages de facturation électronique (plateforme agréée, régime de TVA, période d’e-reporting)',
    handler: async (r) => getSettings(deps, await issuerOf(deps, callerOf(r), r.query.issuer_id)),
  });
  route(app, endpoints.saveSettings, {
    tags,
    summary: 'Enregistrer mes réglages de facturation électronique (les secrets chiffrés, jamais renvoyés)',
    handler: async (r) => saveSettings(deps, await issuerOf(deps, callerOf(r), r.query.issuer_id), r.body),
  });
  route(app, endpoints.testConnection, {
    tags,
    summary: 'Tester la connexion à la plateforme agréée (jeton, annuaire, webhook)',
    handler: async (r) => testConnection(deps, await issuerOf(deps, callerOf(r), r.query.issuer_id)),
  });
  route(app, endpoints.invoiceStatus, {
    tags,
    summary: 'L’état de la facture dans la facturation électronique et son historique',
    handler: (r) => invoiceEInvoicing(deps, r.params.id),
  });
  route(app, endpoints.retrySubmission, {
    tags,
    summary: 'Renvoyer à la plateforme agréée un envoi en échec',
    handler: (r) => retrySubmission(deps, callerOf(r), r.params.id),
  });
  route(app, endpoints.awaitingAction, {
    tags,
    summary: 'Les factures électroniques qui attendent mon action',
    handler: (r) => awaitingActionOf(deps, callerOf(r).id),
  });
  route(app, endpoints.adminConnections, {
    tags,
    summary: 'La connexion de chaque émetteur à sa plateforme agréée',
    handler: () => connectionsOverview(deps),
  });

  // The PA signs the exact bytes it sends.
  await rawBodyRoute(app, endpoints.webhook, {
    tags,
    summary: 'Webhook de la plateforme agréée : statuts du cycle de vie, signature HMAC vérifiée, chacun appliqué une fois',
    config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    handler: async (r, raw) => {
      const issuerId = Number(r.params.issuer);
      if (!Number.isSafeInteger(issuerId) || issuerId <= 0) throw new AppError('NOT_FOUND', 'Cet émetteur est introuvable.');
      return { received: true as const, ...(await receiveWebhook(deps, issuerId, raw, r.headers[PA_SIGNATURE_HEADER])) };
    },
  });
}
