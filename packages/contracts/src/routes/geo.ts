import { routeLines, typedRoutes } from '../route-lines';
import type { geoEndpoints } from '../geo';

/** Offline geography: public, it drives forms that anonymous visitors fill in. */
export const geoLines = routeLines({
  communes: { method: 'GET', path: '/api/geo/communes', access: { allow: 'public' } },
  departements: { method: 'GET', path: '/api/geo/departements', access: { allow: 'public' } },
});

export const geoRoutes = /* @__PURE__ */ typedRoutes<typeof geoEndpoints>(geoLines);
