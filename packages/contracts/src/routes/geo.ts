import { routeLines } from '../route-lines';

/** Offline geography: public, it drives forms that anonymous visitors fill in. */
export const geoLines = routeLines({
  communes: { method: 'GET', path: '/api/geo/communes', access: { allow: 'public' } },
  departements: { method: 'GET', path: '/api/geo/departements', access: { allow: 'public' } },
});
