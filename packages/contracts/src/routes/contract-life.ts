import { routeLines, typedRoutes } from '../route-lines';
import type { contractLifeEndpoints } from '../contract-life';

/**
 * A project's contracts in one place (issue 38 §5, decision 1224): `{id}` is the project's;
 * `owner: 'project'` is its client or a professional taking part. The handler shows a client (and
 * an admin) every signed contract of the project, a professional only the ones they issued.
 */
export const contractLifeLines = routeLines({
  projectContracts: {
    method: 'GET',
    path: '/api/projet/{id}/contrats',
    access: { allow: ['client', 'architecte', 'admin'], validatedOnly: true, owner: 'project' },
  },
});

export const contractLifeRoutes = /* @__PURE__ */ typedRoutes<typeof contractLifeEndpoints>(contractLifeLines);
