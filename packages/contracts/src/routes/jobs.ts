import { routeLines, typedRoutes } from '../route-lines';
import type { jobEndpoints } from '../jobs';

/** Background jobs: the admin reads them and relaunches dead ones. */
export const jobLines = routeLines({
  listJobs: { method: 'GET', path: '/api/admin/jobs', access: { allow: ['admin'] } },
  retryJob: { method: 'POST', path: '/api/admin/jobs/{id}/retry', access: { allow: ['admin'] } },
});

export const jobRoutes = /* @__PURE__ */ typedRoutes<typeof jobEndpoints>(jobLines);
