import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { offers, projects, refreshTokens, users } from '@ouvrage/db';
import { TEST_PASSWORD } from '@ouvrage/db/testing';
import { registerRetention } from '../../src/modules/users';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { acceptedTender, insertProject } from '../projects/factories';

/** Deleting a person never deletes business records (decision 0441). */
const ctx = useTestApp();
let admin: TestUser;

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
});

const remove = (id: number) => as(ctx, admin, { method: 'DELETE', url: `/api/delete-client/${id}` });

describe('DELETE /api/delete-client/{id}', () => {
  it('deletes a client that nothing retains; their session ends', async () => {
    const client = await loginAs(ctx, { user_type: 'client' });
    const res = await remove(client.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.mode).toBe('deleted');
    expect(await ctx.db.select().from(users).where(eq(users.id, client.id))).toEqual([]);
    expect((await as(ctx, client, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });

  it('anonymises a client with a project: the project and its tenders stay, the personal data goes, login is impossible', async () => {
    const client = await loginAs(ctx, { user_type: 'client', firstname: 'Hortense', lastname: 'Vasseur' });
    const pro = await loginAs(ctx, { user_type: 'professionnel' });
    const project = await insertProject(ctx.db, client.id, {
      state: 'Attribué',
      firstname: 'Hortense',
      lastname: 'Vasseur',
      email: client.email,
      phone: '0612345678',
      searchText: `vasseur hortense ${client.email} lyon`,
    });
    await acceptedTender(ctx.db, project.id, pro.id);

    const res = await remove(client.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.mode).toBe('anonymised');

    const [user] = await ctx.db.select().from(users).where(eq(users.id, client.id));
    expect(user).toMatchObject({
      firstname: 'Compte',
      lastname: 'supprimé',
      email: `anonyme-${client.id}@supprime.invalid`,
      passwordHash: null,
      phone: null,
      civility: null,
    });
    expect(user.anonymizedAt).toBeInstanceOf(Date);
    expect(await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, client.id))).toEqual([]);

    const [kept] = await ctx.db.select().from(projects).where(eq(projects.id, project.id));
    expect(kept).toMatchObject({ clientId: client.id, state: 'Attribué', description: project.description, city: project.city });
    expect(kept).toMatchObject({ firstname: 'Compte', lastname: 'supprimé', email: `anonyme-${client.id}@supprime.invalid`, phone: '' });
    expect(kept.searchText).not.toMatch(/vasseur|hortense/);
    const tenders = await ctx.db.select().from(offers).where(eq(offers.projectId, project.id));
    expect(tenders).toMatchObject([{ professionalId: pro.id, status: 'Acceptée' }]);

    expect((await as(ctx, client, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: client.email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(401);
    // The professional still reads the project they work on.
    expect((await as(ctx, pro, { method: 'GET', url: `/api/project/detail-project/${project.id}` })).statusCode).toBe(200);
    // Once anonymised, the account is gone for the admin too.
    expect((await remove(client.id)).statusCode).toBe(404);
  });

  it('anonymises when a module registers a retention that keeps the client (as quotes and invoices will)', async () => {
    const client = await loginAs(ctx, { user_type: 'client' });
    registerRetention(ctx.app.deps, { name: 'test-signed-quote', retains: async (_tx, userId) => userId === client.id });
    const res = await remove(client.id);
    expect(res.json().data.mode).toBe('anonymised');
    expect((await ctx.db.select().from(users).where(eq(users.id, client.id)))[0].anonymizedAt).toBeInstanceOf(Date);
  });

  it('deletes only clients, and answers 404 for an unknown one', async () => {
    const pro = await loginAs(ctx, { user_type: 'professionnel' });
    expect((await remove(pro.id)).statusCode).toBe(409);
    expect((await remove(999_999)).statusCode).toBe(404);
  });
});
