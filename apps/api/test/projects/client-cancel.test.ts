import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { offers, quotes } from '@ouvrage/db';
import { createUser } from '@ouvrage/db/testing';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { acceptedTender, insertProject } from './factories';
import { ownedQuote } from '../quotes/factories';

/** Issue 15: the client sees how the tenders stand and cancels their project while no quote is signed. */
const ctx = useTestApp();
let client: TestUser;
let other: TestUser;
let pro: TestUser;

beforeAll(async () => {
  client = await loginAs(ctx, { user_type: 'client' });
  other = await loginAs(ctx, { user_type: 'client' });
  pro = await loginAs(ctx, { user_type: 'professionnel' });
});

const cancel = (user: TestUser, id: number, reason: unknown = 'Nous avons trouvé une autre solution.') =>
  as(ctx, user, { method: 'POST', url: `/api/project/annuler/${id}`, payload: { reason } });

describe('the client cancels their project', () => {
  it('with a reason, recorded in the history; only their own, once', async () => {
    const project = await insertProject(ctx.db, client.id, { state: 'En consultation' });
    await acceptedTender(ctx.db, project.id, pro.id);
    expect((await cancel(other, project.id)).statusCode).toBe(403);
    expect((await cancel(pro, project.id)).statusCode).toBe(403);
    const empty = await cancel(client, project.id, ' ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.reason).toMatch(/raison/);

    const before = await as(ctx, client, { method: 'GET', url: `/api/project/detail-project/${project.id}` });
    expect(before.json().data.project.can_cancel).toBe(true);
    const res = await cancel(client, project.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'Annulé', can_cancel: false });
    const after = (await as(ctx, client, { method: 'GET', url: `/api/project/detail-project/${project.id}` })).json().data;
    expect(after.activity.at(-1)).toMatchObject({
      action: 'state',
      from_value: 'En consultation',
      to_value: 'Annulé',
      message: 'Nous avons trouvé une autre solution.',
    });

    const again = await cancel(client, project.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('STATE_UNCHANGED');
  });

  it('is refused once a quote is signed, with its number', async () => {
    const quoteId = await ownedQuote(ctx.db, { id: client.id, user_type: 'client' });
    const [quote] = await ctx.db.select().from(quotes).where(eq(quotes.id, quoteId));
    const detail = async () => {
      const res = await as(ctx, client, { method: 'GET', url: `/api/project/detail-project/${quote.projectId}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.project;
    };
    expect((await detail()).can_cancel).toBe(true);
    await ctx.db.update(quotes).set({ status: 'Signé' }).where(eq(quotes.id, quoteId));
    expect((await detail()).can_cancel).toBe(false);
    const res = await cancel(client, quote.projectId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'PROJECT_QUOTE_SIGNED', params: { number: quote.number } });
    expect((await detail()).state).toBe('Attribué');
  });
});

describe('the tenders of a project, counted for its client', () => {
  it('counts sent tenders by status, drafts left out', async () => {
    const project = await insertProject(ctx.db, client.id, { state: 'Attribué' });
    const pros = [];
    for (let i = 0; i < 4; i += 1) pros.push(await createUser(ctx.db, { user_type: 'professionnel', is_validate: 'Validé' }));
    const future = new Date(Date.now() + 7 * 86_400_000);
    await ctx.db.insert(offers).values([
      { projectId: project.id, professionalId: pros[0].id, status: 'Acceptée', validation: '1', answeredAt: new Date() },
      { projectId: project.id, professionalId: pros[1].id, status: 'Refusée', validation: '1', answeredAt: new Date() },
      { projectId: project.id, professionalId: pros[2].id, status: 'Disponible', validation: '1', replyDeadline: future },
      { projectId: project.id, professionalId: pros[3].id, status: 'Disponible', validation: '0', replyDeadline: future },
    ]);
    const res = await as(ctx, client, { method: 'GET', url: `/api/project/avancement-offres/${project.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ sent: 3, accepted: 1, refused: 1, waiting: 1, expired: 0, closed: 0 });
    expect((await as(ctx, other, { method: 'GET', url: `/api/project/avancement-offres/${project.id}` })).statusCode).toBe(403);
    expect((await as(ctx, pro, { method: 'GET', url: `/api/project/avancement-offres/${project.id}` })).statusCode).toBe(403);
  });
});
