import { routeLines, typedRoutes } from '../route-lines';
import type { authEndpoints } from '../auth';

/** Sessions (login, refresh cookie, logout, who am I), password reset by mailed link, the roles list. */
export const authLines = routeLines({
  login: { method: 'POST', path: '/api/login', access: { allow: 'public' } },
  refresh: { method: 'POST', path: '/api/refresh', access: { allow: 'public' } },
  logout: { method: 'POST', path: '/api/logout', access: { allow: 'public' } },
  forgotPassword: { method: 'POST', path: '/api/forgot-password', access: { allow: 'public' } },
  saveNewPassword: { method: 'POST', path: '/api/save-new-password', access: { allow: 'public' } },
  me: { method: 'GET', path: '/api/me', access: { allow: 'authenticated' } },
  listRoles: { method: 'GET', path: '/api/list-role', access: { allow: ['admin'] } },
});

export const authRoutes = /* @__PURE__ */ typedRoutes<typeof authEndpoints>(authLines);
