import { routeLines } from '../route-lines';

/** Platform foundation: health, outbox (sessions and passwords are in auth.ts, the bell's tender lists in tenders.ts). */
export const foundationLines = routeLines({
  health: { method: 'GET', path: '/api/health', access: { allow: 'public' } },
  listOutbox: { method: 'GET', path: '/api/admin/outbox', access: { allow: ['admin'] } },
  getOutboxMail: { method: 'GET', path: '/api/admin/outbox/{id}', access: { allow: ['admin'] } },
});
