import type { AppDeps } from '../../lib/deps';
import type { LiveEvent, LiveNotifier } from './live-notifier';

const notifiers = new WeakMap<AppDeps, LiveNotifier>();

/** Called once by the notifications module when the app starts. */
export function setLiveNotifier(deps: AppDeps, notifier: LiveNotifier): void {
  notifiers.set(deps, notifier);
}

/**
 * The app's live notifier (the bell's and the centre's server-sent events), shared with the tenders
 * module. The notifications module is registered first and creates it.
 */
export function liveNotifierOf(deps: AppDeps): LiveNotifier {
  const notifier = notifiers.get(deps);
  if (!notifier) throw new Error('Le module des notifications n’est pas démarré.');
  return notifier;
}

/** Push an event to some users' open pages (e.g. a conversation changed); fire and forget. */
export function publishLive(deps: AppDeps, userIds: number[], event: LiveEvent): void {
  notifiers.get(deps)?.publish({ userIds, admins: false }, event);
}

/** Push a user's unread count to their open pages; fire and forget (a lost event waits for the next read). */
export function publishUnread(deps: AppDeps, userId: number, unread: number): void {
  notifiers.get(deps)?.publish({ userIds: [userId], admins: false }, { type: 'notification', unread });
}
