import type { FastifyInstance } from 'fastify';
import { notificationEndpoints as endpoints } from '@ouvrage/contracts';
import { route } from '../../lib/route';
import { callerOf } from '../../plugins/access-control';
import { publishUnread, setLiveNotifier } from './live';
import { LiveNotifier } from './live-notifier';
import { LIVE_JOB } from './notify';
import * as repo from './repository';
import { registerExport } from '../data-export';
import { notificationsExport } from './personal-data';
import { listNotifications, markAllRead, markRead, notificationSettings, saveNotificationSettings } from './service';

/**
 * The notification centre and e-mail choices (issue 12, decisions 0800–0803). Registered before
 * the tenders module: it creates the live notifier both use (the stream route stays the bell's).
 */
export async function notificationRoutes(app: FastifyInstance) {
  const { deps } = app;
  const tags = ['Notifications'];
  registerExport(deps, notificationsExport);

  const notifier = await LiveNotifier.create({
    redisUrl: deps.config.redisUrl,
    onError: (error) => app.log.warn({ err: error }, 'notification fan-out error'),
  });
  setLiveNotifier(deps, notifier);
  app.addHook('onClose', async () => notifier.close());

  // After the transaction that created a notification commits: push the recipient's unread count.
  deps.jobs.registerJobHandler(LIVE_JOB, async (payload) => {
    const userId = Number(payload.userId);
    publishUnread(deps, userId, await repo.unreadCount(deps.db, userId));
  });

  route(app, endpoints.list, {
    tags,
    summary: 'Mes notifications, les plus récentes d’abord, avec le nombre de non lues',
    handler: (r) => listNotifications(deps, callerOf(r), r.query),
  });
  route(app, endpoints.markRead, {
    tags,
    summary: 'Marquer une de mes notifications comme lue — {id} : la notification',
    handler: (r) => markRead(deps, callerOf(r), r.params.id),
  });
  route(app, endpoints.markAllRead, { tags, summary: 'Marquer toutes mes notifications comme lues', handler: (r) => markAllRead(deps, callerOf(r)) });
  route(app, endpoints.settings, {
    tags,
    summary: 'Ma langue et mes choix d’e-mails par type de notification',
    handler: (r) => notificationSettings(deps, callerOf(r)),
  });
  route(app, endpoints.saveSettings, {
    tags,
    summary: 'Enregistrer ma langue et/ou mes choix d’e-mails (les e-mails légaux — factures, signature — partent toujours)',
    handler: (r) => saveNotificationSettings(deps, callerOf(r), r.body),
  });
}
