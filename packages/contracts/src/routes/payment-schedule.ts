import { routeLines, typedRoutes } from '../route-lines';
import type { paymentScheduleEndpoints } from '../payment-schedule';

/**
 * The payment schedule (échéancier) of a quote (issue 38 §2, decision 1221). `{id}` is the quote's:
 * `owner: 'quote'` is its issuer or its client. The schedule is read by both and by an admin; it is
 * set, and its milestones marked reached and invoiced, by the issuer (an architect) or an admin.
 * A project's schedules are read with its contracts (`contract-life`, decision 1224).
 */
const pro = { validatedOnly: true } as const;
const parties = ['architecte', 'client', 'admin'] as const;
const issuer = ['architecte', 'admin'] as const;

export const paymentScheduleLines = routeLines({
  getSchedule: { method: 'GET', path: '/api/devis/{id}/echeancier', access: { allow: parties, ...pro, owner: 'quote' } },
  setSchedule: { method: 'PUT', path: '/api/devis/{id}/echeancier', access: { allow: issuer, ...pro, owner: 'quote' } },
  deleteSchedule: { method: 'DELETE', path: '/api/devis/{id}/echeancier', access: { allow: issuer, ...pro, owner: 'quote' } },
  markReached: { method: 'POST', path: '/api/devis/{id}/echeancier/etape-atteinte', access: { allow: issuer, ...pro, owner: 'quote' } },
  issueMilestone: { method: 'POST', path: '/api/devis/{id}/echeancier/emettre', access: { allow: issuer, ...pro, owner: 'quote' } },
});

export const paymentScheduleRoutes = /* @__PURE__ */ typedRoutes<typeof paymentScheduleEndpoints>(paymentScheduleLines);
