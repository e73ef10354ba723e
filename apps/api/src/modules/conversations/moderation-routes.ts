import type { FastifyInstance } from 'fastify';
import { conversationModerationEndpoints as endpoints } from '@ouvrage/contracts';
import { route } from '../../lib/route';
import { callerOf } from '../../plugins/access-control';
import { closeReport, hideMessage, liftSuspension, suspendWriting, unhideMessage } from './moderate-conversation';
import { getModeration, listReports } from './moderation-views';
import { reportMessage } from './report-message';

/** Reports and moderation of conversations (decision 1230 « Reports and moderation »), registered by `conversationRoutes`. */
export function registerModerationRoutes(app: FastifyInstance) {
  const { deps } = app;
  const tags = ['Conversations'];
  route(app, endpoints.reportMessage, {
    tags,
    summary: 'Signaler un message de l’autre membre : un motif (propos abusifs, spam ou fraude, données personnelles, autre) et des précisions facultatives',
    handler: (r) => reportMessage(deps, callerOf(r), r.params.id, r.body),
  });
  route(app, endpoints.reports, {
    tags,
    summary: 'Les signalements (administrateur) : ouverts d’abord, puis traités ou classés, les plus récents en premier',
    handler: (r) => listReports(deps, r.query),
  });
  route(app, endpoints.moderation, {
    tags,
    summary: 'La modération d’une conversation signalée : ses signalements, ses membres, qui a lu quoi et quand',
    handler: (r) => getModeration(deps, callerOf(r), r.params.id),
  });
  route(app, endpoints.hideMessage, {
    tags,
    summary: 'Masquer un message d’une conversation signalée : les membres voient « Message masqué par la modération »',
    handler: (r) => hideMessage(deps, callerOf(r), r.params.id, r.body),
  });
  route(app, endpoints.unhideMessage, {
    tags,
    summary: 'Afficher de nouveau un message masqué',
    handler: (r) => unhideMessage(deps, callerOf(r), r.params.id),
  });
  route(app, endpoints.suspendWriting, {
    tags,
    summary: 'Suspendre l’écriture d’un membre dans une conversation signalée : il la lit, il n’y écrit plus',
    handler: (r) => suspendWriting(deps, callerOf(r), r.params.id, r.body),
  });
  route(app, endpoints.liftSuspension, {
    tags,
    summary: 'Rétablir l’écriture d’un membre',
    handler: (r) => liftSuspension(deps, callerOf(r), r.params.id, r.body),
  });
  route(app, endpoints.closeReport, {
    tags,
    summary: 'Clore un signalement : traité, ou classé sans suite',
    handler: (r) => closeReport(deps, callerOf(r), r.params.id, r.body),
  });
}
