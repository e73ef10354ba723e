import { sendJson, startFakeServer } from './http-server';

/** HubSpot Forms v3 stand-in: `POST /submissions/v3/integration/submit/{portalId}/{formGuid}`. */
export function startFakeHubSpot(options: { fail?: boolean } = {}) {
  return startFakeServer((req, res) => {
    const match = req.url.match(/^\/submissions\/v3\/integration\/submit\/(\d+)\/([0-9a-f-]{36})$/);
    if (req.method !== 'POST' || !match) return sendJson(res, 404, { status: 'error', message: 'Not found' });
    if (options.fail) return sendJson(res, 500, { status: 'error', message: 'Internal error' });
    let body: { fields?: Array<{ name: string; value: string }> };
    try {
      body = JSON.parse(req.body);
    } catch {
      return sendJson(res, 400, { status: 'error', message: 'Invalid JSON' });
    }
    if (!Array.isArray(body.fields) || !body.fields.some((f) => f.name === 'email')) {
      return sendJson(res, 400, { status: 'error', message: 'The request is not valid', errors: [{ errorType: 'REQUIRED_FIELD' }] });
    }
    return sendJson(res, 200, { inlineMessage: 'Merci !' });
  });
}
