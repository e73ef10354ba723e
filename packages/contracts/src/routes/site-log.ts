import { routeLines, typedRoutes } from '../route-lines';
import type { siteLogEndpoints } from '../site-log';

/**
 * The site log, journal de chantier (issue 39 §2, decision 1231). `owner: 'project'` is the
 * project's client and the professionals whose tender on it was accepted; `'site-log-entry'` and
 * `'site-log-photo'` the owners of the entry's project. Everyone of them reads; writing an entry is
 * a professional's (the service checks the tender is accepted: the client owns the project too) or
 * an admin's; the client, the writers and the admin comment.
 */
const pro = { validatedOnly: true } as const;
const readers = ['client', 'professionnel', 'dessinateur', 'architecte', 'admin'] as const;
const writers = ['professionnel', 'dessinateur', 'architecte', 'admin'] as const;

export const siteLogLines = routeLines({
  journal: { method: 'GET', path: '/api/projet/{id}/journal', access: { allow: readers, ...pro, owner: 'project' } },
  // A text entry as JSON, or a multipart form: its fields and up to 10 photos (field `photos`).
  writeEntry: { method: 'POST', path: '/api/projet/{id}/journal', access: { allow: writers, ...pro, owner: 'project' }, consumes: ['multipart/form-data'] },
  entry: { method: 'GET', path: '/api/journal/{id}', access: { allow: readers, ...pro, owner: 'site-log-entry' } },
  comment: { method: 'POST', path: '/api/journal/{id}/commentaires', access: { allow: readers, ...pro, owner: 'site-log-entry' } },
  photo: { method: 'GET', path: '/api/journal/photos/{id}', access: { allow: readers, ...pro, owner: 'site-log-photo' } },
  // The whole journal as a dated PDF, for the file of the works (the client's copy carries no photo position).
  journalPdf: { method: 'GET', path: '/api/projet/{id}/journal.pdf', access: { allow: readers, ...pro, owner: 'project' } },
});

export const siteLogRoutes = /* @__PURE__ */ typedRoutes<typeof siteLogEndpoints>(siteLogLines);
