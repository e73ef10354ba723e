import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, errorEnvelope, fileQuery, idParam, notificationSnapshot, tenderEndpoints as endpoints, tenderLines as lines } from '@ouvrage/contracts';
import { lineRoute, route } from '../../lib/route';
import { projectTenderProgress } from './tender-progress';
import { adminBellMemory } from './admin-bell';
import type { AppDeps } from '../../lib/deps';
import { sendFile } from '../../lib/stored-files';
import { callerOf } from '../../plugins/access-control';
import { liveNotifierOf, type LiveEvent } from '../notifications';
import { registerProjectParticipants } from '../projects';
import { registerRetention } from '../users';
import { registerExport } from '../data-export';
import { tendersExport } from './personal-data';
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

const fileErrors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
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
  registerExport(deps, tendersExport);
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

  route(app, endpoints.bellTendersOf, {
    tags,
    summary: "Appels d'offre reçus par un professionnel (cloche) — {id} : l'utilisateur",
    handler: (request) => tenders.bellList(deps, request.params.id, request.query),
  });

  route(app, endpoints.bellTendersAdmin, {
    tags,
    summary: "Appels d'offre (cloche de l'admin) : ceux en attente de réponse d'abord",
    handler: (request) => tenders.bellList(deps, undefined, request.query),
  });

  r.route({
    ...lineRoute(lines.stream),
    schema: {
      tags,
      summary: 'Mises à jour en direct de la cloche (server-sent events avec Accept: text/event-stream ; sinon le compteur en JSON)',
      response: { 200: envelope(notificationSnapshot), 401: errorEnvelope },
    },
    handler: async (request, reply) => {
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
  });

  // ---------- professional ----------

  route(app, endpoints.myTenders, {
    tags,
    summary: "Mes appels d'offre (disponibles d'abord, puis passés) — {id} : l'utilisateur ; coordonnées du client après acceptation seulement",
    handler: (request) => tenders.myTenders(deps, request.params.id, request.query),
  });

  route(app, endpoints.acceptTender, {
    tags,
    summary: "Accepter un appel d'offre — {id} : l'appel d'offre",
    handler: (request) => tenders.acceptTender(ctx, callerOf(request), request.params.id),
  });

  route(app, endpoints.refuseTender, {
    tags,
    summary: "Refuser un appel d'offre avec une raison — {id} : l'appel d'offre",
    handler: (request) => tenders.refuseTender(ctx, callerOf(request), request.params.id, request.body.reason),
  });

  r.route({
    ...lineRoute(lines.tenderFile),
    schema: {
      tags,
      summary: "Un document du projet d'un appel d'offre reçu — {id} : le document",
      params: idParam,
      querystring: fileQuery,
      response: fileErrors,
    },
    handler: async (request, reply) => {
      const { file, bytes } = await tenders.tenderFile(deps, request.params.id);
      return sendFile(reply, { bytes, mime: file.mimeType, name: file.originalName, disposition: request.query.disposition });
    },
  });

  route(app, endpoints.myProjects, {
    tags,
    summary: "Projets acceptés par le professionnel, avec les coordonnées du client et les documents — {id} : l'utilisateur",
    handler: (request) => tenders.myProjects(deps, request.params.id, request.query),
  });

  route(app, endpoints.matchingProfessionals, {
    tags,
    summary: "Clients du professionnel (projets acceptés) — {id} : l'utilisateur",
    handler: (request) => tenders.myClients(deps, request.params.id, request.query),
  });

  // ---------- client ----------

  route(app, endpoints.projectProfessionals, {
    tags,
    summary: 'Professionnels ayant accepté le projet, avec leur profil public — {id} : le projet',
    handler: (request) => tenders.acceptedProfessionals(deps, request.params.id),
  });

  route(app, endpoints.projectTenderProgress, {
    tags,
    summary: 'Où en sont les appels d’offre envoyés sur le projet (nombres par statut) — {id} : le projet',
    handler: (request) => projectTenderProgress(deps, request.params.id),
  });

  // ---------- admin ----------

  route(app, endpoints.suggestions, {
    tags,
    summary: 'Professionnels validés suggérés pour un projet, classés par pertinence, avec les raisons — {id} : le projet',
    handler: (request) => tenders.suggestions(deps, request.params.id, request.query.include_outside_zone),
  });

  route(app, endpoints.sendTender, {
    tags,
    summary: "Envoyer un appel d'offre à des professionnels (un par professionnel) ; le projet passe « En consultation »",
    handler: (request) => tenders.createTenders(ctx, callerOf(request), request.body),
  });

  route(app, endpoints.sentTenders, {
    tags,
    summary: "Appels d'offre envoyés, filtrables par projet, professionnel et statut",
    handler: (request) => tenders.adminList(deps, request.query),
  });

  route(app, endpoints.deleteTender, {
    tags,
    summary: "Retirer un appel d'offre encore « Disponible » — {id} : l'appel d'offre",
    handler: (request) => tenders.withdrawTender(ctx, request.params.id),
  });

  route(app, endpoints.getTenderSettings, {
    tags,
    summary: "Réglages des appels d'offre (nombre maximal d'acceptations par projet, délai par défaut)",
    handler: () => tenders.getSettings(deps),
  });

  route(app, endpoints.saveTenderSettings, {
    tags,
    summary: "Modifier les réglages des appels d'offre",
    handler: (request) => tenders.updateSettings(deps, request.body),
  });
}
