import { routeLines, subjectSigningLines, typedRoutes } from '../route-lines';
import type { receptionEndpoints } from '../reception';

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

export const receptionLines = routeLines({
  quoteReception: { method: 'GET', path: '/api/devis/{id}/reception', access: { allow: parties, ...pro, owner: 'quote' } },
  recordReception: { method: 'POST', path: '/api/devis/{id}/reception', access: { allow: issuer, ...pro, owner: 'quote' } },
  reservationPhoto: {
    method: 'POST',
    path: '/api/reception/reserve/{id}/photo',
    access: { allow: issuer, ...pro, owner: 'reservation' },
    consumes: ['multipart/form-data'],
  },
  // A journal entry with photos as the reservation's photo (decision 1232): the issuer, like an upload.
  reservationJournalPhoto: { method: 'POST', path: '/api/reception/reserve/{id}/photo-journal', access: { allow: issuer, ...pro, owner: 'reservation' } },
  reservationPhotoFile: { method: 'GET', path: '/api/reception/reserve/{id}/photo', access: { allow: parties, ...pro, owner: 'reservation' } },
  liftReservation: { method: 'POST', path: '/api/reception/reserve/{id}/levee', access: { allow: issuer, ...pro, owner: 'reservation' } },
  releaseRetention: { method: 'POST', path: '/api/reception/{id}/liberer-retenue', access: { allow: issuer, ...pro, owner: 'reception' } },
  pvPdf: { method: 'GET', path: '/api/reception/{id}/pv', access: { allow: parties, ...pro, owner: 'reception' } },
  ...subjectSigningLines('/api/reception/{id}', 'reception'),
});

export const receptionRoutes = /* @__PURE__ */ typedRoutes<typeof receptionEndpoints>(receptionLines);
