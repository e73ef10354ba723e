/** The notifications module's public entry (docs/decisions/0450, 0800–0803). */
export { notificationRoutes } from './routes';
export { notify, notifyAdmins, settleNotifications, type NotifyInput } from './notify';
export { liveNotifierOf, publishLive } from './live';
export type { Audience, LiveEvent, LiveNotifier } from './live-notifier';
export { notificationMail, notificationText } from './messages';
export { registerRecipients, type Recipient, type Recipients } from './recipients';
