import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { isApiPath } from '../../src/plugins/web-app';
import { findNul } from '../../src/lib/validation';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { ensureCompany } from '../professionals/factories';
import { journeyBody } from '../projects/factories';

const webDist = mkdtempSync(join(tmpdir(), 'ouvrage-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Ouvrage</title>');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const ctx = useTestApp({ webDist });
let admin: TestUser;
let client: TestUser;
let pro: TestUser;

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  client = await loginAs(ctx, { user_type: 'client' });
  pro = await loginAs(ctx, { user_type: 'professionnel' });
  await ensureCompany(ctx.db, pro.id);
});

const expectEnvelope = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }, status: number, code: string) => {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/application\/json/);
  expect(res.json()).toMatchObject({ success: false, error: { code, message: expect.any(String) } });
};

describe('NUL bytes are refused as 400 on every route, in body, query and params', () => {
  it('finds NUL in nested strings and keys', () => {
    expect(findNul({ a: [{ b: 'x\u0000' }] })).toEqual(['a', '0', 'b']);
    expect(findNul({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
    expect(findNul({ a: 'ok', n: 1, z: null })).toBeNull();
  });

  it('in a JSON body (login, project form, profile section)', async () => {
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'a\u0000@exemple.fr', password: 'x' } });
    expectEnvelope(login, 400, 'VALIDATION');
    expect(login.json().error.fields).toHaveProperty('email');
    const project = await ctx.app.inject({
      method: 'POST',
      url: '/api/projects',
      payload: journeyBody({ description: 'Rénovation de la cuisine\u0000 et de la salle de bains complète.' }),
    });
    expectEnvelope(project, 400, 'VALIDATION');
    expect(project.json().error.fields).toHaveProperty('description');
    const general = await as(ctx, pro, {
      method: 'PATCH',
      url: `/api/professionnel/store-details/${pro.id}`,
      payload: { general: { description: 'Plomberie\u0000' } },
    });
    expectEnvelope(general, 400, 'VALIDATION');
  });

  it('in a query filter and in a path parameter', async () => {
    expectEnvelope(await as(ctx, admin, { method: 'GET', url: '/api/admin/project/list-project?q=cuisine%00' }), 400, 'VALIDATION');
    expectEnvelope(await ctx.app.inject({ method: 'GET', url: '/api/address/search?q=Paris%00' }), 400, 'VALIDATION');
    const param = await as(ctx, client, { method: 'GET', url: `/api/project/list-per-user/${client.id}%00` });
    expect(param.statusCode).toBe(400);
  });
});

describe('over-long ids and API-looking paths answer the JSON envelope', () => {
  it('answers 414 in the envelope for an id longer than 100 characters', async () => {
    const res = await as(ctx, client, { method: 'GET', url: `/api/project/detail-project/${'1'.repeat(101)}` });
    expectEnvelope(res, 414, 'URI_TOO_LONG');
    expect(res.json().error.message).toMatch(/trop longue/);
  });

  it('answers a JSON 404, not the web app, for //api/…, /./api, /API and encoded forms', async () => {
    for (const url of ['//api/inconnu', '//api/login', '/./api/inconnu', '/API/inconnu', '/%61pi/inconnu', '//admin/supprimer/x', '/x/../api/inconnu']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expectEnvelope(res, 404, 'ROUTE_NOT_FOUND');
    }
    const page = await ctx.app.inject({ method: 'GET', url: '/mes-projets' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('recognises API paths after normalisation', () => {
    expect(isApiPath('//api/x')).toBe(true);
    expect(isApiPath('/api?x=1')).toBe(true);
    expect(isApiPath('\\api\\x')).toBe(true);
    expect(isApiPath('/apiculture')).toBe(false);
    expect(isApiPath('/mes-projets')).toBe(false);
  });
});

describe('websites: only http and https', () => {
  it('refuses javascript:, data: and other schemes, accepts https', async () => {
    for (const website of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'ftp://exemple.fr',
      'https://user:pass@exemple.fr',
    ]) {
      const res = await as(ctx, pro, { method: 'PATCH', url: `/api/professionnel/store-details/${pro.id}`, payload: { general: { website } } });
      expectEnvelope(res, 400, 'VALIDATION');
      expect(JSON.stringify(res.json().error.fields)).toMatch(/https:\/\//);
    }
    const ok = await as(ctx, pro, {
      method: 'PATCH',
      url: `/api/professionnel/store-details/${pro.id}`,
      payload: { general: { website: 'https://plomberie.exemple.fr' } },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('listening address', () => {
  it('binds to 127.0.0.1 in development unless HOST says otherwise; production keeps every interface', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        PUBLIC_URL: 'https://ouvrage.example',
        SEAL_P12_PATH: 'cachet.p12',
        SEAL_P12_PASSWORD: 's',
      }).host,
    ).toBe('0.0.0.0');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        PUBLIC_URL: 'https://ouvrage.example',
        SEAL_P12_PATH: 'cachet.p12',
        SEAL_P12_PASSWORD: 's',
        HOST: '10.0.0.5',
      }).host,
    ).toBe('10.0.0.5');
  });
});
