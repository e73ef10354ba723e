import { describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '@ouvrage/db/testing';
import { loadConfig, parseTrustProxy } from '../../src/config';
import { createLoginThrottle } from '../../src/lib/login-throttle';
import { useTestApp } from '../helpers';

const login = (ctx: ReturnType<typeof useTestApp>, email: string, password: string, from: { ip?: string; forwardedFor?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress: from.ip ?? '203.0.113.7',
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
  });

describe('TRUST_PROXY: which proxies may name the client', () => {
  it('trusts no proxy by default, and accepts a hop count or addresses and CIDRs', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback']);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('proxy.example.fr')).toThrow(/TRUST_PROXY/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        PUBLIC_URL: 'https://ouvrage.example',
        SEAL_P12_PATH: 'cachet.p12',
        SEAL_P12_PASSWORD: 's',
      }).trustProxy,
    ).toBe(false);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        PUBLIC_URL: 'https://ouvrage.example',
        SEAL_P12_PATH: 'cachet.p12',
        SEAL_P12_PASSWORD: 's',
        TRUST_PROXY: '1',
      }).trustProxy,
    ).toBe(1);
  });
});

describe('per-address login limit in production without a trusted proxy', () => {
  const ctx = useTestApp({ production: true, loginRateLimit: 3 });

  it('is not bypassed by a new X-Forwarded-For on each request', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await login(ctx, `personne${i}@exemple.fr`, 'mauvais', { forwardedFor: `198.51.100.${i + 1}` })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const limited = await login(ctx, 'personne@exemple.fr', 'mauvais', { forwardedFor: '198.51.100.99' });
    expect(limited.json().error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/Trop de tentatives/) });
    // @fastify/rate-limit says when to come back (decision 1120).
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('per-address login limit behind one trusted proxy hop', () => {
  const ctx = useTestApp({ production: true, loginRateLimit: 2, trustProxy: 1 });

  it('counts the address the proxy saw, not the left-most one the client wrote', async () => {
    const spoofed = (i: number) => login(ctx, 'x@exemple.fr', 'mauvais', { ip: '10.0.0.2', forwardedFor: `1.1.1.${i}, 198.51.100.20` });
    expect([(await spoofed(1)).statusCode, (await spoofed(2)).statusCode, (await spoofed(3)).statusCode]).toEqual([401, 401, 429]);
    // Another client behind the same proxy keeps its own allowance.
    expect((await login(ctx, 'x@exemple.fr', 'mauvais', { ip: '10.0.0.2', forwardedFor: '198.51.100.21' })).statusCode).toBe(401);
  });
});

describe('per-account login limit', () => {
  const ctx = useTestApp();

  it('blocks an account after 10 failures from any addresses, even with the right password, and leaves others alone', async () => {
    const victim = await createUser(ctx.db, {});
    const bystander = await createUser(ctx.db, {});
    for (let i = 0; i < 10; i += 1) {
      expect((await login(ctx, victim.email.toUpperCase(), `essai-${i}`, { ip: `198.51.100.${i + 1}` })).statusCode).toBe(401);
    }
    const blocked = await login(ctx, victim.email, TEST_PASSWORD, { ip: '192.0.2.50' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/pour ce compte.*15 minutes/) });
    expect((await login(ctx, bystander.email, TEST_PASSWORD, { ip: '198.51.100.1' })).statusCode).toBe(200);
  }, 120_000);

  it('counts failures only: a success resets the count', async () => {
    const user = await createUser(ctx.db, {});
    // 12 failures in all, more than the limit of 10, but a success between them.
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 6; i += 1) expect((await login(ctx, user.email, 'mauvais')).statusCode).toBe(401);
      expect((await login(ctx, user.email, TEST_PASSWORD)).statusCode).toBe(200);
    }
  }, 120_000);
});

describe('login throttle window (memory store)', () => {
  it('forgets failures when the window has passed', async () => {
    let now = 0;
    const throttle = createLoginThrottle({ limit: 2, windowMs: 15 * 60_000, now: () => now });
    await throttle.recordFailure('A@exemple.fr');
    await throttle.recordFailure('a@exemple.fr ');
    expect(await throttle.isBlocked('a@exemple.fr')).toBe(true);
    now += 15 * 60_000;
    expect(await throttle.isBlocked('a@exemple.fr')).toBe(false);
  });
});
