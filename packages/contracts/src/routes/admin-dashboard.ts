import { routeLines, typedRoutes } from '../route-lines';
import type { adminDashboardEndpoints } from '../admin-dashboard';

/** The admin dashboard and its board of projects by stage (issue 12, decision 0820): admins only. */
export const adminDashboardLines = routeLines({
  dashboard: { method: 'GET', path: '/api/admin/dashboard', access: { allow: ['admin'] } },
  board: { method: 'GET', path: '/api/admin/board', access: { allow: ['admin'] } },
});

export const adminDashboardRoutes = /* @__PURE__ */ typedRoutes<typeof adminDashboardEndpoints>(adminDashboardLines);
