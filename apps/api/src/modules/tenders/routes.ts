import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptedProject,
  adminTender,
  adminTenderQuery,
  answerTenderResult,
  createTenderBody,
  createTenderResult,
  envelope,
  errorEnvelope,
  fileQuery,
  idParam,
  myTendersQuery,
  notificationSnapshot,
  okEnvelope,
  paginated,
  paginationQuery,
  professionalClient,
  professionalTender,
  publicProfessional,
  refuseTenderBody,
  suggestionsQuery,
  suggestionsResult,
  tenderSettingsBody,
  tenderSettingsDto,
  tenderProgressEndpoints,
  tenderSummary,
} from '@ouvrage/contracts';
import { route } from '../../lib/route';
import { projectTenderProgress } from './tender-progress';
import { adminBellMemory } from './admin-bell';
import type { AppDeps } from '../../lib/deps';
import { sendFile } from '../../lib/stored-files';
import { callerOf } from '../../plugins/access-control';
import { liveNotifierOf, type LiveEvent } from '../notifications';
import { registerProjectParticipants } from '../projects';
import { registerRetention } from '../users';
import * as repo from './repository';
import * as tenders from './service';

type TendersHandle = tenders.TendersContext & { sweep: () => Promise<{ expired: number; closed: number }> };
const handles = new WeakMap<AppDeps, TendersHandle>();

/** The tenders module of an app (notifier, sweep on demand), found from its dependencies — for tests and jobs. */
export function tendersOf(deps: AppDeps): TendersHandle {
  const handle = handles.get(deps);
  if (!handle) throw new Error('Le module des appels d’offre n’est pas démarré.');
  return handle;
}

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
const HEARTBEAT_MS = 25_000;

/**
 * Tenders (spec §7 "Professionals", "Users and offers"; DESIGN §4–5). `{id}` is the user id in
 * liste-offres, mes-offres, mes-projets and list-user-Pro; the tender id in mes-offres/validate,
 * mes-offres/refused and admin/supprimer/offre; a file id in mes-offres/fichier; a project id in
 * project/professionnels and admin/project/{id}/suggestions.
 */
export async function tenderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['Appels d’offre'];

  // Created by the notifications module, registered first (decision 0801); it closes it too.
  const notifier = liveNotifierOf(deps);
  const ctx: tenders.TendersContext = { deps, notifier, log: app.log };
  const adminBell = adminBellMemory(notifier, deps.clock);
  let sweeping: Promise<unknown> | null = null;
  const sweep = () => {
    sweeping ??= tenders.sweepTenders(ctx).finally(() => {
      sweeping = null;
    });
    return sweeping as Promise<{ expired: number; closed: number }>;
  };
  handles.set(deps, { ...ctx, sweep });

  app.registerOwnership('tender', repo.ownersOfTender);
  app.registerOwnership('tender-file', repo.ownersOfTenderFile);
  registerRetention(deps, tenders.tenderRetention);
  registerProjectParticipants(deps, repo.acceptedProfessionalsOfProject);

  // Past the deadline a tender is « Expirée » on every read already; the sweep persists it and
  // tells the open bells. A recurring job: one run per period whatever the number of instances.
  if (deps.config.tenderSweepSeconds > 0) {
    deps.jobs.registerRecurringJob('tenders.sweep', deps.config.tenderSweepSeconds * 1000, async () => {
      await sweep();
    });
  }

  const streams = new Set<() => void>();
  app.addHook('onClose', async () => {
    adminBell.close();
    for (const end of [...streams]) end();
    await sweeping?.catch(() => undefined);
  });

  // ---------- the bell ----------

  const bellList = envelope(paginated(tenderSummary));
  r.get(
    '/api/professionnel/liste-offres/:id',
    { schema: { tags, summary: "Appels d'offre reçus par un professionnel (cloche) — {id} : l'utilisateur", params: idParam, querystring: paginationQuery, response: { 200: bellList, ...errors } } },
    async (request) => ({ success: true as const, data: await tenders.bellList(deps, request.params.id, request.query) }),
  );

  r.get(
    '/api/admin/liste-offres',
    { schema: { tags, summary: "Appels d'offre (cloche de l'admin) : ceux en attente de réponse d'abord", querystring: paginationQuery, response: { 200: bellList, 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope } } },
    async (request) => ({ success: true as const, data: await tenders.bellList(deps, undefined, request.query) }),
  );

  r.get(
    '/api/notifications/stream',
    {
      schema: {
        tags,
        summary: 'Mises à jour en direct de la cloche (server-sent events avec Accept: text/event-stream ; sinon le compteur en JSON)',
        response: { 200: envelope(notificationSnapshot), 401: errorEnvelope },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const snapshot = await tenders.bellSnapshot(deps, caller, adminBell);
      if (!(request.headers.accept ?? '').includes('text/event-stream')) {
        return { success: true as const, data: snapshot };
      }
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const write = (event: string, data: unknown) => raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      raw.write('retry: 3000\n\n');
      write('ready', snapshot);
      const unsubscribe = notifier.subscribe({ id: caller.id, admin: caller.user_type === 'admin' }, (event: LiveEvent) => write(event.type, event));
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(end);
        if (!raw.writableEnded) raw.end();
      };
      streams.add(end);
      request.raw.on('close', end);
      raw.on('error', end);
    },
  );

  // ---------- professional ----------

  r.get(
    '/api/professionnel/mes-offres/:id',
    {
      schema: {
        tags,
        summary: "Mes appels d'offre (disponibles d'abord, puis passés) — {id} : l'utilisateur ; coordonnées du client après acceptation seulement",
        params: idParam,
        querystring: myTendersQuery,
        response: { 200: envelope(paginated(professionalTender)), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await tenders.myTenders(deps, request.params.id, request.query) }),
  );

  r.post(
    '/api/professionnel/mes-offres/validate/:id',
    { schema: { tags, summary: "Accepter un appel d'offre — {id} : l'appel d'offre", params: idParam, response: { 200: envelope(answerTenderResult), ...errors, 409: errorEnvelope } } },
    async (request) => ({ success: true as const, data: await tenders.acceptTender(ctx, callerOf(request), request.params.id) }),
  );

  r.post(
    '/api/professionnel/mes-offres/refused/:id',
    {
      schema: {
        tags,
        summary: "Refuser un appel d'offre avec une raison — {id} : l'appel d'offre",
        params: idParam,
        body: refuseTenderBody,
        response: { 200: envelope(answerTenderResult), ...errors, 409: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await tenders.refuseTender(ctx, callerOf(request), request.params.id, request.body.reason) }),
  );

  r.get(
    '/api/professionnel/mes-offres/fichier/:id',
    {
      schema: {
        tags,
        summary: "Un document du projet d'un appel d'offre reçu — {id} : le document",
        params: idParam,
        querystring: fileQuery,
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const { file, bytes } = await tenders.tenderFile(deps, request.params.id);
      return sendFile(reply, { bytes, mime: file.mimeType, name: file.originalName, disposition: request.query.disposition });
    },
  );

  r.get(
    '/api/professionnel/mes-projets/:id',
    {
      schema: {
        tags,
        summary: "Projets acceptés par le professionnel, avec les coordonnées du client et les documents — {id} : l'utilisateur",
        params: idParam,
        querystring: paginationQuery,
        response: { 200: envelope(paginated(acceptedProject)), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await tenders.myProjects(deps, request.params.id, request.query) }),
  );

  r.get(
    '/api/professionnel/list-user-Pro/:id',
    {
      schema: {
        tags,
        summary: "Clients du professionnel (projets acceptés) — {id} : l'utilisateur",
        params: idParam,
        querystring: paginationQuery,
        response: { 200: envelope(paginated(professionalClient)), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await tenders.myClients(deps, request.params.id, request.query) }),
  );

  // ---------- client ----------

  r.get(
    '/api/project/professionnels/:id',
    {
      schema: {
        tags,
        summary: "Professionnels ayant accepté le projet, avec leur profil public — {id} : le projet",
        params: idParam,
        response: { 200: envelope(z.array(publicProfessional)), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await tenders.acceptedProfessionals(deps, request.params.id) }),
  );

  route(app, tenderProgressEndpoints.projectTenderProgress, {
    tags,
    summary: 'Où en sont les appels d’offre envoyés sur le projet (nombres par statut) — {id} : le projet',
    handler: (request) => projectTenderProgress(deps, request.params.id),
  });

  // ---------- admin ----------

  r.get(
    '/api/admin/project/:id/suggestions',
    {
      schema: {
        tags,
        summary: "Professionnels validés suggérés pour un projet, classés par pertinence, avec les raisons — {id} : le projet",
        params: idParam,
        querystring: suggestionsQuery,
        response: { 200: envelope(suggestionsResult), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await tenders.suggestions(deps, request.params.id, request.query.include_outside_zone) }),
  );

  r.post(
    '/admin/account/create-offre',
    {
      schema: {
        tags,
        summary: "Envoyer un appel d'offre à des professionnels (un par professionnel) ; le projet passe « En consultation »",
        body: createTenderBody,
        response: { 201: envelope(createTenderResult), ...errors, 409: errorEnvelope },
      },
    },
    async (request, reply) => {
      const data = await tenders.createTenders(ctx, callerOf(request), request.body);
      reply.status(201);
      return { success: true as const, data };
    },
  );

  r.get(
    '/admin/account/liste-offre-envoyer',
    {
      schema: {
        tags,
        summary: "Appels d'offre envoyés, filtrables par projet, professionnel et statut",
        querystring: adminTenderQuery,
        response: { 200: envelope(paginated(adminTender)), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await tenders.adminList(deps, request.query) }),
  );

  r.delete(
    '/admin/supprimer/offre/:id',
    { schema: { tags, summary: "Retirer un appel d'offre encore « Disponible » — {id} : l'appel d'offre", params: idParam, response: { 200: okEnvelope, ...errors, 409: errorEnvelope } } },
    async (request) => ({ success: true as const, data: await tenders.withdrawTender(ctx, request.params.id) }),
  );

  r.get(
    '/api/admin/tender-settings',
    { schema: { tags, summary: "Réglages des appels d'offre (nombre maximal d'acceptations par projet, délai par défaut)", response: { 200: envelope(tenderSettingsDto), ...errors } } },
    async () => ({ success: true as const, data: await tenders.getSettings(deps) }),
  );

  r.patch(
    '/api/admin/tender-settings',
    { schema: { tags, summary: "Modifier les réglages des appels d'offre", body: tenderSettingsBody, response: { 200: envelope(tenderSettingsDto), ...errors } } },
    async (request) => ({ success: true as const, data: await tenders.updateSettings(deps, request.body) }),
  );
}
