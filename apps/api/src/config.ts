import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
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
  webDist?: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  passwordLinkTtlMinutes: number;
  uploadMaxBytes: number;
  /** API Recherche d'entreprises base URL; unset = offline fake registry (SIRET checked locally). */
  companyRegistryUrl?: string;
  /** HubSpot Forms v3; without a portal and form, leads stay in the database for the admin. */
  hubspot: { url: string; portalId?: string; proFormGuid?: string };
  /** Géoplateforme geocoder base URL; unset = offline communes dataset. */
  addressApiUrl?: string;
  /** How often expired tenders are persisted and announced (0 = never; off by default in tests). */
  tenderSweepSeconds: number;
}

/** Read and check the environment once; nothing else reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Configuration invalide : ${problems}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) throw new Error('JWT_SECRET est obligatoire en production.');
  return {
    env: e.NODE_ENV,
    production: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    // Without a configured secret (development), tokens last until restart; the refresh cookie renews them.
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? randomBytes(32).toString('hex')),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL || undefined,
    corsOrigins: e.CORS_ORIGINS ? e.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean) : [],
    logLevel: e.LOG_LEVEL,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : undefined,
    accessTokenTtlSeconds: 15 * 60,
    refreshTokenTtlDays: 30,
    passwordLinkTtlMinutes: 60,
    uploadMaxBytes: 20 * 1024 * 1024,
    companyRegistryUrl: e.COMPANY_REGISTRY_URL ? e.COMPANY_REGISTRY_URL.replace(/\/$/, '') : undefined,
    hubspot: { url: e.HUBSPOT_URL.replace(/\/$/, ''), portalId: e.HUBSPOT_PORTAL_ID, proFormGuid: e.HUBSPOT_PRO_FORM_GUID },
    addressApiUrl: e.ADDRESS_API_URL ? e.ADDRESS_API_URL.replace(/\/$/, '') : undefined,
    tenderSweepSeconds: e.TENDER_SWEEP_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 15),
    ...overrides,
  };
}
