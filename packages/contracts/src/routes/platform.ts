import { routeLines } from '../route-lines';

/**
 * Operations (decision 0854): Prometheus metrics. Public in the table because a scraper holds no
 * session: the route itself accepts the METRICS_TOKEN bearer or an admin's session, and answers
 * 401/403 to anyone else.
 */
export const platformLines = routeLines({
  metrics: { method: 'GET', path: '/api/metrics', access: { allow: 'public' } },
});
