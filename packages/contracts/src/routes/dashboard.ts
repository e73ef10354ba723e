import { routeLines, typedRoutes } from '../route-lines';
import type { dashboardEndpoints } from '../dashboard';

/**
 * Dashboards (issue 12, decision 0810). Each route answers the caller's own figures only: it takes
 * no record id, the services scope every query to the caller. The professional's dashboard is open
 * before validation (the profile checklist is what a pending professional needs); the architect's
 * figures (quotes, invoices, guarantees) follow the quote menus, validated accounts only. The
 * admin's dashboard is its own module.
 */
export const dashboardLines = routeLines({
  client: { method: 'GET', path: '/api/dashboard/client', access: { allow: ['client'] } },
  professional: { method: 'GET', path: '/api/dashboard/professionnel', access: { allow: ['professionnel', 'dessinateur', 'architecte'] } },
  architect: { method: 'GET', path: '/api/dashboard/architecte', access: { allow: ['architecte'], validatedOnly: true } },
});

export const dashboardRoutes = /* @__PURE__ */ typedRoutes<typeof dashboardEndpoints>(dashboardLines);
