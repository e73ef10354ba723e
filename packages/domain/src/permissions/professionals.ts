import type { PermissionTable } from './types';

const PROS = ['professionnel', 'dessinateur', 'architecte'] as const;
/** A professional acts on their own profile (`{id}` = their user id); an admin on anyone's. */
const ownProfile = { allow: [...PROS, 'admin'], owner: 'self' } as const;

/**
 * Professionals: sign-up, reference lists, enterprise profile, preferences, intervention zones,
 * references. Pending professionals (`En attente`) may complete their profile: no `validatedOnly` here.
 */
export const professionalPermissions = {
  'GET /api/list-profession': { allow: 'public' },
  'GET /api/list-service': { allow: 'public' },
  'GET /api/company-lookup': { allow: 'public' },
  'POST /api/create-professionnel-account': { allow: 'public' },

  'GET /api/professionnel/get-info/{id}': ownProfile,
  'PATCH /api/professionnel/store-details/{id}': ownProfile,
  'GET /api/professionnel/get-status-register/{id}': ownProfile,
  'GET /api/professionnel/get-preferences/{id}': ownProfile,
  'PATCH /api/professionnel/set-preferences/{id}': ownProfile,
  'POST /api/professionnel/upload-certificate/{id}': ownProfile,
  'GET /api/professionnel/certificate/{id}': ownProfile,
  'POST /api/professionnel/upload-logo/{id}': ownProfile,
  'GET /api/professionnel/logo/{id}': {
    allow: 'authenticated',
    owner: { kind: 'none', reason: 'Logos appear on quotes and tender pages: any signed-in user may see one.' },
  },

  'POST /api/professionnel/store-intervention/{id}': ownProfile,
  'GET /api/professionnel/zone-intervention/{id}': ownProfile,
  'PATCH /api/professionnel/update-intervention/{id}': { allow: [...PROS, 'admin'], owner: 'intervention-zone' },
  'DELETE /api/professionnel/delete-intervention/{id}': { allow: [...PROS, 'admin'], owner: 'intervention-zone' },

  'GET /api/professionnel/references/{id}': ownProfile,
  'POST /api/professionnel/references/{id}': ownProfile,
  'PATCH /api/professionnel/update-reference/{id}': { allow: [...PROS, 'admin'], owner: 'reference' },
  'DELETE /api/professionnel/delete-reference/{id}': { allow: [...PROS, 'admin'], owner: 'reference' },
  'POST /api/professionnel/reference-photo/{id}': { allow: [...PROS, 'admin'], owner: 'reference' },
  'GET /api/professionnel/reference-photo/{id}': {
    allow: 'authenticated',
    owner: { kind: 'none', reason: "Reference photos show a professional's past work to clients and the admin." },
  },
} as const satisfies PermissionTable;
