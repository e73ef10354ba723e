import { routeLines, typedRoutes } from '../route-lines';
import type { tenderEndpoints } from '../tenders';

const PROS = ['professionnel', 'dessinateur', 'architecte'] as const;
/** A validated professional on their own lists: `{id}` is their user id; admins read anyone's. */
const ownTenderList = { allow: [...PROS, 'admin'], validatedOnly: true, owner: 'self' } as const;
/** A validated professional answering a tender: `{id}` is the tender id, owned by its professional. */
const ownTender = { allow: [...PROS], validatedOnly: true, owner: 'tender' } as const;

/**
 * Tenders (offres). `{id}` is the user id in `liste-offres`, `mes-offres`, `mes-projets` and
 * `list-user-Pro`, and the tender id in `mes-offres/validate`, `mes-offres/refused`, the tender's
 * files and `admin/supprimer/offre`.
 */
export const tenderLines = routeLines({
  // The bell (DESIGN §5).
  bellTendersOf: { method: 'GET', path: '/api/professionnel/liste-offres/{id}', access: { allow: [...PROS], validatedOnly: true, owner: 'self' } },
  bellTendersAdmin: { method: 'GET', path: '/api/admin/liste-offres', access: { allow: ['admin'] } },
  // Live updates of the bell (server-sent events); the bell is shown to every logged-in user type that has one.
  stream: { method: 'GET', path: '/api/notifications/stream', access: { allow: 'authenticated' } },

  // Professional.
  myTenders: { method: 'GET', path: '/api/professionnel/mes-offres/{id}', access: ownTenderList },
  acceptTender: { method: 'POST', path: '/api/professionnel/mes-offres/validate/{id}', access: ownTender },
  refuseTender: { method: 'POST', path: '/api/professionnel/mes-offres/refused/{id}', access: ownTender },
  /** A project file (`{id}`), for the professionals whose tender on that project still stands. */
  tenderFile: {
    method: 'GET',
    path: '/api/professionnel/mes-offres/fichier/{id}',
    access: { allow: [...PROS, 'admin'], validatedOnly: true, owner: 'tender-file' },
  },
  myProjects: { method: 'GET', path: '/api/professionnel/mes-projets/{id}', access: ownTenderList },
  matchingProfessionals: { method: 'GET', path: '/api/professionnel/list-user-Pro/{id}', access: ownTenderList },

  // Client (and accepted professionals, admin): who accepted the project, with their public profile.
  projectProfessionals: { method: 'GET', path: '/api/project/professionnels/{id}', access: { allow: 'authenticated', owner: 'project' } },
  // The client (and the admin) reads how the tenders sent on their project stand (issue 15).
  projectTenderProgress: { method: 'GET', path: '/api/project/avancement-offres/{id}', access: { allow: ['client', 'admin'], owner: 'project' } },

  // Admin.
  suggestions: { method: 'GET', path: '/api/admin/project/{id}/suggestions', access: { allow: ['admin'] } },
  sendTender: { method: 'POST', path: '/admin/account/create-offre', access: { allow: ['admin'] } },
  sentTenders: { method: 'GET', path: '/admin/account/liste-offre-envoyer', access: { allow: ['admin'] } },
  deleteTender: { method: 'DELETE', path: '/admin/supprimer/offre/{id}', access: { allow: ['admin'] } },
  getTenderSettings: { method: 'GET', path: '/api/admin/tender-settings', access: { allow: ['admin'] } },
  saveTenderSettings: { method: 'PATCH', path: '/api/admin/tender-settings', access: { allow: ['admin'] } },
});

export const tenderRoutes = /* @__PURE__ */ typedRoutes<typeof tenderEndpoints>(tenderLines);
