import { routeLines, typedRoutes } from '../route-lines';
import type { priceReferenceEndpoints } from '../price-references';

/**
 * Price references (issue 40, decision 1240): what similar work costs in a zone, from sent quotes,
 * aggregated and suppressed below the threshold. The architect reads them on his own quote
 * (`owner: 'quote'`), the client on his project's comparison (`owner: 'project'`), each user sets
 * their own participation, the admin reads trends, coverage and outliers and excludes outliers.
 */
const architect = { allow: ['architecte'], validatedOnly: true } as const;
const admin = { allow: ['admin'] } as const;

export const priceReferenceLines = routeLines({
  // The references of the lines the editor shows (typed, saved or not): one indexed lookup per call.
  quoteLookup: { method: 'POST', path: '/api/devis/{id}/prix-de-reference', access: { ...architect, owner: 'quote' } },
  // Each sent quote of the project, lot by lot, against the zone's references.
  projectComparison: { method: 'GET', path: '/api/projet/{id}/prix-de-reference', access: { allow: ['client', 'admin'], owner: 'project' } },
  // The caller's own setting: contribute (and read the references) or not.
  participation: { method: 'GET', path: '/api/prix-de-reference/participation', access: architect },
  setParticipation: { method: 'PUT', path: '/api/prix-de-reference/participation', access: architect },
  adminTrends: { method: 'GET', path: '/api/admin/prix-de-reference/tendances', access: admin },
  adminCoverage: { method: 'GET', path: '/api/admin/prix-de-reference/couverture', access: admin },
  adminOutliers: { method: 'GET', path: '/api/admin/prix-de-reference/atypiques', access: admin },
  adminExclude: {
    method: 'POST',
    path: '/api/admin/prix-de-reference/contributions/{id}/exclusion',
    access: { ...admin, owner: { kind: 'none', reason: 'L’admin écarte toute contribution atypique.' } },
  },
  adminRestore: {
    method: 'DELETE',
    path: '/api/admin/prix-de-reference/contributions/{id}/exclusion',
    access: { ...admin, owner: { kind: 'none', reason: 'L’admin réintègre toute contribution écartée.' } },
  },
  adminRefresh: { method: 'POST', path: '/api/admin/prix-de-reference/recalcul', access: admin },
});

export const priceReferenceRoutes = /* @__PURE__ */ typedRoutes<typeof priceReferenceEndpoints>(priceReferenceLines);
