import { createHash, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { SignatureProviderName } from '@ouvrage/domain';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  TRUST_PROXY: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Ouvrage <no-reply@ouvrage.test>'),
  REDIS_URL: z.string().optional(),
  CORS_ORIGINS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  WEB_DIST: z.string().optional(),
  COMPANY_REGISTRY_URL: z.string().url().optional(),
  HUBSPOT_URL: z.string().url().default('https://api.hsforms.com'),
  HUBSPOT_PORTAL_ID: z.string().regex(/^\d+$/).optional(),
  HUBSPOT_PRO_FORM_GUID: z.string().uuid().optional(),
  ADDRESS_API_URL: z.string().url().optional(),
  TENDER_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  SEAL_P12_PATH: z.string().min(1).optional(),
  SEAL_P12_PASSWORD: z.string().optional(),
  ESIGN_PROVIDER: z.enum(['builtin', 'acrobat-sign'], { error: 'ESIGN_PROVIDER vaut « builtin » ou « acrobat-sign ».' }).default('builtin'),
  ACROBAT_SIGN_BASE_URL: z.string().url().optional(),
  ACROBAT_SIGN_CLIENT_ID: z.string().min(1).optional(),
  ACROBAT_SIGN_CLIENT_SECRET: z.string().min(1).optional(),
  ACROBAT_SIGN_REFRESH_TOKEN: z.string().min(1).optional(),
  ACROBAT_SIGN_WEBHOOK_CLIENT_ID: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.string().url().optional(),
  // The SEPA creditor printed on mandates and pre-notifications (decision 1223): the platform's identifier (ICS) and name.
  SEPA_CREDITOR_ID: z.string().trim().min(8).max(35).optional(),
  SEPA_CREDITOR_NAME: z.string().trim().min(1).max(70).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_PREFIX: z
    .string()
    .regex(/^(?!.*(^|\/)\.{1,2}(\/|$))[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/, {
      error: 'S3_PREFIX : des segments de lettres, chiffres et « . _ - » séparés par « / ».',
    })
    .optional(),
  METRICS_TOKEN: z.string().min(24, { error: 'METRICS_TOKEN compte au moins 24 caractères.' }).optional(),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  E_INVOICING_SECRET_KEY: z.string().min(32, { error: 'E_INVOICING_SECRET_KEY compte au moins 32 caractères.' }).optional(),
  E_INVOICING_PA_URL: z.string().url().optional(),
  E_INVOICING_PA_TOKEN_URL: z.string().url().optional(),
  E_INVOICING_PA_CLIENT_ID: z.string().min(1).optional(),
  E_INVOICING_PA_CLIENT_SECRET: z.string().min(1).optional(),
  E_INVOICING_PA_SCOPE: z.string().min(1).optional(),
  E_INVOICING_PA_TOKEN: z.string().min(1).optional(),
  FAKE_PA: z.enum(['0', '1'], { error: 'FAKE_PA vaut 0 ou 1.' }).optional(),
  FAKE_PA_PORT: z.coerce.number().int().min(0).max(65535).default(0),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  production: boolean;
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  publicUrl: string;
  jwtSecret: Uint8Array;
  smtpUrl?: string;
  mailFrom: string;
  redisUrl?: string;
  corsOrigins: string[];
  logLevel: string;
  loginRateLimit: number;
  /** Failed logins allowed per account (e-mail) in `loginFailureWindowMinutes`, whatever the address. */
  loginFailureLimit: number;
  loginFailureWindowMinutes: number;
  /** Which proxies may set X-Forwarded-For: none (false), a hop count, or addresses/CIDRs. */
  trustProxy: false | number | string[];
  webDist?: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  passwordLinkTtlMinutes: number;
  /** How long a signed link to a document in the viewer stays valid (decision 0610). */
  documentLinkTtlMinutes: number;
  uploadMaxBytes: number;
  /** API Recherche d'entreprises base URL; unset = offline fake registry (SIRET checked locally). */
  companyRegistryUrl?: string;
  /** HubSpot Forms v3; without a portal and form, leads stay in the database for the admin. */
  hubspot: { url: string; portalId?: string; proFormGuid?: string };
  /** Géoplateforme geocoder base URL; unset = offline communes dataset. */
  addressApiUrl?: string;
  /** How often expired tenders are persisted and announced (0 = never; off by default in tests). */
  tenderSweepSeconds: number;
  /** The operator's PKCS#12 for the platform seal, if any (SEAL_P12_PATH, SEAL_P12_PASSWORD). */
  seal: { p12Path?: string; p12Password?: string };
  /** Who collects signatures on new signature documents (ESIGN_PROVIDER, decision 0640; built-in by default), and the Acrobat Sign account when one is configured (decision 0660). */
  esign: { provider: SignatureProviderName; acrobatSign?: AcrobatSignSettings };
  /** Card payments (decision 0730): Stripe Checkout when a secret key is set, the built-in simulated checkout otherwise; how long an invoice's pay link lasts. */
  payments: { stripe?: StripeSettings; payLinkTtlDays: number; sepaCreditor?: SepaCreditor };
  /** PUBLIC_URL is https: secure cookies, HSTS, upgrade-insecure-requests (decision 0851). */
  https: boolean;
  /** Uploaded files in an S3-compatible bucket (S3_*, decision 0852); the local DATA_DIR/files otherwise. */
  s3?: S3Settings;
  /** Bearer token Prometheus sends to GET /api/metrics (admins may read it too; decision 0854). */
  metricsToken?: string;
  /** How long a stopping instance waits for requests in flight and running jobs (SIGTERM). */
  shutdownTimeoutMs: number;
  /**
   * How long an instance trusts a session's user row it keeps in memory without news of a change
   * (decision 0979); 0 = read it at every request. The database's notifications, not this, are
   * what make a change apply: this bounds the staleness if the listening connection dies silently.
   */
  sessionCacheMs: number;
  /** E-invoicing through a plateforme agréée (decision 1212): the key that encrypts issuers' PA credentials, the platform's own PA for delegated issuers. */
  eInvoicing: EInvoicingSettings;
  /**
   * Development only (decision 1215): the server starts the fake plateforme agréée on 127.0.0.1
   * (FAKE_PA_PORT, 0 = any free port) and connects the demo architect to it; FAKE_PA=0 turns it off.
   */
  fakePa?: { port: number };
}

/** The platform's own PA connection (E_INVOICING_PA_*), used for issuers who delegate; its shape is the PA client's `PaConnection`. */
export interface PlatformPaSettings {
  baseUrl: string;
  auth: { kind: 'oauth2'; tokenUrl: string; clientId: string; clientSecret: string; scope?: string } | { kind: 'bearer'; token: string };
}

export interface EInvoicingSettings {
  /** AES-256-GCM key (32 bytes) for credentials at rest: from E_INVOICING_SECRET_KEY, else derived from the token secret. */
  secretKey: Buffer;
  platformPa?: PlatformPaSettings;
}

type PlatformPaEnv = Partial<
  Record<
    | 'E_INVOICING_PA_URL'
    | 'E_INVOICING_PA_TOKEN_URL'
    | 'E_INVOICING_PA_CLIENT_ID'
    | 'E_INVOICING_PA_CLIENT_SECRET'
    | 'E_INVOICING_PA_SCOPE'
    | 'E_INVOICING_PA_TOKEN',
    string
  >
>;

/** The platform's PA when E_INVOICING_PA_URL is set, with either a bearer token or the OAuth2 client (token URL, id, secret). */
export function parsePlatformPa(e: PlatformPaEnv): PlatformPaSettings | undefined {
  const oauth = [e.E_INVOICING_PA_TOKEN_URL, e.E_INVOICING_PA_CLIENT_ID, e.E_INVOICING_PA_CLIENT_SECRET];
  if (!e.E_INVOICING_PA_URL) {
    if (e.E_INVOICING_PA_TOKEN || oauth.some(Boolean)) throw new Error('Configuration invalide : les réglages E_INVOICING_PA_* demandent E_INVOICING_PA_URL.');
    return undefined;
  }
  const baseUrl = e.E_INVOICING_PA_URL.replace(/\/$/, '');
  if (e.E_INVOICING_PA_TOKEN) return { baseUrl, auth: { kind: 'bearer', token: e.E_INVOICING_PA_TOKEN } };
  if (!oauth.every(Boolean)) {
    throw new Error(
      'Configuration invalide : E_INVOICING_PA_URL demande E_INVOICING_PA_TOKEN, ou E_INVOICING_PA_TOKEN_URL, E_INVOICING_PA_CLIENT_ID et E_INVOICING_PA_CLIENT_SECRET.',
    );
  }
  return {
    baseUrl,
    auth: {
      kind: 'oauth2',
      tokenUrl: e.E_INVOICING_PA_TOKEN_URL!,
      clientId: e.E_INVOICING_PA_CLIENT_ID!,
      clientSecret: e.E_INVOICING_PA_CLIENT_SECRET!,
      scope: e.E_INVOICING_PA_SCOPE,
    },
  };
}

/** An S3-compatible bucket (AWS, MinIO, Garage, Scaleway, OVH…). */
export interface S3Settings {
  bucket: string;
  /** Unset: AWS itself; otherwise the store's address, e.g. http://minio:9000. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's own chain (instance role, AWS_* variables). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Path-style URLs (bucket in the path): what most S3-compatible stores need; default with an endpoint. */
  forcePathStyle: boolean;
  /** Keys are stored under this prefix (several platforms in one bucket), e.g. `ouvrage/`. */
  prefix: string;
}

const S3_SETTINGS = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const;

/** The bucket when S3_BUCKET is set; other S3_* settings without it, or half a key pair, refuse to start. */
export function parseS3(e: Partial<Record<(typeof S3_SETTINGS)[number] | 'S3_REGION', string>>): S3Settings | undefined {
  if (!e.S3_BUCKET) {
    const stray = S3_SETTINGS.filter((name) => e[name]);
    if (stray.length > 0) throw new Error(`Configuration invalide : ${stray.join(', ')} demande S3_BUCKET.`);
    return undefined;
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Configuration invalide : S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble.');
  }
  const prefix = e.S3_PREFIX ? e.S3_PREFIX.replace(/\/?$/, '/') : '';
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
    region: e.S3_REGION ?? 'us-east-1',
    credentials: e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY! } : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : Boolean(e.S3_ENDPOINT),
    prefix,
  };
}

/**
 * What production cannot start without (decision 0850): the token secret, the address links in
 * mails point at, and the platform seal's PKCS#12 and password (several instances must seal with
 * one certificate; a generated one would differ per machine). All missing ones named at once.
 */
export const PRODUCTION_SECRETS = ['JWT_SECRET', 'PUBLIC_URL', 'SEAL_P12_PATH', 'SEAL_P12_PASSWORD'] as const;

export function missingProductionSettings(e: Partial<Record<(typeof PRODUCTION_SECRETS)[number], string>>): string[] {
  return PRODUCTION_SECRETS.filter((name) => !e[name]);
}

/** The SEPA creditor (decision 1223): SEPA_CREDITOR_ID and SEPA_CREDITOR_NAME, or a demonstration identifier. */
export interface SepaCreditor {
  id: string;
  name: string;
}

/** A valid identifier that names no real creditor: what the simulated checkout shows without SEPA_CREDITOR_ID. */
export const DEMO_SEPA_CREDITOR: SepaCreditor = { id: 'FR72ZZZ123456', name: 'Ouvrage' };

/** A Stripe account (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET); `apiUrl` points the SDK elsewhere (a local fake in tests). */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  apiUrl?: string;
}

/** Stripe when its secret key is set; the webhook secret goes with it (a webhook we cannot verify would be refused forever). */
export function parseStripe(e: { STRIPE_SECRET_KEY?: string; STRIPE_WEBHOOK_SECRET?: string; STRIPE_API_URL?: string }): StripeSettings | undefined {
  if (!e.STRIPE_SECRET_KEY) {
    if (e.STRIPE_WEBHOOK_SECRET) throw new Error('Configuration invalide : STRIPE_WEBHOOK_SECRET demande STRIPE_SECRET_KEY.');
    return undefined;
  }
  if (!e.STRIPE_WEBHOOK_SECRET) throw new Error('Configuration invalide : STRIPE_SECRET_KEY demande STRIPE_WEBHOOK_SECRET (secret de signature du webhook).');
  return { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL?.replace(/\/$/, '') };
}

/** An Acrobat Sign account reached through REST v6 with an OAuth refresh token (decision 0660). */
export interface AcrobatSignSettings {
  /** The account's API access point, e.g. https://api.eu1.adobesign.com. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** The client id Acrobat Sign sends in X-AdobeSign-ClientId to our webhook (default: clientId). */
  webhookClientId: string;
}

const ACROBAT_SIGN_SETTINGS = ['ACROBAT_SIGN_BASE_URL', 'ACROBAT_SIGN_CLIENT_ID', 'ACROBAT_SIGN_CLIENT_SECRET', 'ACROBAT_SIGN_REFRESH_TOKEN'] as const;

/**
 * The Acrobat Sign account when its four settings are given (none: no account). Part of them is a
 * mistake, and ESIGN_PROVIDER=acrobat-sign without them cannot work: both refuse to start.
 */
export function parseAcrobatSign(
  e: Partial<Record<(typeof ACROBAT_SIGN_SETTINGS)[number] | 'ACROBAT_SIGN_WEBHOOK_CLIENT_ID' | 'ESIGN_PROVIDER', string>>,
): AcrobatSignSettings | undefined {
  const missing = ACROBAT_SIGN_SETTINGS.filter((name) => !e[name]);
  if (missing.length === ACROBAT_SIGN_SETTINGS.length && e.ESIGN_PROVIDER !== 'acrobat-sign') return undefined;
  if (missing.length > 0) {
    const why = e.ESIGN_PROVIDER === 'acrobat-sign' ? 'ESIGN_PROVIDER=acrobat-sign demande' : 'Les réglages Acrobat Sign vont ensemble ; il manque';
    throw new Error(`Configuration invalide : ${why} ${missing.join(', ')}.`);
  }
  return {
    baseUrl: e.ACROBAT_SIGN_BASE_URL!.replace(/\/$/, ''),
    clientId: e.ACROBAT_SIGN_CLIENT_ID!,
    clientSecret: e.ACROBAT_SIGN_CLIENT_SECRET!,
    refreshToken: e.ACROBAT_SIGN_REFRESH_TOKEN!,
    webhookClientId: e.ACROBAT_SIGN_WEBHOOK_CLIENT_ID ?? e.ACROBAT_SIGN_CLIENT_ID!,
  };
}

/** proxy-addr's names for address ranges, accepted besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset, empty or `false` = trust no proxy (the socket's address is the client's);
 * a whole number = that many proxy hops in front of the API; otherwise a comma-separated list of
 * addresses or CIDRs of the proxies. `true` (trust anyone) is refused: it lets any client choose
 * its address and so defeats every rate limit.
 */
export function parseTrustProxy(raw: string | undefined): false | number | string[] {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new Error('Configuration invalide : TRUST_PROXY compte au plus 10 relais.');
    return hops;
  }
  const entries = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const version = isIP(address);
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 6 ? 128 : 32));
    if (!PROXY_RANGE_NAMES.has(entry) && (extra !== undefined || version === 0 || !validBits)) {
      throw new Error(`Configuration invalide : TRUST_PROXY « ${entry} » n'est ni un nombre de relais, ni une adresse IP, ni un CIDR.`);
    }
  }
  return entries;
}

/** Read and check the environment once; nothing else reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Configuration invalide : ${problems}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') {
    const missing = missingProductionSettings(e);
    if (missing.length > 0) {
      throw new Error(
        `Configuration invalide : en production (NODE_ENV=production), ${missing.join(', ')} ${missing.length > 1 ? 'sont obligatoires' : 'est obligatoire'} (voir docs/operations.md).`,
      );
    }
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const jwtSecret = e.JWT_SECRET ?? randomBytes(32).toString('hex');
  return {
    env: e.NODE_ENV,
    production: e.NODE_ENV === 'production',
    port: e.PORT,
    // Development binds to this machine only: the demo accounts' password is published.
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    // Links in mails point at this; by default the address this process serves on.
    publicUrl,
    // Without a configured secret (development), tokens last until restart; the refresh cookie renews them.
    jwtSecret: new TextEncoder().encode(jwtSecret),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL || undefined,
    corsOrigins: e.CORS_ORIGINS
      ? e.CORS_ORIGINS.split(',')
          .map((o) => o.trim())
          .filter(Boolean)
      : [],
    logLevel: e.LOG_LEVEL,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    loginFailureLimit: 10,
    loginFailureWindowMinutes: 15,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : undefined,
    accessTokenTtlSeconds: 15 * 60,
    refreshTokenTtlDays: 30,
    passwordLinkTtlMinutes: 60,
    documentLinkTtlMinutes: 30,
    uploadMaxBytes: 20 * 1024 * 1024,
    companyRegistryUrl: e.COMPANY_REGISTRY_URL ? e.COMPANY_REGISTRY_URL.replace(/\/$/, '') : undefined,
    hubspot: { url: e.HUBSPOT_URL.replace(/\/$/, ''), portalId: e.HUBSPOT_PORTAL_ID, proFormGuid: e.HUBSPOT_PRO_FORM_GUID },
    addressApiUrl: e.ADDRESS_API_URL ? e.ADDRESS_API_URL.replace(/\/$/, '') : undefined,
    tenderSweepSeconds: e.TENDER_SWEEP_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 15),
    // The platform seal's PKCS#12 (decision 0601); without a path one is generated under dataDir/seal.
    seal: { p12Path: e.SEAL_P12_PATH ? resolve(e.SEAL_P12_PATH) : undefined, p12Password: e.SEAL_P12_PASSWORD },
    esign: { provider: e.ESIGN_PROVIDER, acrobatSign: parseAcrobatSign(e) },
    payments: {
      stripe: parseStripe(e),
      payLinkTtlDays: 30,
      sepaCreditor: { id: e.SEPA_CREDITOR_ID ?? DEMO_SEPA_CREDITOR.id, name: e.SEPA_CREDITOR_NAME ?? DEMO_SEPA_CREDITOR.name },
    },
    https: publicUrl.startsWith('https://'),
    s3: parseS3(e),
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    // Without its own key, the credentials' key is derived from the token secret (development: until restart, like the tokens).
    eInvoicing: {
      secretKey: createHash('sha256')
        .update(e.E_INVOICING_SECRET_KEY ?? `ouvrage e-invoicing credentials ${jwtSecret}`)
        .digest(),
      platformPa: parsePlatformPa(e),
    },
    fakePa: e.NODE_ENV === 'development' && e.FAKE_PA !== '0' ? { port: e.FAKE_PA_PORT } : undefined,
    ...overrides,
  };
}
