import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { mails, users } from '@ouvrage/db';
import { TEST_PASSWORD } from '@ouvrage/db/testing';
import { as, loginAs, useTestApp } from '../helpers';
import { tempDataDir } from '../professionals/helpers';
import { insertProject } from '../projects/factories';

const ctx = useTestApp({ dataDir: tempDataDir() });

describe('/profil', () => {
  it('reads and updates one’s own details; 403 on someone else’s id', async () => {
    const me = await loginAs(ctx, { user_type: 'client' });
    const other = await loginAs(ctx, { user_type: 'client' });
    const read = await as(ctx, me, { method: 'GET', url: `/api/profil/${me.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ id: me.id, email: me.email, pending_email: null });
    const updated = await as(ctx, me, {
      method: 'PATCH',
      url: `/api/profil/${me.id}`,
      payload: { civility: 'Mme', firstname: 'Élise', lastname: 'Durand', phone: '06 98 76 54 32', country: 'France' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ civility: 'Mme', firstname: 'Élise', phone: '+33698765432' });
    expect((await as(ctx, me, { method: 'GET', url: `/api/profil/${other.id}` })).statusCode).toBe(403);
    expect((await as(ctx, me, { method: 'PATCH', url: `/api/profil/${other.id}`, payload: { firstname: 'x', lastname: 'y' } })).statusCode).toBe(403);
    const empty = await as(ctx, me, { method: 'PATCH', url: `/api/profil/${me.id}`, payload: { firstname: '', lastname: 'y' } });
    expect(empty.json().error.fields.firstname).toMatch(/obligatoire/);
  });

  it('gives a client the details of their latest project request, which a new one starts from (issue 36 §6)', async () => {
    const me = await loginAs(ctx, { user_type: 'client' });
    const read = async () => (await as(ctx, me, { method: 'GET', url: `/api/profil/${me.id}` })).json().data.latest_request;
    expect(await read()).toBeNull();
    await insertProject(ctx.db, me.id, { typeClient: 'particulier', createdAt: new Date('2026-03-01T10:00:00Z') });
    expect(await read()).toEqual({ type_client: 'particulier', company_name: null, siret: null });
    await insertProject(ctx.db, me.id, {
      typeClient: 'entreprise',
      companyName: 'SCI Les Tilleuls',
      siret: '73282932000074',
      createdAt: new Date('2026-04-01T10:00:00Z'),
    });
    expect(await read()).toEqual({ type_client: 'entreprise', company_name: 'SCI Les Tilleuls', siret: '73282932000074' });
    // Another role has none.
    const pro = await loginAs(ctx, { user_type: 'professionnel' });
    expect((await as(ctx, pro, { method: 'GET', url: `/api/profil/${pro.id}` })).json().data.latest_request).toBeNull();
  });

  it('changes the e-mail only after the link sent to the new address is followed', async () => {
    const me = await loginAs(ctx, { user_type: 'professionnel' });
    const wrong = await as(ctx, me, {
      method: 'POST',
      url: `/api/profil/change-email/${me.id}`,
      payload: { new_email: 'nouvelle@exemple.fr', current_password: 'mauvais' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.current_password).toMatch(/incorrect/);
    const res = await as(ctx, me, {
      method: 'POST',
      url: `/api/profil/change-email/${me.id}`,
      payload: { new_email: 'Nouvelle@Exemple.fr', current_password: TEST_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await as(ctx, me, { method: 'GET', url: `/api/profil/${me.id}` })).json().data).toMatchObject({
      email: me.email,
      pending_email: 'nouvelle@exemple.fr',
    });

    const [mail] = await ctx.db.select().from(mails).where(eq(mails.toAddress, 'nouvelle@exemple.fr')).orderBy(desc(mails.id));
    const link = mail.textBody.match(/\/api\/profil\/confirm-email\?token=([\w-]+)/);
    expect(link).not.toBeNull();
    const confirm = await ctx.app.inject({ method: 'GET', url: `/api/profil/confirm-email?token=${link![1]}` });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe('/profil?email=confirmed');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, me.id));
    expect(row.email).toBe('nouvelle@exemple.fr');
    const again = await ctx.app.inject({ method: 'GET', url: `/api/profil/confirm-email?token=${link![1]}` });
    expect(again.headers.location).toBe('/profil?email=invalid');

    const taken = await loginAs(ctx, { user_type: 'client' });
    const dup = await as(ctx, me, {
      method: 'POST',
      url: `/api/profil/change-email/${me.id}`,
      payload: { new_email: taken.email, current_password: TEST_PASSWORD },
    });
    expect(dup.statusCode).toBe(409);
  });

  it('changes the password with the current one and signs out other sessions', async () => {
    const me = await loginAs(ctx, { user_type: 'client' });
    const wrong = await as(ctx, me, {
      method: 'POST',
      url: `/api/profil/change-password/${me.id}`,
      payload: { current_password: 'faux', password: 'Nouveau2026pass', password_confirmation: 'Nouveau2026pass' },
    });
    expect(wrong.statusCode).toBe(400);
    const weak = await as(ctx, me, {
      method: 'POST',
      url: `/api/profil/change-password/${me.id}`,
      payload: { current_password: TEST_PASSWORD, password: 'faible', password_confirmation: 'faible' },
    });
    expect(weak.json().error.fields.password).toMatch(/10 caractères/);
    const mismatch = await as(ctx, me, {
      method: 'POST',
      url: `/api/profil/change-password/${me.id}`,
      payload: { current_password: TEST_PASSWORD, password: 'Nouveau2026pass', password_confirmation: 'Nouveau2026pas' },
    });
    expect(mismatch.json().error.fields.password_confirmation).toMatch(/correspondent/);

    const otherSession = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: me.email, password: TEST_PASSWORD } });
    const otherCookie = otherSession.cookies.find((c) => c.name === 'refresh_token')!.value;
    const res = await as(ctx, me, {
      method: 'POST',
      url: `/api/profil/change-password/${me.id}`,
      payload: { current_password: TEST_PASSWORD, password: 'Nouveau2026pass', password_confirmation: 'Nouveau2026pass' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const refreshed = await ctx.app.inject({ method: 'POST', url: '/api/refresh', cookies: { refresh_token: otherCookie } });
    expect(refreshed.statusCode).toBe(401);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: me.email, password: 'Nouveau2026pass' } });
    expect(login.statusCode).toBe(200);
  });
});
