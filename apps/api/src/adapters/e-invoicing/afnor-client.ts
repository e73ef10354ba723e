import { createHash } from 'node:crypto';
import { CdarParseError, parseCdar, type CdarStatus } from '@ouvrage/domain';
import { OAuthTokens, unreachable } from './oauth-token';
import {
  PaPermanentError,
  PaTransientError,
  type DirectoryLine,
  type FlowFile,
  type FlowInfo,
  type FlowReport,
  type LifecycleEvent,
  type PaClient,
  type PaConnection,
} from './pa-client';
import { lifecycleEventOf } from './webhook';

export interface AfnorClientOptions {
  /** Node's fetch by default; tests may count or fault calls. */
  fetch?: typeof fetch;
  /** Per request, token requests included (default 15 s). */
  timeoutMs?: number;
  /** The clock of the token cache. */
  now?: () => Date;
}

/** One page of `POST /v1/flows/search`; the lifecycle is read page after page by `updatedAfter`. */
const PAGE = 100;
/** A poll reads at most this many pages; the next poll goes on from the last status applied. */
const MAX_PAGES = 20;
/** The statuses of our invoices arrive as flows of this type, direction In (those we send are Out). */
const LIFECYCLE_FLOW_TYPE = 'CustomerInvoiceLC';

/** A flow as `POST /v1/flows/search` and `GET /v1/flows/{id}?docType=Metadata` describe it. */
interface FlowSummary {
  flowId: string;
  trackingId?: string;
  flowType?: string;
  flowDirection?: string;
  updatedAt?: string;
  acknowledgement?: { status?: unknown; details?: unknown };
}

const ACK_STATUSES = ['Pending', 'Ok', 'Error'] as const;
/** A flow's acknowledgement as the PA gave it; nothing when it gave none we can read. */
function acknowledgementOf(flow: FlowSummary): FlowReport['acknowledgement'] {
  const status = ACK_STATUSES.find((s) => s === flow.acknowledgement?.status);
  if (!status) return undefined;
  const details = Array.isArray(flow.acknowledgement?.details) ? flow.acknowledgement.details.map((d) => String(d).slice(0, 500)) : [];
  return { status, details };
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  json?: unknown;
  form?: FormData;
  /** A 404 is an answer (`null`), not an error. */
  notFoundIsNull?: boolean;
  /** The body is returned as text (a CDAR file), not parsed as JSON. */
  raw?: boolean;
}

/**
 * The AFNOR XP Z12-013 client (Flow Service and Directory Service) over HTTP, decision 1211.
 * Every failure is a PaTransientError (retry later: 5xx, 429, timeout, connection refused) or a
 * PaPermanentError with a French message (other 4xx, an answer we cannot read); nothing else
 * escapes. Idempotent submission: the flow's trackingId is our document number, and a PA that
 * already holds it answers 409 — the existing flow is returned, never a second one.
 */
export function createAfnorPaClient(options: AfnorClientOptions = {}): PaClient {
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const tokens = new OAuthTokens(fetchFn, timeoutMs, options.now ?? (() => new Date()));

  async function authorization(conn: PaConnection): Promise<string> {
    return `Bearer ${conn.auth.kind === 'bearer' ? conn.auth.token : await tokens.get(conn.auth)}`;
  }

  async function send(conn: PaConnection, call: Call, renewed = false): Promise<{ status: number; body: string }> {
    const headers: Record<string, string> = { authorization: await authorization(conn), accept: call.raw ? '*/*' : 'application/json' };
    if (conn.organizationId) headers['organization-id'] = conn.organizationId;
    if (call.json !== undefined) headers['content-type'] = 'application/json';
    const what = `${call.method} ${call.path.split('?')[0]}`;
    let response: Response;
    let body: string;
    try {
      response = await fetchFn(`${conn.baseUrl.replace(/\/+$/, '')}${call.path}`, {
        method: call.method,
        headers,
        body: call.form ?? (call.json === undefined ? undefined : JSON.stringify(call.json)),
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = await response.text();
    } catch (error) {
      throw new PaTransientError(`Plateforme agréée ${unreachable(error, timeoutMs)} (${what}).`);
    }
    const { status } = response;
    if (status === 401 && conn.auth.kind === 'oauth2' && !renewed) {
      // The token may have been revoked before its expiry: one new token, one more try.
      tokens.invalidate(conn.auth);
      return send(conn, call, true);
    }
    if (status === 429) throw new PaTransientError(`La plateforme agréée limite les appels (HTTP 429, ${what}) : nouvel essai plus tard.`);
    if (status >= 500) throw new PaTransientError(`La plateforme agréée est indisponible (HTTP ${status}, ${what}) : nouvel essai plus tard.`);
    if (status === 401 || status === 403)
      throw new PaPermanentError(`La plateforme agréée refuse notre accès (HTTP ${status}, ${what}) : vérifier les identifiants du compte.`, status);
    return { status, body };
  }

  function refused(status: number, body: string, what: string): never {
    let detail = '';
    try {
      const answer = JSON.parse(body) as { errorMessage?: unknown; message?: unknown; errorCode?: unknown };
      const message = answer?.errorMessage ?? answer?.message;
      if (typeof message === 'string') detail = ` : ${message.slice(0, 300)}`;
    } catch {
      // A body that is not JSON: the status says enough.
    }
    throw new PaPermanentError(`La plateforme agréée refuse la demande (HTTP ${status}, ${what})${detail}.`, status);
  }

  function unreadable(what: string, detail: string, status?: number): never {
    throw new PaPermanentError(`Réponse illisible de la plateforme agréée (${what}) : ${detail}.`, status);
  }

  async function call<T>(conn: PaConnection, request: Call & { raw?: false }): Promise<T | null>;
  async function call(conn: PaConnection, request: Call & { raw: true }): Promise<string | null>;
  async function call(conn: PaConnection, request: Call): Promise<unknown> {
    const what = `${request.method} ${request.path.split('?')[0]}`;
    const { status, body } = await send(conn, request);
    if (status === 404 && request.notFoundIsNull) return null;
    if (status < 200 || status > 299) refused(status, body, what);
    if (request.raw) return body;
    try {
      return JSON.parse(body) as unknown;
    } catch {
      unreadable(what, 'pas du JSON', status);
    }
  }

  async function searchFlows(conn: PaConnection, where: Record<string, unknown>, limit = PAGE): Promise<FlowSummary[]> {
    const answer = await call<{ results?: unknown }>(conn, { method: 'POST', path: '/v1/flows/search', json: { limit, where } });
    if (!Array.isArray(answer?.results)) unreadable('POST /v1/flows/search', 'pas de liste « results »');
    return (answer.results as FlowSummary[]).map((flow) => {
      if (typeof flow?.flowId !== 'string' || flow.flowId === '') unreadable('POST /v1/flows/search', 'un flux sans flowId');
      return flow;
    });
  }

  /** The flow we deposited (direction Out, not a status received about it) holding `trackingId`, if the PA has it. */
  async function flowOf(conn: PaConnection, trackingId: string): Promise<string | null> {
    const flows = await searchFlows(conn, { trackingId }, 10);
    return flows.find((f) => f.trackingId === trackingId && f.flowDirection !== 'In')?.flowId ?? null;
  }

  /** A lifecycle flow's CDAR file, read as the event it reports about `flowId` (null for a status we do not follow). */
  async function lifecycleEvent(conn: PaConnection, lifecycleFlowId: string, flowId: string | ((trackingId: string) => Promise<string | null>)) {
    const path = `/v1/flows/${encodeURIComponent(lifecycleFlowId)}?docType=Original`;
    const xml = await call(conn, { method: 'GET', path, raw: true });
    let status: CdarStatus;
    try {
      status = parseCdar(xml ?? '');
    } catch (error) {
      unreadable('GET /v1/flows/{flowId}', `message de cycle de vie ${lifecycleFlowId} : ${error instanceof CdarParseError ? error.message : 'illisible'}`);
    }
    const target = typeof flowId === 'string' ? flowId : await flowId(status.invoiceNumber);
    return target ? lifecycleEventOf(target, status) : null;
  }

  return {
    async submitFlow(conn, info: FlowInfo, file: FlowFile) {
      const flowInfo = { ...info, sha256: createHash('sha256').update(file.content).digest('hex') };
      const form = new FormData();
      form.append('flowInfo', new Blob([JSON.stringify(flowInfo)], { type: 'application/json' }), 'flowInfo.json');
      form.append('file', new Blob([new Uint8Array(file.content)], { type: file.contentType }), file.fileName);
      const { status, body } = await send(conn, { method: 'POST', path: '/v1/flows', form });
      let answer: { flowId?: unknown } | undefined;
      try {
        answer = JSON.parse(body) as typeof answer;
      } catch {
        answer = undefined;
      }
      if (status === 409) {
        // Already deposited (a retry after a lost answer): the flow the PA holds is ours.
        if (typeof answer?.flowId === 'string' && answer.flowId) return { flowId: answer.flowId };
        const existing = await flowOf(conn, info.trackingId);
        if (existing) return { flowId: existing };
        throw new PaPermanentError(`La plateforme agréée signale ${info.trackingId} comme déjà déposé mais ne le retrouve pas.`, 409);
      }
      if (status !== 200 && status !== 201 && status !== 202) refused(status, body, 'POST /v1/flows');
      if (!answer) unreadable('POST /v1/flows', 'pas du JSON', status);
      if (typeof answer.flowId !== 'string' || answer.flowId === '') unreadable('POST /v1/flows', 'pas de flowId', status);
      return { flowId: answer.flowId };
    },

    async getFlow(conn, flowId): Promise<FlowReport> {
      const what = 'GET /v1/flows/{flowId}';
      const flow = await call<FlowSummary>(conn, { method: 'GET', path: `/v1/flows/${encodeURIComponent(flowId)}?docType=Metadata` });
      if (!flow || flow.flowId !== flowId || typeof flow.trackingId !== 'string') unreadable(what, 'flux sans flowId ou trackingId');
      const lifecycle = await searchFlows(conn, { trackingId: flow.trackingId, flowType: [LIFECYCLE_FLOW_TYPE], flowDirection: ['In'] });
      const events: LifecycleEvent[] = [];
      for (const lc of lifecycle) {
        const event = await lifecycleEvent(conn, lc.flowId, flowId);
        if (event) events.push(event);
      }
      events.sort((a, b) => a.at.getTime() - b.at.getTime());
      const acknowledgement = acknowledgementOf(flow);
      return { flowId, trackingId: flow.trackingId, events, ...(acknowledgement ? { acknowledgement } : {}) };
    },

    async searchLifecycle(conn, updatedAfter) {
      const flowIds = new Map<string, Promise<string | null>>();
      const invoiceFlow = (trackingId: string) => {
        if (!flowIds.has(trackingId)) flowIds.set(trackingId, flowOf(conn, trackingId));
        return flowIds.get(trackingId)!;
      };
      const events: LifecycleEvent[] = [];
      let after = updatedAfter.toISOString();
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const flows = await searchFlows(conn, { updatedAfter: after, flowType: [LIFECYCLE_FLOW_TYPE], flowDirection: ['In'] });
        for (const lc of flows) {
          // A status about a document that is not one of our flows is not ours to apply.
          const event = await lifecycleEvent(conn, lc.flowId, invoiceFlow);
          if (event) events.push(event);
        }
        const last = flows.at(-1)?.updatedAt;
        if (flows.length < PAGE || typeof last !== 'string' || last <= after) break;
        after = last;
      }
      return events.sort((a, b) => a.at.getTime() - b.at.getTime());
    },

    async lookupBuyer(conn, siren): Promise<DirectoryLine | null> {
      if (!/^\d{9}$/.test(siren)) throw new PaPermanentError(`SIREN « ${siren} » invalide : 9 chiffres attendus.`);
      const company = await call<Record<string, unknown>>(conn, { method: 'GET', path: `/v1/siren/code-insee:${siren}`, notFoundIsNull: true });
      if (!company) return null;
      const answer = await call<{ results?: unknown }>(conn, {
        method: 'POST',
        path: '/v1/directory-line/search',
        json: { filters: { siren: { op: 'strict', value: siren } }, limit: 10 },
        notFoundIsNull: true,
      });
      if (!answer) return null;
      if (!Array.isArray(answer.results)) unreadable('POST /v1/directory-line/search', 'pas de liste « results »');
      const lines = (answer.results as Array<Record<string, any>>).filter((l) => typeof l?.addressingIdentifier === 'string' && l.addressingIdentifier !== '');
      // The SIREN's own line first; a line per SIRET or service otherwise.
      const line = lines.find((l) => !l.siret) ?? lines[0];
      if (!line) return null;
      const out: DirectoryLine = { siren, routingAddress: line.addressingIdentifier };
      if (typeof line.siret === 'string' && line.siret) out.siret = line.siret;
      const platformName = line.platform?.name ?? line.platformName;
      if (typeof platformName === 'string' && platformName) out.platformName = platformName;
      return out;
    },

    async registerWebhook(conn, url, secret) {
      const answer = await call<{ id?: unknown; webhookId?: unknown }>(conn, {
        method: 'POST',
        path: '/v1/webhooks',
        json: { url, secret, flowTypes: [LIFECYCLE_FLOW_TYPE] },
      });
      const webhookId = answer?.webhookId ?? answer?.id;
      if (typeof webhookId !== 'string' || webhookId === '') unreadable('POST /v1/webhooks', 'pas d’identifiant de webhook');
      return { webhookId };
    },
  };
}
