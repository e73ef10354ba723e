import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelope, acrobatSignLines } from '@ouvrage/contracts';
import { lineRoute } from '../../lib/route';
import { AcrobatSignClient } from './client';
import { registerAcrobatSignProvider } from './provider';
import { useAcrobatSignClient } from './clients';
import { COMPLETE_JOB, completeAgreement, POLL_JOB, pollAgreements, SYNC_JOB, syncAgreement } from './sync';
import { CLIENT_ID_HEADER, checkClientId, receiveNotification, webhookSettings } from './webhook';

/** How often agreements still out for signature are re-read, in case a notification was lost. */
const POLL_MS = 10 * 60_000;

/** Generous for Acrobat Sign's bursts, still a ceiling for a public address. */
const WEBHOOK_RATE = { max: 600, timeWindow: '1 minute' };
const echo = z.object({ xAdobeSignClientId: z.string() });
const webhookErrors = { 400: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

/**
 * Acrobat Sign (decisions 0660–0662): the provider `acrobat-sign` behind sendForSignature, its
 * webhook (verification of intent by GET, notifications by POST, both answered with the client id
 * echoed in the header and the body), and the jobs that re-read agreements and complete them.
 */
export async function acrobatSignRoutes(app: FastifyInstance) {
  const { deps } = app;
  const tags = ['Signature électronique'];
  registerAcrobatSignProvider();
  const settings = deps.config.esign.acrobatSign;
  if (settings) {
    const client = new AcrobatSignClient(settings, { clock: deps.clock });
    useAcrobatSignClient(deps, client);
    const agreementOf = (payload: Record<string, unknown>) => {
      if (typeof payload.agreementId !== 'string') throw new Error('Tâche Acrobat Sign sans identifiant d’accord.');
      return payload.agreementId;
    };
    deps.jobs.registerJobHandler(SYNC_JOB, async (payload) => {
      await syncAgreement(deps, client, agreementOf(payload));
    });
    deps.jobs.registerJobHandler(COMPLETE_JOB, async (payload) => {
      await completeAgreement(deps, client, agreementOf(payload));
    });
    deps.jobs.registerRecurringJob(POLL_JOB, POLL_MS, async () => {
      await pollAgreements(deps, client, app.log);
    });
  }

  const answer = (request: FastifyRequest, reply: FastifyReply) => {
    const clientId = checkClientId(webhookSettings(deps), request.headers[CLIENT_ID_HEADER]);
    reply.header('X-AdobeSign-ClientId', clientId);
    return { xAdobeSignClientId: clientId };
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...lineRoute(acrobatSignLines.webhookHandshake),
    schema: {
      tags,
      summary: 'Webhook Acrobat Sign : vérification d’intention (en-tête X-AdobeSign-ClientId renvoyé)',
      response: { 200: echo, ...webhookErrors },
    },
    config: { rateLimit: WEBHOOK_RATE },
    handler: async (request, reply) => answer(request, reply),
  });
  r.route({
    ...lineRoute(acrobatSignLines.webhook),
    schema: {
      tags,
      summary: 'Webhook Acrobat Sign : une notification, enregistrée une fois ; l’accord est relu auprès d’Acrobat Sign',
      response: { 200: echo, ...webhookErrors },
    },
    config: { rateLimit: WEBHOOK_RATE },
    handler: async (request, reply) => {
      const body = answer(request, reply);
      await receiveNotification(deps, request.body);
      return body;
    },
  });
}
