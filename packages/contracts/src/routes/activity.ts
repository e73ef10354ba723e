import { routeLines, typedRoutes } from '../route-lines';
import type { activityEndpoints } from '../activity';

/**
 * A project's timeline (issue 12, decision 0831): whoever may open the project (its client, the
 * professionals whose tender on it was accepted, the admin) reads it; what each one sees is
 * narrowed by the owning modules (a professional never sees a competitor's quote or price).
 */
export const activityLines = routeLines({
  projectActivity: { method: 'GET', path: '/api/project/activite/{id}', access: { allow: 'authenticated', owner: 'project' } },
});

export const activityRoutes = /* @__PURE__ */ typedRoutes<typeof activityEndpoints>(activityLines);
