import { routeLines, typedRoutes } from '../route-lines';
import type { notificationEndpoints } from '../notifications';

/**
 * The notification centre and e-mail choices (decisions 0800–0803): the caller's own, for every
 * role. A notification is its recipient's alone, even for an admin, so the service checks the
 * recipient itself (403 on someone else's, 404 on an unknown id) instead of an owner kind an
 * admin would pass.
 */
const own = { kind: 'none', reason: 'the notification is checked against its recipient by the service (403 on someone else’s, even for an admin)' } as const;

export const notificationLines = routeLines({
  list: { method: 'GET', path: '/api/notifications', access: { allow: 'authenticated' } },
  markRead: { method: 'POST', path: '/api/notifications/{id}/lu', access: { allow: 'authenticated', owner: own } },
  markAllRead: { method: 'POST', path: '/api/notifications/tout-lu', access: { allow: 'authenticated' } },
  settings: { method: 'GET', path: '/api/notifications/preferences', access: { allow: 'authenticated' } },
  saveSettings: { method: 'PATCH', path: '/api/notifications/preferences', access: { allow: 'authenticated' } },
});

export const notificationRoutes = /* @__PURE__ */ typedRoutes<typeof notificationEndpoints>(notificationLines);
