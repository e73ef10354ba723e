import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '@ouvrage/db';
import { PRODUCT_VERSION, systemClock, type Clock } from '@ouvrage/domain';
import type { AppConfig } from './config';
import type { AppDeps } from './lib/deps';
import type { PaClient } from './adapters/e-invoicing/pa-client';
import { createAfnorPaClient } from './adapters/e-invoicing/afnor-client';
import './modules/e-invoicing/pa-client-dep';
import { createLoginThrottle } from './lib/login-throttle';
import { createS3FileStorage } from './lib/s3-storage';
import { createFileStorage } from './lib/storage';
import { requireUploadsWhereDeclared } from './lib/uploads';
import { JobQueue } from './modules/jobs';
import { createSerializerCompiler } from './lib/serialization';
import { validatorCompiler } from './lib/validation';
import { Mailer } from './modules/mail/mailer';
import { registerModules } from './modules';
import { accessControl } from './plugins/access-control';
import { frameworkErrors, registerErrorHandling } from './plugins/error-handler';
import { metrics } from './plugins/metrics';
import { registerSecurityHeaders } from './plugins/security-headers';
import { inlineScriptHashes, registerWebApp } from './plugins/web-app';

export interface BuildOptions {
  config: AppConfig;
  handle: DatabaseHandle;
  logger?: boolean;
  /** Defaults to the system clock; tests pass a FixedClock. */
  clock?: Clock;
  /** Defaults to the AFNOR HTTP client; tests may pass their own. */
  paClient?: PaClient;
}

/** Trust the first `hops` proxies in front of the API (what Fastify does for a number, typed). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** A request id a load balancer may pass on (X-Request-Id), if it looks like one; ours otherwise. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The root plugin: external plugins → access control → modules → web app. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, handle, logger = true, clock = systemClock } = options;
  const app = Fastify({
    logger: logger ? { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password'] } : false,
    bodyLimit: 1024 * 1024,
    // Only the configured proxies may name the client (X-Forwarded-For): trusting any sender
    // would let each request pick a new address and so escape every per-address limit.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    ajv: { customOptions: { coerceTypes: false } },
    // An over-long or undecodable path gets our JSON envelope, not Fastify's own body.
    frameworkErrors,
    // Every log line of a request carries its id; the load balancer's, when it sends one (decision 0854).
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ validate: !config.production }));
  registerErrorHandling(app);

  const jobs = new JobQueue(handle.db, { clock, log: app.log, stopTimeoutMs: Math.max(1000, config.shutdownTimeoutMs - 5000) });
  const redis = config.redisUrl ? new (await import('ioredis')).Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 }) : undefined;
  // A lost Redis is logged (and shown by /api/health); ioredis reconnects on its own.
  redis?.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
  const s3Storage = config.s3 ? await createS3FileStorage(config.s3) : undefined;
  const storage = s3Storage ?? createFileStorage(config.dataDir);
  const mailer = new Mailer(handle.db, jobs, { smtpUrl: config.smtpUrl, from: config.mailFrom, clock });
  const loginThrottle = createLoginThrottle({ limit: config.loginFailureLimit, windowMs: config.loginFailureWindowMinutes * 60_000, redis });
  const paClient = options.paClient ?? createAfnorPaClient();
  const deps: AppDeps = { config, handle, db: handle.db, mailer, jobs, storage, clock, loginThrottle, paClient, redis };
  app.decorate('deps', deps);
  // Server-sent-event streams last until the client leaves: a stopping instance ends them first
  // (the browser reconnects, through the load balancer, to another instance), then waits for the
  // requests in flight; otherwise the server would wait for the streams forever.
  // Hooks that run on every request take a callback, not a promise (decision 0983).
  const eventStreams = new Set<ServerResponse>();
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if ((request.headers.accept ?? '').includes('text/event-stream')) {
      const raw = reply.raw;
      eventStreams.add(raw);
      raw.once('close', () => eventStreams.delete(raw));
    }
    done();
  });
  // Once stopping, every answer closes its connection (keep-alive would hold the server open).
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
    for (const raw of eventStreams) if (!raw.writableEnded) raw.end();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping) reply.header('connection', 'close');
    done(null, payload);
  });
  // Stop claiming jobs first and let running ones finish, while the modules they use are still open.
  app.addHook('preClose', async () => jobs.stop());
  app.addHook('onClose', async () => {
    await mailer.stop();
    redis?.disconnect();
    s3Storage?.close();
  });
  await app.register(metrics, { jobs, processMetrics: config.env !== 'test' });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(config.webDist)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.https ? [] : null,
      },
    },
    // HTTPS assumed only when PUBLIC_URL says so (decision 0851): a browser told HSTS by a plain-HTTP deployment would refuse it.
    strictTransportSecurity: config.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  if (config.corsOrigins.length > 0) {
    const cors = (await import('@fastify/cors')).default;
    await app.register(cors, { origin: config.corsOrigins, credentials: true });
  }
  // A read has no body to decompress: its routes skip the compress plugin's request hook (decision 0987).
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.decompress === undefined && methods.every((m) => m === 'GET' || m === 'HEAD')) route.decompress = false;
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  // Multipart forms: registered by the modules that take files (acceptUploads, decision 0987).
  requireUploadsWhereDeclared(app);
  await app.register(rateLimit, {
    global: false,
    hook: 'onRequest',
    ...(redis ? { redis } : {}),
    errorResponseBuilder: (_request, context) => {
      const error = new Error('rate limited') as Error & { statusCode: number };
      error.statusCode = context.statusCode;
      return error;
    },
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'API Ouvrage', description: 'API de la plateforme Ouvrage (projets, appels d’offre, devis, factures).', version: PRODUCT_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list' } });

  await app.register(accessControl, { db: handle.db, handle, secret: config.jwtSecret, sessionCacheMs: config.sessionCacheMs });
  await app.register(registerModules);
  await registerWebApp(app, config.webDist);

  return app;
}
