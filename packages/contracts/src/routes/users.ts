import { routeLines, typedRoutes } from '../route-lines';
import type { userEndpoints } from '../users';

/** User administration (admin) and each user's own profile page (/profil). */
export const userLines = routeLines({
  listUsers: { method: 'GET', path: '/admin/account/lists', access: { allow: ['admin'] } },
  createUser: { method: 'POST', path: '/admin/account/create-new', access: { allow: ['admin'] } },
  modifyUser: { method: 'PATCH', path: '/api/admin/modify-user', access: { allow: ['admin'] } },
  deleteClient: { method: 'DELETE', path: '/api/delete-client/{id}', access: { allow: ['admin'] } },
  checkProfessional: { method: 'POST', path: '/api/admin/check-user', access: { allow: ['admin'] } },
  validateProfessional: { method: 'POST', path: '/api/admin/validation-user/{id}', access: { allow: ['admin'] } },
  marketingLeads: { method: 'GET', path: '/api/admin/marketing-leads', access: { allow: ['admin'] } },

  getProfile: { method: 'GET', path: '/api/profil/{id}', access: { allow: 'authenticated', owner: 'self' } },
  updateProfile: { method: 'PATCH', path: '/api/profil/{id}', access: { allow: 'authenticated', owner: 'self' } },
  changeEmail: { method: 'POST', path: '/api/profil/change-email/{id}', access: { allow: 'authenticated', owner: 'self' } },
  changePassword: { method: 'POST', path: '/api/profil/change-password/{id}', access: { allow: 'authenticated', owner: 'self' } },
  /** The link mailed to the new address: it carries its own single-use token. */
  confirmEmail: { method: 'GET', path: '/api/profil/confirm-email', access: { allow: 'public' } },
});

export const userRoutes = /* @__PURE__ */ typedRoutes<typeof userEndpoints>(userLines);
