import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createDatabase, migrate, MIGRATIONS_DIR } from '@ouvrage/db';
import { loadConfig } from '../../src/config';
import { useTestApp } from '../helpers';
import { createUser, TEST_PASSWORD } from '@ouvrage/db/testing';

/** Production start (issue 14, decisions 0850, 0851, 0853). */
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SECRETS = { JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://ouvrage.example', SEAL_P12_PATH: 'cachet.p12', SEAL_P12_PASSWORD: 's' };

describe('production settings', () => {
  it('names every missing secret at once', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'Configuration invalide : en production (NODE_ENV=production), JWT_SECRET, PUBLIC_URL, SEAL_P12_PATH, SEAL_P12_PASSWORD sont obligatoires (voir docs/operations.md).',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', ...SECRETS, SEAL_P12_PASSWORD: '' })).toThrow(/SEAL_P12_PASSWORD est obligatoire/);
    expect(loadConfig({ NODE_ENV: 'production', ...SECRETS })).toMatchObject({ production: true, https: true, publicUrl: 'https://ouvrage.example' });
    expect(loadConfig({ NODE_ENV: 'production', ...SECRETS, PUBLIC_URL: 'http://10.0.0.5:3000' }).https).toBe(false);
  });

  it('refuses to start, compiled, with one clear line when a secret is missing', () => {
    const outdir = join(REPO_ROOT, '.tmp', `production-start-${process.pid}-${randomBytes(3).toString('hex')}`);
    const built = spawnSync(process.execPath, ['scripts/build-api.mjs', outdir], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(built.status, built.stderr).toBe(0);
    const run = spawnSync(process.execPath, [join(outdir, 'server.js')], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) },
      encoding: 'utf8',
      timeout: 60_000,
    });
    rmSync(outdir, { recursive: true, force: true });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Démarrage impossible : Configuration invalide : en production (NODE_ENV=production), PUBLIC_URL, SEAL_P12_PATH, SEAL_P12_PASSWORD sont obligatoires (voir docs/operations.md).',
    );
  }, 60_000);
});

// A built web app of one page, for the document's headers.
const webDist = mkdtempSync(join(tmpdir(), 'ouvrage-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="fr"><head><title>Ouvrage</title></head><body></body></html>');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describe('behind HTTPS (PUBLIC_URL https://…)', () => {
  const ctx = useTestApp({ ...loadConfig({ NODE_ENV: 'test', ...SECRETS }), loginRateLimit: 10_000, webDist, production: true });

  it('sends HSTS with every answer, upgrade-insecure-requests with pages, and a Secure refresh cookie', async () => {
    const user = await createUser(ctx.db, { user_type: 'client' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(String(res.headers['set-cookie'])).toMatch(/refresh_token=.*; Secure/);
    const page = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});

describe('over plain HTTP (development, or a private network)', () => {
  const ctx = useTestApp({ webDist });

  it('sends neither HSTS nor a Secure cookie, which the browser would drop', async () => {
    const user = await createUser(ctx.db, { user_type: 'client' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: TEST_PASSWORD } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(String(res.headers['set-cookie'])).not.toMatch(/Secure/);
    const page = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations when several instances start together (PostgreSQL)', () => {
  it('applies each migration once, the others waiting on the advisory lock', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `ouvrage_migrate_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handles = await Promise.all([1, 2, 3, 4].map(() => createDatabase({ url: url.toString() })));
    try {
      const applied = await Promise.all(handles.map((h) => migrate(h)));
      const files = readdirSync(MIGRATIONS_DIR)
        .filter((f) => f.endsWith('.sql'))
        .sort();
      expect(applied.flat().sort()).toEqual(files);
      expect(applied.filter((a) => a.length > 0)).toHaveLength(1);
      // The lock is released on the connection that took it: nobody holds it afterwards.
      const held = await handles[0].query<{ n: number }>("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = 727274");
      expect(held[0].n).toBe(0);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);
});
