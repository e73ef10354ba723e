import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mails } from '@ouvrage/db';
import { createUser, TEST_PASSWORD } from '@ouvrage/db/testing';
import { as, useTestApp } from '../helpers';

const ctx = useTestApp();

/** Log in through the route; keep the access token and the refresh cookie. */
async function session(email: string, password = TEST_PASSWORD) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'refresh_token')!;
  return { token: res.json().data.token.token as string, cookie: `refresh_token=${cookie.value}` };
}

const me = (token: string) => as(ctx, { token }, { method: 'GET', url: '/api/me' });

describe('access tokens die with the session (session version)', () => {
  it('refuses an access token once its user has logged out', async () => {
    const user = await createUser(ctx.db);
    const s = await session(user.email);
    expect((await me(s.token)).statusCode).toBe(200);
    const out = await as(ctx, s, { method: 'POST', url: '/api/logout', headers: { cookie: s.cookie } });
    expect(out.statusCode).toBe(200);
    const after = await me(s.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('UNAUTHENTICATED');
    // A new login works at once.
    expect((await me((await session(user.email)).token)).statusCode).toBe(200);
  });

  it('refuses tokens issued before a password reset', async () => {
    const user = await createUser(ctx.db);
    const s = await session(user.email);
    await ctx.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: user.email } });
    const [mail] = (await ctx.db.select().from(mails).where(eq(mails.toAddress, user.email))).slice(-1);
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.textBody)![1]);
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/save-new-password',
      payload: { token, password: 'Nouveau2026ok', password_confirmation: 'Nouveau2026ok' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await me(s.token)).statusCode).toBe(401);
    expect((await me((await session(user.email, 'Nouveau2026ok')).token)).statusCode).toBe(200);
  });

  it('refuses tokens issued before a password change; this device gets a fresh one from its refresh cookie', async () => {
    const user = await createUser(ctx.db);
    const here = await session(user.email);
    const elsewhere = await session(user.email);
    const changed = await as(ctx, here, {
      method: 'POST',
      url: `/api/profil/change-password/${user.id}`,
      headers: { cookie: here.cookie },
      payload: { current_password: TEST_PASSWORD, password: 'Changé2026okk', password_confirmation: 'Changé2026okk' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(elsewhere.token)).statusCode).toBe(401);
    expect((await me(here.token)).statusCode).toBe(401);
    const refreshed = await ctx.app.inject({ method: 'POST', url: '/api/refresh', headers: { cookie: here.cookie } });
    expect(refreshed.statusCode).toBe(200);
    expect((await me(refreshed.json().data.token.token)).statusCode).toBe(200);
    // The other device's session was signed out entirely.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/refresh', headers: { cookie: elsewhere.cookie } })).statusCode).toBe(401);
  });
});
