import { randomUUID } from 'node:crypto';
import { PDF } from '@libpdf/core';
import PDFDocument from 'pdfkit';
import type { AcrobatSignSettings } from '../../src/config';
import { sendJson, startFakeServer, type FakeServer, type RecordedRequest } from './http-server';

export interface FakeAgreement {
  id: string;
  name: string;
  /** AUTHORING: created unsent, until `PUT agreements/{id}/state` IN_PROCESS. */
  status: 'AUTHORING' | 'OUT_FOR_SIGNATURE' | 'SIGNED' | 'CANCELLED';
  signerEmails: string[];
  document: Buffer;
  signed: Buffer | null;
  events: { type: string; date: string; participantEmail?: string; actingUserIpAddress?: string; description: string }[];
}

/** What Acrobat Sign POSTs to a webhook (basic payload, no conditional parameters). */
export interface WebhookNotification {
  webhookId: string;
  webhookName: string;
  webhookNotificationId: string;
  webhookUrlInfo: { url: string };
  webhookScope: 'ACCOUNT';
  event: string;
  eventDate: string;
  eventResourceType: 'agreement';
  agreement: { id: string; name: string; status: string };
}

/** How our webhook answered: Acrobat Sign counts a delivery only when its client id is echoed. */
export interface WebhookDelivery {
  status: number;
  echoed: boolean;
}

export interface FakeAcrobatSign extends FakeServer {
  /** Settings pointing the adapter at this fake. */
  settings: AcrobatSignSettings;
  agreements: Map<string, FakeAgreement>;
  transientDocuments: Map<string, { name: string; bytes: Buffer }>;
  /** Access tokens handed out so far. */
  refreshes(): number;
  /** Every token handed out stops working (the next call gets a 401). */
  revokeTokens(): void;
  /** Where notifications go, as an account admin would register the webhook. */
  setWebhookUrl(url: string | null): void;
  /** Verification of intent: a GET with the client id, answered with it echoed? */
  verifyWebhook(): Promise<WebhookDelivery>;
  /**
   * The signers sign: the agreement turns SIGNED, its combined document becomes our PDF with an
   * extra page, and the AGREEMENT_WORKFLOW_COMPLETED notification is delivered unless `lost`.
   */
  signAgreement(agreementId: string, options?: { lost?: boolean }): Promise<{ notification: WebhookNotification; delivery: WebhookDelivery | null }>;
  /** The next `count` combined-document downloads answer 503 (an outage mid-completion). */
  failNextDownloads(count: number): void;
  /** The next `count` state changes (`PUT agreements/{id}/state`) answer 503 (an outage mid-send). */
  failNextStateChanges(count: number): void;
  /** Deliver a notification (again), as Acrobat Sign's retries do. */
  deliver(notification: WebhookNotification, clientId?: string): Promise<WebhookDelivery>;
}

const CLIENT = { clientId: 'CBJCHBCAABAAfakeclient', clientSecret: 'fake-secret', refreshToken: '3AAABLfake-refresh' };

const requested = (emails: string[], date: string) =>
  emails.map((email) => ({ type: 'ACTION_REQUESTED', date, participantEmail: email, description: `Document emailed to ${email} for signature` }));

/** The page the fake provider appends to the signed document, as a provider's own certificate would be. */
export const FAKE_SIGNED_PAGE_TEXT = 'Signé électroniquement avec Acrobat Sign (simulation de test)';

async function signedCopy(pdf: Buffer, emails: string[]): Promise<Buffer> {
  const page = await new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(14).text(FAKE_SIGNED_PAGE_TEXT);
    doc.fontSize(10).text(emails.map((e) => `Signé par ${e}`).join('\n'));
    doc.end();
  });
  const target = await PDF.load(new Uint8Array(pdf));
  const source = await PDF.load(new Uint8Array(page));
  await target.copyPagesFrom(source, [0]);
  return Buffer.from(await target.save());
}

/**
 * Acrobat Sign REST v6 stand-in (decision 0660): OAuth refresh grant, bearer tokens it checks,
 * transient documents, agreements kept in memory (created out for signature, or unsent in AUTHORING
 * until their state is set to IN_PROCESS, decision 0970), status, events, combined document, and webhook
 * notifications delivered like Acrobat Sign's (X-AdobeSign-ClientId header, echo expected).
 */
export async function startFakeAcrobatSign(options: { expiresIn?: number; webhookClientId?: string } = {}): Promise<FakeAcrobatSign> {
  const tokens = new Set<string>();
  let refreshes = 0;
  let webhookUrl: string | null = null;
  let failingDownloads = 0;
  let failingStateChanges = 0;
  const agreements = new Map<string, FakeAgreement>();
  const transientDocuments = new Map<string, { name: string; bytes: Buffer }>();
  const webhookClientId = options.webhookClientId ?? CLIENT.clientId;

  const authorized = (req: RecordedRequest) => {
    const header = req.headers.authorization ?? '';
    return header.startsWith('Bearer ') && tokens.has(header.slice(7));
  };

  const server = await startFakeServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (req.method === 'POST' && url.pathname === '/oauth/v2/refresh') {
      const form = new URLSearchParams(req.body);
      if (form.get('grant_type') !== 'refresh_token') return sendJson(res, 400, { error: 'unsupported_grant_type' });
      if (form.get('client_id') !== CLIENT.clientId || form.get('client_secret') !== CLIENT.clientSecret || form.get('refresh_token') !== CLIENT.refreshToken) {
        return sendJson(res, 401, { error: 'invalid_request', error_description: 'invalid refresh token or client' });
      }
      refreshes += 1;
      const token = `3AAABLfake-access-${refreshes}-${randomUUID()}`;
      tokens.add(token);
      return sendJson(res, 200, { access_token: token, token_type: 'Bearer', expires_in: options.expiresIn ?? 3600 });
    }
    if (!url.pathname.startsWith('/api/rest/v6/')) return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Resource not found' });
    if (!authorized(req)) return sendJson(res, 401, { code: 'INVALID_ACCESS_TOKEN', message: 'Access token provided is invalid or has expired' });

    const path = url.pathname.slice('/api/rest/v6'.length);
    if (req.method === 'POST' && path === '/transientDocuments') {
      const form = await new Response(new Uint8Array(req.raw), { headers: { 'content-type': String(req.headers['content-type']) } })
        .formData()
        .catch(() => null);
      const file = form?.get('File');
      if (!form || !(file instanceof Blob)) return sendJson(res, 400, { code: 'MISSING_REQUIRED_PARAM', message: 'File is required' });
      const id = `CBJCHBCAABAAtransient${transientDocuments.size + 1}`;
      transientDocuments.set(id, { name: String(form.get('File-Name') ?? ''), bytes: Buffer.from(await file.arrayBuffer()) });
      return sendJson(res, 201, { transientDocumentId: id });
    }
    if (req.method === 'POST' && path === '/agreements') {
      const body = JSON.parse(req.body || '{}') as {
        fileInfos?: { transientDocumentId?: string }[];
        name?: string;
        participantSetsInfo?: { memberInfos?: { email?: string }[]; order?: number; role?: string }[];
        signatureType?: string;
        state?: string;
      };
      const transient = transientDocuments.get(body.fileInfos?.[0]?.transientDocumentId ?? '');
      const emails = (body.participantSetsInfo ?? []).flatMap((set) => (set.role === 'SIGNER' ? (set.memberInfos ?? []).map((m) => m.email ?? '') : []));
      if (!transient) return sendJson(res, 404, { code: 'INVALID_TRANSIENT_DOCUMENT_ID', message: 'Transient document not found' });
      if (!body.name || emails.length === 0 || emails.some((e) => !e.includes('@')))
        return sendJson(res, 400, { code: 'INVALID_PARTICIPANT', message: 'Participants are required' });
      if (body.signatureType !== 'ESIGN' || (body.state !== 'IN_PROCESS' && body.state !== 'AUTHORING'))
        return sendJson(res, 400, { code: 'INVALID_STATE', message: 'Unexpected state or signature type' });
      const id = `CBJCHBCAABAAagreement${agreements.size + 1}`;
      const now = new Date().toISOString();
      agreements.set(id, {
        id,
        name: body.name,
        status: body.state === 'AUTHORING' ? 'AUTHORING' : 'OUT_FOR_SIGNATURE',
        signerEmails: emails,
        document: transient.bytes,
        signed: null,
        events: [{ type: 'CREATED', date: now, description: 'Document created' }, ...(body.state === 'AUTHORING' ? [] : requested(emails, now))],
      });
      return sendJson(res, 201, { id });
    }
    const match = /^\/agreements\/([^/]+)(\/events|\/combinedDocument|\/state)?$/.exec(path);
    const agreement = match ? agreements.get(decodeURIComponent(match[1])) : undefined;
    if (req.method === 'PUT' && match?.[2] === '/state') {
      if (!agreement) return sendJson(res, 404, { code: 'INVALID_AGREEMENT_ID', message: 'Agreement not found' });
      if (failingStateChanges > 0) {
        failingStateChanges -= 1;
        return sendJson(res, 503, { code: 'SERVICE_UNAVAILABLE', message: 'Try again later' });
      }
      const { state } = JSON.parse(req.body || '{}') as { state?: string };
      if (state !== 'IN_PROCESS' || agreement.status !== 'AUTHORING')
        return sendJson(res, 400, { code: 'INVALID_STATE_TRANSITION', message: `Cannot move from ${agreement.status} to ${state}` });
      agreement.status = 'OUT_FOR_SIGNATURE';
      agreement.events.push(...requested(agreement.signerEmails, new Date().toISOString()));
      res.writeHead(204);
      res.end();
      return;
    }
    if (req.method === 'GET' && match && !agreement) return sendJson(res, 404, { code: 'INVALID_AGREEMENT_ID', message: 'Agreement not found' });
    if (req.method === 'GET' && agreement && !match?.[2])
      return sendJson(res, 200, { id: agreement.id, name: agreement.name, status: agreement.status, signatureType: 'ESIGN' });
    if (req.method === 'GET' && agreement && match?.[2] === '/events') return sendJson(res, 200, { events: agreement.events });
    if (req.method === 'GET' && agreement && match?.[2] === '/combinedDocument') {
      if (failingDownloads > 0) {
        failingDownloads -= 1;
        return sendJson(res, 503, { code: 'SERVICE_UNAVAILABLE', message: 'Try again later' });
      }
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(agreement.signed ?? agreement.document);
      return;
    }
    return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Resource not found' });
  });

  async function post(url: string, method: 'GET' | 'POST', body: WebhookNotification | undefined, clientId: string): Promise<WebhookDelivery> {
    const response = await fetch(url, {
      method,
      headers: { 'x-adobesign-clientid': clientId, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await response.json().catch(() => null)) as { xAdobeSignClientId?: string } | null;
    const echoed = response.ok && (response.headers.get('x-adobesign-clientid') === clientId || json?.xAdobeSignClientId === clientId);
    return { status: response.status, echoed };
  }

  const deliver = (notification: WebhookNotification, clientId = webhookClientId) => {
    if (!webhookUrl) throw new Error('no webhook registered');
    return post(webhookUrl, 'POST', notification, clientId);
  };

  return {
    ...server,
    settings: { baseUrl: server.url, ...CLIENT, webhookClientId },
    agreements,
    transientDocuments,
    refreshes: () => refreshes,
    revokeTokens: () => tokens.clear(),
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    verifyWebhook: () => {
      if (!webhookUrl) throw new Error('no webhook registered');
      return post(webhookUrl, 'GET', undefined, webhookClientId);
    },
    async signAgreement(agreementId, { lost = false } = {}) {
      const agreement = agreements.get(agreementId);
      if (!agreement) throw new Error(`unknown agreement ${agreementId}`);
      agreement.signed = await signedCopy(agreement.document, agreement.signerEmails);
      agreement.status = 'SIGNED';
      const now = new Date().toISOString();
      agreement.events.push(
        ...agreement.signerEmails.map((email) => ({
          type: 'ESIGNED',
          date: now,
          participantEmail: email,
          actingUserIpAddress: '198.51.100.23',
          description: `Document e-signed by ${email}`,
        })),
        { type: 'SIGNED', date: now, description: 'Agreement completed' },
      );
      const notification: WebhookNotification = {
        webhookId: 'CBJCHBCAABAAwebhook1',
        webhookName: 'Ouvrage',
        webhookNotificationId: randomUUID(),
        webhookUrlInfo: { url: webhookUrl ?? '' },
        webhookScope: 'ACCOUNT',
        event: 'AGREEMENT_WORKFLOW_COMPLETED',
        eventDate: now,
        eventResourceType: 'agreement',
        agreement: { id: agreement.id, name: agreement.name, status: 'SIGNED' },
      };
      const delivery = lost || !webhookUrl ? null : await deliver(notification);
      return { notification, delivery };
    },
    failNextDownloads: (count) => {
      failingDownloads = count;
    },
    failNextStateChanges: (count) => {
      failingStateChanges = count;
    },
    deliver,
  };
}
