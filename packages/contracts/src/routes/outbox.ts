import { routeLines, typedRoutes } from '../route-lines';
import type { outboxEndpoints } from '../mail';

/** The outbox: every mail the platform wrote, read by the admin. */
export const outboxLines = routeLines({
  listOutbox: { method: 'GET', path: '/api/admin/outbox', access: { allow: ['admin'] } },
  getOutboxMail: { method: 'GET', path: '/api/admin/outbox/{id}', access: { allow: ['admin'] } },
});

export const outboxRoutes = /* @__PURE__ */ typedRoutes<typeof outboxEndpoints>(outboxLines);
