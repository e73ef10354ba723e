import { routeLines, typedRoutes } from '../route-lines';
import type { eReportingEndpoints } from '../e-reporting';

/**
 * E-reporting of consumer sales (issue 37 §2, decision 1213): an architect's periods and their
 * reports, a report's content, sending a failed one again. An admin names the issuer with
 * `issuer_id` (the list) or opens any report.
 */
const pro = { validatedOnly: true } as const;

export const eReportingLines = routeLines({
  listPeriods: {
    method: 'GET',
    path: '/api/e-reporting/periodes',
    access: {
      allow: ['architecte', 'admin'],
      ...pro,
      owner: { kind: 'none', reason: 'Le handler lit les déclarations de l’appelant ; seul un admin choisit l’émetteur par issuer_id (403 sinon).' },
    },
  },
  getReport: { method: 'GET', path: '/api/e-reporting/rapports/{id}', access: { allow: ['architecte', 'admin'], ...pro, owner: 'e-report' } },
  resendReport: { method: 'POST', path: '/api/e-reporting/rapports/{id}/renvoyer', access: { allow: ['architecte', 'admin'], ...pro, owner: 'e-report' } },
});

export const eReportingRoutes = /* @__PURE__ */ typedRoutes<typeof eReportingEndpoints>(eReportingLines);
