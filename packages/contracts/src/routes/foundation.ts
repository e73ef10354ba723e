import { routeLines } from '../route-lines';

/** Platform foundation: health, sessions, password reset, roles, outbox (the bell's tender lists are in tenders.ts). */
export const foundationLines = routeLines({
  health: { method: 'GET', path: '/api/health', access: { allow: 'public' } },
  login: { method: 'POST', path: '/api/login', access: { allow: 'public' } },
  refresh: { method: 'POST', path: '/api/refresh', access: { allow: 'public' } },
  logout: { method: 'POST', path: '/api/logout', access: { allow: 'public' } },
  forgotPassword: { method: 'POST', path: '/api/forgot-password', access: { allow: 'public' } },
  saveNewPassword: { method: 'POST', path: '/api/save-new-password', access: { allow: 'public' } },
  me: { method: 'GET', path: '/api/me', access: { allow: 'authenticated' } },
  listRoles: { method: 'GET', path: '/api/list-role', access: { allow: ['admin'] } },
  listOutbox: { method: 'GET', path: '/api/admin/outbox', access: { allow: ['admin'] } },
  getOutboxMail: { method: 'GET', path: '/api/admin/outbox/{id}', access: { allow: ['admin'] } },
});
