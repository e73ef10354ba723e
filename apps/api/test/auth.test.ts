import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mails, refreshTokens } from '@ouvrage/db';
import { createUser, TEST_PASSWORD } from '@ouvrage/db/testing';
import { as, loginAs, useTestApp } from './helpers';

const ctx = useTestApp();

function refreshCookie(res: { cookies: Array<{ name: string; value: string }> }) {
  return res.cookies.find((c) => c.name === 'refresh_token')?.value;
}

describe('login', () => {
  it('returns the token and datauser and sets an httpOnly refresh cookie', async () => {
    const user = await createUser(ctx.db, { user_type: 'architecte', firstname: 'Inès' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email.toUpperCase(), password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.token.token).toMatch(/^ey/);
    expect(new Date(body.data.token.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect(body.data.datauser).toMatchObject({ id: user.id, firstname: 'Inès', user_type: 'architecte', is_validate: 'Validé' });
    const cookie = res.cookies.find((c) => c.name === 'refresh_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    const [stored] = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(stored.tokenHash).not.toBe(cookie!.value);
  });

  it('refuses a wrong password with the same French message as an unknown e-mail', async () => {
    const user = await createUser(ctx.db);
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'Mauvais2026x' } });
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'personne@exemple.fr', password: 'Mauvais2026x' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Adresse e-mail ou mot de passe incorrect.');
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 400 with per-field French messages for bad input, never 500', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'pas-un-mail', password: 12 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.email).toBe("L'adresse e-mail n'est pas valide.");
    // The rule's code, for the web's English and Arabic (decision 1206).
    expect(res.json().error.field_codes.email).toEqual({ code: 'EMAIL_INVALID', params: {} });
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: '  ', password: 'x' } });
    expect(empty.json().error.field_codes.email.code).toBe('EMAIL_REQUIRED');
    expect(res.json().error.fields.password).toBeTruthy();
    const badJson = await ctx.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error.code).toBe('INVALID_JSON');
    const tooBig = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'a@b.fr', password: 'x'.repeat(2_000_000) } });
    expect(tooBig.statusCode).toBe(413);
    const wrongType = await ctx.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(wrongType.statusCode).toBe(415);
  });
});

describe('sessions', () => {
  it('rotates the refresh token and revokes the family when an old one is reused', async () => {
    const user = await createUser(ctx.db);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: TEST_PASSWORD } });
    const first = refreshCookie(login)!;
    const rotated = await ctx.app.inject({ method: 'POST', url: '/api/refresh', cookies: { refresh_token: first } });
    expect(rotated.statusCode).toBe(200);
    const second = refreshCookie(rotated)!;
    expect(second).not.toBe(first);

    // Reuse after the race grace period is theft: the whole family dies.
    await ctx.db
      .update(refreshTokens)
      .set({ replacedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.userId, user.id));
    const reuse = await ctx.app.inject({ method: 'POST', url: '/api/refresh', cookies: { refresh_token: first } });
    expect(reuse.statusCode).toBe(401);
    const afterTheft = await ctx.app.inject({ method: 'POST', url: '/api/refresh', cookies: { refresh_token: second } });
    expect(afterTheft.statusCode).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const user = await createUser(ctx.db);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: TEST_PASSWORD } });
    const token = refreshCookie(login)!;
    const out = await ctx.app.inject({ method: 'POST', url: '/api/logout', cookies: { refresh_token: token } });
    expect(out.statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'POST', url: '/api/refresh', cookies: { refresh_token: token } });
    expect(again.statusCode).toBe(401);
  });

  it('rejects a forged or missing access token with 401', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const forged = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.e30.' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.message).toMatch(/session a expiré/);
    const user = await loginAs(ctx);
    expect((await as(ctx, user, { method: 'GET', url: '/api/me' })).json().data.id).toBe(user.id);
  });
});

describe('password reset', () => {
  async function resetTokenFor(email: string) {
    const rows = await ctx.db.select().from(mails).where(eq(mails.toAddress, email));
    const text = rows.at(-1)!.textBody;
    return decodeURIComponent(/token=([^\s]+)/.exec(text)![1]);
  }

  it('mails a single-use link and gives the same answer for unknown addresses', async () => {
    const user = await createUser(ctx.db, { firstname: 'Zoé' });
    const known = await ctx.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: user.email } });
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'inconnu@exemple.fr' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    // A code the web translates, beside the French sentence (decision 1206).
    expect(known.json().data).toEqual({ notice: 'PASSWORD_LINK_SENT', message: expect.stringMatching(/^Si un compte existe/) });
    const token = await resetTokenFor(user.email);

    const weak = await ctx.app.inject({ method: 'POST', url: '/api/save-new-password', payload: { token, password: 'court', password_confirmation: 'court' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password).toMatch(/10 caractères/);

    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/save-new-password',
      payload: { token, password: 'Nouveau2026ok', password_confirmation: 'Nouveau2026ok' },
    });
    expect(saved.statusCode).toBe(200);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'Nouveau2026ok' } });
    expect(login.statusCode).toBe(200);

    const reused = await ctx.app.inject({
      method: 'POST',
      url: '/api/save-new-password',
      payload: { token, password: 'Encore2026okk', password_confirmation: 'Encore2026okk' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toMatch(/invalide ou a expiré/);
    expect(reused.json().error.code).toBe('PASSWORD_LINK_INVALID');
  });

  it('refuses an expired link', async () => {
    const user = await createUser(ctx.db);
    await ctx.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: user.email } });
    const token = await resetTokenFor(user.email);
    const { passwordTokens } = await import('@ouvrage/db');
    await ctx.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.userId, user.id));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/save-new-password',
      payload: { token, password: 'Nouveau2026ok', password_confirmation: 'Nouveau2026ok' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('rate limiting', () => {
  const limited = useTestApp({ loginRateLimit: 3 });
  it('answers 429 in French after too many login attempts', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await limited.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'x@exemple.fr', password: 'Mauvais2026x' } });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error.message).toMatch(/Trop de tentatives/);
    }
    expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('security headers and errors', () => {
  it('sends CSP, nosniff and frame deny; unknown API routes are JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/inconnue' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'ROUTE_NOT_FOUND' } });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the OpenAPI reference at /api/docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/login');
  });
});
