import { routeLines } from '../route-lines';

/**
 * A person's own data export (RGPD art. 15 and 20, decision 1233). Like `/api/me`, it takes no
 * id: the handler exports the caller's data and no one else's, the admin included.
 */
export const dataExportLines = routeLines({
  exportMyData: { method: 'GET', path: '/api/profil/export', access: { allow: 'authenticated' } },
});
