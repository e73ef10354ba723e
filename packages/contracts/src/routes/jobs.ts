import { routeLines } from '../route-lines';

/** Background jobs: the admin reads them and relaunches dead ones. */
export const jobLines = routeLines({
  listJobs: { method: 'GET', path: '/api/admin/jobs', access: { allow: ['admin'] } },
  retryJob: { method: 'POST', path: '/api/admin/jobs/{id}/retry', access: { allow: ['admin'] } },
});
