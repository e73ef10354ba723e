import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { buildCdarStatus, parseCdar, type CdarRole, type CdarStatusCode } from '@ouvrage/domain';
import type { FlowSyntax, ProcessingRule } from '../pa-client';
import { PA_SIGNATURE_HEADER, signPaWebhook } from '../webhook';
import { invoiceHeaderOf, invoiceXmlOf } from './invoice-file';
import { emptyState, summaryOfFlow, summaryOfStatus, type FakeFlow, type FakePaState, type FakeStatus, type FlowSummary } from './state';

/** A company in the fake's directory; its routing address is `{siren}_FACTURES` unless given. */
export interface FakeDirectoryEntry {
  siren: string;
  name?: string;
  siret?: string;
  routingAddress?: string;
  platformName?: string;
}

export interface FakePaOptions {
  /** The OAuth2 client the fake knows (`POST /oauth/token`). */
  clientId?: string;
  clientSecret?: string;
  tokenTtlSeconds?: number;
  /** Static bearer tokens accepted besides the OAuth2 ones. */
  bearerTokens?: string[];
  directory?: FakeDirectoryEntry[];
  /** The fatal errors of an invoice's XML (tests inject the FNFE rules); none by default. */
  validate?: (xml: string) => Promise<string[]>;
  now?: () => Date;
  /** 201 Émise and 202 Reçue follow 200 Déposée at once (default); false: `deliver(flowId)` moves them. */
  autoDeliver?: boolean;
  /** The buyer approves (205) each invoice once received (development: the demo's buyers say yes). */
  autoApprove?: boolean;
  /** Every well-formed SIREN is in the directory (development), besides the `directory` entries. */
  knowsEverySiren?: boolean;
  /** Plain HTTP routes under `/_fake/` to play the buyer (development and browser tests): list flows, approve, refuse. */
  controlRoutes?: boolean;
}

export const FAKE_PA_CLIENT = { clientId: 'ouvrage-fake', clientSecret: 'fake-secret' } as const;

const SYNTAXES: readonly FlowSyntax[] = ['Factur-X', 'CII', 'UBL', 'CDAR', 'FRR'];
const RULES: readonly ProcessingRule[] = ['B2B', 'B2BInt', 'B2C', 'B2G', 'B2GInt', 'OutOfScope'];
const INVOICE_SYNTAXES: readonly FlowSyntax[] = ['Factur-X', 'CII'];

type Body = Record<string, any>;
const error = (reply: FastifyReply, status: number, errorCode: string, errorMessage: string, extra: Body = {}) =>
  reply.code(status).send({ errorCode, errorMessage, ...extra });

/**
 * A plateforme agréée on 127.0.0.1 speaking our reading of AFNOR XP Z12-013 (decision 1211), for
 * the tests and for development when no real PA is configured. It checks the token, the file's
 * SHA-256 and the trackingId's uniqueness, reads the Factur-X and (when told how) validates it,
 * then drives the lifecycle — 200 Déposée, 201 Émise, 202 Reçue, or 213 Rejetée — each status a
 * CDAR lifecycle flow, pushed to the registered webhooks signed with their secret. The test (or
 * the demo) plays the buyer with `approve`, `refuse`, `markPaid`, and the faults with `failNext`,
 * `hangNext`, `garbageNext`, `duplicateNextPushes`, `pushUnknownFlow`.
 */
export function createFakePa(options: FakePaOptions = {}) {
  const state: FakePaState = emptyState();
  const clientId = options.clientId ?? FAKE_PA_CLIENT.clientId;
  const clientSecret = options.clientSecret ?? FAKE_PA_CLIENT.clientSecret;
  const clock = options.now ?? (() => new Date());
  const listed = options.directory ?? [];
  /** A directory entry of `siren`: a listed one, else (knowsEverySiren) one made up for any well-formed SIREN. */
  const entryOf = (siren: string | undefined): FakeDirectoryEntry | undefined =>
    listed.find((d) => d.siren === siren) ?? (options.knowsEverySiren && siren && /^\d{9}$/.test(siren) ? { siren } : undefined);
  const pending = new Set<Promise<unknown>>();
  const closing = new AbortController();
  let lastStamp = 0;
  let sequence = 0;
  let baseUrl = '';

  /** Each event gets a later instant than the one before, so that `updatedAfter` pages never tie. */
  const stamp = () => {
    lastStamp = Math.max(clock().getTime(), lastStamp + 1);
    return new Date(lastStamp);
  };
  const nextId = (prefix: string) => `${prefix}-${String(++sequence).padStart(6, '0')}`;
  const track = <T>(promise: Promise<T>) => {
    const tracked = promise.finally(() => pending.delete(tracked));
    pending.add(tracked);
    return tracked;
  };

  // --- lifecycle ---------------------------------------------------------------------------

  function addStatus(
    flow: FakeFlow,
    code: CdarStatusCode,
    role: CdarRole,
    extra: { reasonCode?: string; reason?: string; amountCents?: number; vatRateBp?: number } = {},
  ) {
    const at = stamp();
    const messageId = nextId(`CDV-${code}`);
    const cdar = buildCdarStatus({ messageId, issuedAt: at, invoice: flow.invoice, code, senderRole: role, ...extra });
    return record(flow, { code, messageId, cdar, at });
  }

  function record(flow: FakeFlow, message: { code: number; messageId: string; cdar: string; at: Date }): FakeStatus {
    const status: FakeStatus = {
      lifecycleFlowId: nextId('LC'),
      flowId: flow.flowId,
      trackingId: flow.trackingId,
      code: message.code,
      messageId: message.messageId,
      cdar: message.cdar,
      updatedAt: message.at,
    };
    state.statuses.push(status);
    flow.updatedAt = message.at;
    push([{ flowId: flow.flowId, trackingId: flow.trackingId, cdar: status.cdar }]);
    return status;
  }

  function push(events: Array<{ flowId: string; trackingId: string; cdar: string }>) {
    const copies = state.duplicatePushes > 0 ? 2 : 1;
    if (state.duplicatePushes > 0) state.duplicatePushes -= 1;
    for (const hook of state.webhooks) {
      const body = JSON.stringify({ events });
      const signature = `sha256=${signPaWebhook(body, hook.secret)}`;
      for (let i = 0; i < copies; i += 1) {
        const delivery = { url: hook.url, body, signature } as FakePaState['deliveries'][number];
        state.deliveries.push(delivery);
        track(
          fetch(hook.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', [PA_SIGNATURE_HEADER]: signature },
            body,
            signal: AbortSignal.timeout(10_000),
          })
            .then(async (res) => {
              delivery.status = res.status;
              await res.arrayBuffer();
            })
            .catch((e: unknown) => {
              delivery.error = (e as Error).message;
            }),
        );
      }
    }
  }

  /** Reads and checks a deposited invoice: 200 Déposée, then 201 and 202, or 213 Rejetée with the rules that failed. */
  async function process(flow: FakeFlow) {
    if (flow.flowSyntax === 'CDAR') return relayStatus(flow);
    if (!INVOICE_SYNTAXES.includes(flow.flowSyntax)) {
      flow.acknowledgement = 'Ok';
      return;
    }
    let errors: string[];
    try {
      const xml = await invoiceXmlOf(flow.content, flow.contentType);
      const header = invoiceHeaderOf(xml);
      flow.invoice = {
        number: flow.trackingId,
        issueDate: header.issueDate ?? flow.invoice.issueDate,
        sellerSiren: header.sellerSiren ?? flow.invoice.sellerSiren,
        ...(header.buyerSiren ? { buyerSiren: header.buyerSiren } : {}),
        ...(header.typeCode ? { typeCode: header.typeCode } : {}),
      };
      errors = options.validate ? await options.validate(xml) : [];
    } catch (e) {
      errors = [`Factur-X illisible : ${(e as Error).message}`];
    }
    addStatus(flow, 200, 'platform');
    if (errors.length) {
      flow.acknowledgement = 'Error';
      flow.errors = errors;
      const ids = [...new Set(errors.map((e) => /\bBR-[A-Z0-9-]+(?:_[A-Z0-9-]+)*/.exec(e)?.[0] ?? e))];
      addStatus(flow, 213, 'platform', { reasonCode: 'REJ_SEMAN', reason: ids.join(', ').slice(0, 1000) });
      return;
    }
    flow.acknowledgement = 'Ok';
    if (options.autoDeliver !== false) deliver(flow.flowId);
  }

  /** A status we sent (212 Encaissée…) lands on the invoice flow it is about. */
  function relayStatus(flow: FakeFlow) {
    try {
      const status = parseCdar(flow.content.toString('utf8'));
      const invoice = [...state.flows.values()].find((f) => f.trackingId === status.invoiceNumber && f.flowType === 'CustomerInvoice');
      if (!invoice) throw new Error(`facture ${status.invoiceNumber} inconnue`);
      record(invoice, { code: status.code, messageId: status.messageId, cdar: flow.content.toString('utf8'), at: stamp() });
      flow.acknowledgement = 'Ok';
    } catch (e) {
      flow.acknowledgement = 'Error';
      flow.errors = [(e as Error).message];
    }
  }

  const flowOrThrow = (flowId: string) => {
    const flow = state.flows.get(flowId);
    if (!flow) throw new Error(`Flux ${flowId} inconnu du faux PA.`);
    return flow;
  };

  /** 201 Émise, then 202 Reçue (the buyer's platform has it). */
  function deliver(flowId: string) {
    const flow = flowOrThrow(flowId);
    addStatus(flow, 201, 'platform');
    const received = addStatus(flow, 202, 'platform');
    if (options.autoApprove && flow.invoice.typeCode !== '381') addStatus(flow, 205, 'buyer');
    return received;
  }

  // --- HTTP --------------------------------------------------------------------------------

  const app: FastifyInstance = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 30 * 1024 * 1024 });
  app.register(multipart, { limits: { fileSize: 30 * 1024 * 1024, files: 2, fields: 4 } });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook('onClose', async () => closing.abort());

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/v1/')) return;
    const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined);
    state.requests.push({
      method: request.method,
      url: request.url,
      authorization: header('authorization'),
      organizationId: header('organization-id'),
      contentType: header('content-type'),
    });
    const fault = state.faults.shift();
    if (fault?.kind === 'status') return error(reply, fault.status, 'FAKE_FAULT', 'Panne simulée.');
    if (fault?.kind === 'garbage') return reply.code(200).type('text/html').send('<html><body>502 Bad Gateway… ou presque</body></html>');
    if (fault?.kind === 'hang') {
      await sleep(fault.ms, undefined, { signal: closing.signal }).catch(() => undefined);
      return error(reply, 504, 'FAKE_FAULT', 'Réponse trop tardive.');
    }
    const token = /^Bearer (.+)$/.exec(header('authorization') ?? '')?.[1];
    const expiry = token ? state.tokens.get(token) : undefined;
    const valid = token !== undefined && ((expiry !== undefined && expiry.getTime() > clock().getTime()) || (options.bearerTokens ?? []).includes(token));
    if (!valid) return error(reply, 401, 'UNAUTHORIZED', 'Jeton absent, inconnu ou expiré.');
  });

  // These routes are the plateforme agréée's (AFNOR XP Z12-013), served by the fake on its own
  // Fastify instance and port, as test/fakes/stripe-server.ts serves Stripe's: they are not our API,
  // so they are not contracts of packages/contracts nor lines of the permission table (decision 1215).
  app.post('/oauth/token', async (request, reply) => {
    const form = (request.body ?? {}) as Body;
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const [basicId, basicSecret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    if (form.grant_type !== 'client_credentials') return reply.code(400).send({ error: 'unsupported_grant_type' });
    if ((form.client_id ?? basicId) !== clientId || (form.client_secret ?? basicSecret) !== clientSecret)
      return reply.code(401).send({ error: 'invalid_client' });
    const ttl = options.tokenTtlSeconds ?? 3600;
    const token = `fake-${randomBytes(16).toString('hex')}`;
    state.tokens.set(token, new Date(clock().getTime() + ttl * 1000));
    state.tokensIssued += 1;
    return { access_token: token, token_type: 'Bearer', expires_in: ttl };
  });

  app.post('/v1/flows', async (request, reply) => {
    if (!request.isMultipart()) return error(reply, 400, 'INVALID_REQUEST', 'multipart/form-data attendu (flowInfo + file).');
    let info: Body | undefined;
    let file: { fileName: string; contentType: string; content: Buffer } | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const content = await part.toBuffer();
          if (part.fieldname === 'flowInfo') info = JSON.parse(content.toString('utf8')) as Body;
          else if (part.fieldname === 'file') file = { fileName: part.filename, contentType: part.mimetype, content };
        } else if (part.fieldname === 'flowInfo') info = JSON.parse(String(part.value)) as Body;
      }
    } catch {
      return error(reply, 400, 'INVALID_REQUEST', 'flowInfo illisible (JSON attendu).');
    }
    if (!info || !file) return error(reply, 400, 'INVALID_REQUEST', 'Les parties flowInfo et file sont obligatoires.');
    const missing = ['name', 'trackingId', 'sha256', 'flowSyntax', 'processingRule'].filter((k) => typeof info![k] !== 'string' || info![k] === '');
    if (missing.length) return error(reply, 400, 'INVALID_FLOW_INFO', `flowInfo incomplet : ${missing.join(', ')}.`);
    if (!SYNTAXES.includes(info.flowSyntax) || !RULES.includes(info.processingRule))
      return error(reply, 400, 'INVALID_FLOW_INFO', 'flowSyntax ou processingRule inconnu.');
    const sha256 = createHash('sha256').update(file.content).digest('hex');
    if (sha256 !== String(info.sha256).toLowerCase()) return error(reply, 400, 'SHA256_MISMATCH', 'Le sha256 de flowInfo ne correspond pas au fichier reçu.');
    const existing = [...state.flows.values()].find((f) => f.trackingId === info!.trackingId);
    if (existing)
      return error(
        reply,
        409,
        'DUPLICATE_TRACKING_ID',
        `Un flux porte déjà le trackingId ${existing.trackingId}.`,
        state.conflictWithoutFlowId ? {} : { flowId: existing.flowId },
      );
    const now = stamp();
    const flow: FakeFlow = {
      flowId: nextId('FLOW'),
      trackingId: info.trackingId,
      name: info.name,
      flowSyntax: info.flowSyntax,
      flowProfile: typeof info.flowProfile === 'string' ? info.flowProfile : undefined,
      processingRule: info.processingRule,
      flowType: info.flowSyntax === 'CDAR' ? 'CustomerInvoiceLC' : info.flowSyntax === 'FRR' ? 'AggregatedCustomerTransactionReport' : 'CustomerInvoice',
      ...file,
      sha256,
      submittedAt: now,
      updatedAt: now,
      acknowledgement: 'Pending',
      invoice: { number: info.trackingId, issueDate: now.toISOString().slice(0, 10), sellerSiren: '000000000' },
    };
    state.flows.set(flow.flowId, flow);
    track(
      process(flow).catch((e: unknown) => {
        // A file the fake cannot follow stays in error rather than crashing the test or the demo.
        flow.acknowledgement = 'Error';
        flow.errors = [(e as Error).message];
      }),
    );
    return reply.code(202).send({ flowId: flow.flowId, trackingId: flow.trackingId, submittedAt: now.toISOString() });
  });

  app.post('/v1/flows/search', async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    const where = (body.where ?? {}) as Body;
    const limit = Math.min(Math.max(Number(body.limit) || 25, 1), 100);
    if (where.updatedAfter !== undefined && Number.isNaN(Date.parse(where.updatedAfter)))
      return error(reply, 400, 'INVALID_REQUEST', 'updatedAfter : date ISO 8601 attendue.');
    const list = (value: unknown) => (Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? [value] : undefined);
    const types = list(where.flowType);
    const directions = list(where.flowDirection);
    const all: FlowSummary[] = [...[...state.flows.values()].map(summaryOfFlow), ...state.statuses.map(summaryOfStatus)];
    const results = all
      .filter((f) => (where.flowId ? f.flowId === where.flowId : true))
      .filter((f) => (where.trackingId ? f.trackingId === where.trackingId : true))
      .filter((f) => (types ? types.includes(f.flowType) : true))
      .filter((f) => (directions ? directions.includes(f.flowDirection) : true))
      .filter((f) => (where.updatedAfter ? Date.parse(f.updatedAt) > Date.parse(where.updatedAfter) : true))
      .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt))
      .slice(0, limit);
    return { limit, filters: where, results };
  });

  app.get('/v1/flows/:flowId', async (request, reply) => {
    const { flowId } = request.params as { flowId: string };
    const docType = (request.query as Body).docType ?? 'Metadata';
    const flow = state.flows.get(flowId);
    const status = flow ? undefined : state.statuses.find((s) => s.lifecycleFlowId === flowId);
    if (!flow && !status) return error(reply, 404, 'NOT_FOUND', `Flux ${flowId} inconnu.`);
    if (docType === 'Metadata') return flow ? summaryOfFlow(flow) : summaryOfStatus(status!);
    if (docType !== 'Original') return error(reply, 400, 'INVALID_REQUEST', `docType ${docType} non servi par le faux PA.`);
    return flow ? reply.type(flow.contentType).send(flow.content) : reply.type('application/xml').send(status!.cdar);
  });

  app.get('/v1/siren/*', async (request, reply) => {
    const siren = /^code-insee:(\d{9})$/.exec((request.params as Body)['*'] ?? '')?.[1];
    if (!siren) return error(reply, 400, 'INVALID_REQUEST', 'SIREN attendu : /v1/siren/code-insee:{siren}.');
    const entry = entryOf(siren);
    if (!entry) return error(reply, 404, 'NOT_FOUND', `SIREN ${siren} absent de l’annuaire.`);
    return { siren, businessName: entry.name ?? `Entreprise ${siren}`, entityType: 'Private', administrativeStatus: 'A' };
  });

  app.post('/v1/directory-line/search', async (request) => {
    const filters = ((request.body ?? {}) as Body).filters ?? {};
    const siren = filters.siren?.value;
    const entry = entryOf(typeof siren === 'string' ? siren : undefined);
    const results = (entry ? [entry] : []).map((d) => ({
      idInstance: `DL-${d.siren}${d.siret ? `-${d.siret}` : ''}`,
      siren: d.siren,
      ...(d.siret ? { siret: d.siret } : {}),
      addressingIdentifier: d.routingAddress ?? `${d.siren}_FACTURES`,
      platform: { name: d.platformName ?? 'Plateforme de test' },
    }));
    return { results };
  });

  app.post('/v1/webhooks', async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    if (typeof body.url !== 'string' || !/^https?:\/\//.test(body.url) || typeof body.secret !== 'string' || body.secret.length < 16)
      return error(reply, 400, 'INVALID_REQUEST', 'url (http ou https) et secret (16 caractères au moins) attendus.');
    const webhookId = nextId('WH');
    state.webhooks.push({ webhookId, url: body.url, secret: body.secret });
    return reply.code(201).send({ webhookId });
  });

  if (options.controlRoutes) {
    // Playing the buyer from outside the process (the development server's fake, browser tests):
    // no token, the fake only listens on 127.0.0.1.
    const invoiceFlow = (number: string) => [...state.flows.values()].find((f) => f.trackingId === number && f.flowType === 'CustomerInvoice');
    app.get('/_fake/invoices', async () =>
      [...state.flows.values()]
        .filter((f) => f.flowType === 'CustomerInvoice')
        .map((f) => ({
          number: f.trackingId,
          flowId: f.flowId,
          acknowledgement: f.acknowledgement,
          codes: state.statuses.filter((s) => s.flowId === f.flowId).map((s) => s.code),
        })),
    );
    app.post('/_fake/invoices/:number/:answer', async (request, reply) => {
      const { number, answer } = request.params as { number: string; answer: string };
      const flow = invoiceFlow(number);
      if (!flow) return error(reply, 404, 'NOT_FOUND', `Aucune facture ${number} reçue.`);
      if (answer === 'approve') return { code: addStatus(flow, 205, 'buyer').code };
      const reason = String(((request.body ?? {}) as Body).reason ?? '').trim();
      if (answer !== 'refuse' || !reason) return error(reply, 400, 'INVALID_REQUEST', 'approve, ou refuse avec { reason }.');
      return { code: addStatus(flow, 210, 'buyer', { reasonCode: 'NON_CONFORME', reason: reason.slice(0, 500) }).code };
    });
  }

  // --- control -----------------------------------------------------------------------------

  return {
    app,
    state,
    /** The fake's base URL once listening (`http://127.0.0.1:{port}`). */
    get url() {
      return baseUrl;
    },
    /** The OAuth2 token endpoint. */
    get tokenUrl() {
      return `${baseUrl}/oauth/token`;
    },
    async listen(port = 0, host = '127.0.0.1') {
      baseUrl = (await app.listen({ port, host })).replace('localhost', '127.0.0.1');
      return baseUrl;
    },
    async close() {
      await app.close();
      await Promise.allSettled([...pending]);
    },
    /** Waits for the files being read and the pushes in flight. */
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
    deliver,
    /** The buyer approves (205 Approuvée). */
    approve: (flowId: string) => addStatus(flowOrThrow(flowId), 205, 'buyer'),
    /** The buyer refuses (210 Refusée) with a reason code of the reform's list. */
    refuse: (flowId: string, reason: string, reasonCode = 'NON_CONFORME') => addStatus(flowOrThrow(flowId), 210, 'buyer', { reasonCode, reason }),
    /** The invoice is paid (212 Encaissée) for `amountCents` at one TVA rate. */
    markPaid: (flowId: string, amountCents: number, vatRateBp = 2000) => addStatus(flowOrThrow(flowId), 212, 'seller', { amountCents, vatRateBp }),
    /** The next `count` calls answer `status` (500 by default). */
    failNext(count: number, status = 500) {
      for (let i = 0; i < count; i += 1) state.faults.push({ kind: 'status', status });
    },
    /** The next `count` calls answer only after `ms` (past the client's timeout). */
    hangNext(count: number, ms = 30_000) {
      for (let i = 0; i < count; i += 1) state.faults.push({ kind: 'hang', ms });
    },
    /** The next `count` calls answer 200 with an HTML page. */
    garbageNext(count: number) {
      for (let i = 0; i < count; i += 1) state.faults.push({ kind: 'garbage' });
    },
    /** The OAuth2 tokens issued so far are revoked: the next call gets a 401. */
    revokeTokens() {
      state.tokens.clear();
    },
    /** The next `count` pushes are sent twice. */
    duplicateNextPushes(count = 1) {
      state.duplicatePushes += count;
    },
    /** Pushes a status about a flow this PA never had (a misrouted or forged notification). */
    pushUnknownFlow() {
      const at = stamp();
      const cdar = buildCdarStatus({
        messageId: nextId('CDV-205'),
        issuedAt: at,
        invoice: { number: 'F-INCONNUE-0001', issueDate: at.toISOString().slice(0, 10), sellerSiren: '000000000', buyerSiren: '000000000' },
        code: 205,
        senderRole: 'buyer',
      });
      push([{ flowId: 'FLOW-INCONNU', trackingId: 'F-INCONNUE-0001', cdar }]);
    },
  };
}

export type FakePa = ReturnType<typeof createFakePa>;
