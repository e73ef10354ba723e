import type { PermissionTable } from './types';

/**
 * Réception des travaux (decisions 0720–0721). `owner: 'quote'` is the quote's issuer or client;
 * `'reception'` the réception's issuer (the quote's) or client; `'reservation'` walks up to its
 * réception. Recording, photos, lifting and the release are for the issuer (or an admin): the
 * handlers check the caller is the issuer, since the client owns the records too. Signing the PV
 * is the client's alone (the handler checks they are the réception's client).
 */
const pro = { validatedOnly: true } as const;
const parties = ['architecte', 'client', 'admin'] as const;
const issuer = ['architecte', 'admin'] as const;

export const receptionPermissions = {
  'GET /api/devis/{id}/reception': { allow: parties, ...pro, owner: 'quote' },
  'POST /api/devis/{id}/reception': { allow: issuer, ...pro, owner: 'quote' },
  'POST /api/reception/reserve/{id}/photo': { allow: issuer, ...pro, owner: 'reservation' },
  'GET /api/reception/reserve/{id}/photo': { allow: parties, ...pro, owner: 'reservation' },
  'POST /api/reception/reserve/{id}/levee': { allow: issuer, ...pro, owner: 'reservation' },
  'POST /api/reception/{id}/liberer-retenue': { allow: issuer, ...pro, owner: 'reception' },
  'GET /api/reception/{id}/pv': { allow: parties, ...pro, owner: 'reception' },
  'POST /api/reception/{id}/signature': { allow: ['client'], owner: 'reception' },
  'POST /api/reception/{id}/signature/code': { allow: ['client'], owner: 'reception' },
  'GET /api/reception/{id}/signature/document': { allow: ['client'], owner: 'reception' },
  'POST /api/reception/{id}/signature/signer': { allow: ['client'], owner: 'reception' },
} as const satisfies PermissionTable;
