import { routeLines, typedRoutes } from '../route-lines';
import type { professionalEndpoints } from '../professionals';

const PROS = ['professionnel', 'dessinateur', 'architecte'] as const;
/** A professional acts on their own profile (`{id}` = their user id); an admin on anyone's. */
const ownProfile = { allow: [...PROS, 'admin'], owner: 'self' } as const;

/**
 * Professionals: sign-up, reference lists, enterprise profile, preferences, intervention zones,
 * references. Pending professionals (`En attente`) may complete their profile: no `validatedOnly` here.
 */
export const professionalLines = routeLines({
  listProfessions: { method: 'GET', path: '/api/list-profession', access: { allow: 'public' } },
  listServices: { method: 'GET', path: '/api/list-service', access: { allow: 'public' } },
  companyLookup: { method: 'GET', path: '/api/company-lookup', access: { allow: 'public' } },
  createProfessionalAccount: { method: 'POST', path: '/api/create-professionnel-account', access: { allow: 'public' } },

  getEnterprise: { method: 'GET', path: '/api/professionnel/get-info/{id}', access: ownProfile },
  saveEnterprise: { method: 'PATCH', path: '/api/professionnel/store-details/{id}', access: ownProfile },
  registrationStatus: { method: 'GET', path: '/api/professionnel/get-status-register/{id}', access: ownProfile },
  getPreferences: { method: 'GET', path: '/api/professionnel/get-preferences/{id}', access: ownProfile },
  savePreferences: { method: 'PATCH', path: '/api/professionnel/set-preferences/{id}', access: ownProfile },
  uploadCertificate: { method: 'POST', path: '/api/professionnel/upload-certificate/{id}', access: ownProfile, consumes: ['multipart/form-data'] },
  certificateFile: { method: 'GET', path: '/api/professionnel/certificate/{id}', access: ownProfile },
  uploadLogo: { method: 'POST', path: '/api/professionnel/upload-logo/{id}', access: ownProfile, consumes: ['multipart/form-data'] },
  logoFile: {
    method: 'GET',
    path: '/api/professionnel/logo/{id}',
    access: {
      allow: 'authenticated',
      owner: { kind: 'none', reason: 'Logos appear on quotes and tender pages: any signed-in user may see one.' },
    },
  },

  createZone: { method: 'POST', path: '/api/professionnel/store-intervention/{id}', access: ownProfile },
  listZones: { method: 'GET', path: '/api/professionnel/zone-intervention/{id}', access: ownProfile },
  updateZone: { method: 'PATCH', path: '/api/professionnel/update-intervention/{id}', access: { allow: [...PROS, 'admin'], owner: 'intervention-zone' } },
  deleteZone: { method: 'DELETE', path: '/api/professionnel/delete-intervention/{id}', access: { allow: [...PROS, 'admin'], owner: 'intervention-zone' } },

  listReferences: { method: 'GET', path: '/api/professionnel/references/{id}', access: ownProfile },
  createReference: { method: 'POST', path: '/api/professionnel/references/{id}', access: ownProfile },
  updateReference: { method: 'PATCH', path: '/api/professionnel/update-reference/{id}', access: { allow: [...PROS, 'admin'], owner: 'reference' } },
  deleteReference: { method: 'DELETE', path: '/api/professionnel/delete-reference/{id}', access: { allow: [...PROS, 'admin'], owner: 'reference' } },
  uploadReferencePhoto: {
    method: 'POST',
    path: '/api/professionnel/reference-photo/{id}',
    access: { allow: [...PROS, 'admin'], owner: 'reference' },
    consumes: ['multipart/form-data'],
  },
  referencePhotoFile: {
    method: 'GET',
    path: '/api/professionnel/reference-photo/{id}',
    access: {
      allow: 'authenticated',
      owner: { kind: 'none', reason: "Reference photos show a professional's past work to clients and the admin." },
    },
  },
});

export const professionalRoutes = /* @__PURE__ */ typedRoutes<typeof professionalEndpoints>(professionalLines);
