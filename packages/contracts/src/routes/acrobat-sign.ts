import { routeLines } from '../route-lines';

/**
 * Acrobat Sign's webhook (decision 0661): called by Acrobat Sign, never by a user, so public. The
 * client id it sends is checked, and a notification is only a hint: the agreement is re-read
 * from the Acrobat Sign API with the platform's own token before anything changes.
 */
export const acrobatSignLines = routeLines({
  webhookHandshake: { method: 'GET', path: '/api/webhooks/acrobat-sign', access: { allow: 'public' } },
  webhook: { method: 'POST', path: '/api/webhooks/acrobat-sign', access: { allow: 'public' } },
});
