import type { PermissionTable } from './types';

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
export const tenderPermissions = {
  // The bell (DESIGN §5).
  'GET /api/professionnel/liste-offres/{id}': { allow: [...PROS], validatedOnly: true, owner: 'self' },
  'GET /api/admin/liste-offres': { allow: ['admin'] },
  // Live updates of the bell (server-sent events); the bell is shown to every logged-in user type that has one.
  'GET /api/notifications/stream': { allow: 'authenticated' },

  // Professional.
  'GET /api/professionnel/mes-offres/{id}': ownTenderList,
  'POST /api/professionnel/mes-offres/validate/{id}': ownTender,
  'POST /api/professionnel/mes-offres/refused/{id}': ownTender,
  /** A project file (`{id}`), for the professionals whose tender on that project still stands. */
  'GET /api/professionnel/mes-offres/fichier/{id}': { allow: [...PROS, 'admin'], validatedOnly: true, owner: 'tender-file' },
  'GET /api/professionnel/mes-projets/{id}': ownTenderList,
  'GET /api/professionnel/list-user-Pro/{id}': ownTenderList,

  // Client (and accepted professionals, admin): who accepted the project, with their public profile.
  'GET /api/project/professionnels/{id}': { allow: 'authenticated', owner: 'project' },
  // The client (and the admin) reads how the tenders sent on their project stand (issue 15).
  'GET /api/project/avancement-offres/{id}': { allow: ['client', 'admin'], owner: 'project' },

  // Admin.
  'GET /api/admin/project/{id}/suggestions': { allow: ['admin'] },
  'POST /admin/account/create-offre': { allow: ['admin'] },
  'GET /admin/account/liste-offre-envoyer': { allow: ['admin'] },
  'DELETE /admin/supprimer/offre/{id}': { allow: ['admin'] },
  'GET /api/admin/tender-settings': { allow: ['admin'] },
  'PATCH /api/admin/tender-settings': { allow: ['admin'] },
} as const satisfies PermissionTable;
