import { routeLines } from '../route-lines';

/** Platform foundation: health (the outbox is in outbox.ts, sessions and passwords are in auth.ts, the bell's tender lists in tenders.ts). */
export const foundationLines = routeLines({
  health: { method: 'GET', path: '/api/health', access: { allow: 'public' } },
});
