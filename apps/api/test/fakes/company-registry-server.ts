import { fakeSearchAnswer } from '../../src/adapters/company-registry';
import { sendJson, startFakeServer } from './http-server';

/**
 * API Recherche d'entreprises stand-in: `GET /search?q=` answers with the fixture companies;
 * `q=00000000000000` → 500, so the "registry unavailable" path can be tested.
 */
export function startFakeCompanyRegistry() {
  return startFakeServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (req.method !== 'GET' || url.pathname !== '/search') return sendJson(res, 404, { erreur: 'Not found' });
    const q = url.searchParams.get('q') ?? '';
    if (q.length < 3) return sendJson(res, 400, { erreur: 'Veuillez indiquer au moins 3 caractères.' });
    if (q === '00000000000000') return sendJson(res, 500, { erreur: 'Erreur interne' });
    return sendJson(res, 200, fakeSearchAnswer(q));
  });
}
