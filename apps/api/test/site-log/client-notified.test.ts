import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mails, notifications, offers, users } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { insertProject } from '../projects/factories';

/**
 * The client is told of a new entry in their project's journal (decision 1231): a `site_log_entry`
 * notification and its e-mail in their language, which they may turn off (the bell stays); an
 * entry refused tells nothing.
 */

const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let pro: TestUser;
let client: TestUser;
let projectId: number;

beforeAll(async () => {
  pro = await loginAs(ctx, { user_type: 'professionnel', is_validate: 'Validé', firstname: 'Paul', lastname: 'Maçon' });
  client = await loginAs(ctx, { user_type: 'client' });
  projectId = (await insertProject(ctx.db, client.id, { state: 'Attribué' })).id;
  await ctx.db.insert(offers).values({ projectId, professionalId: pro.id, status: 'Acceptée', validation: '1' });
});

const write = (body: Record<string, unknown>) => as(ctx, pro, { method: 'POST', url: `/api/projet/${projectId}/journal`, payload: body });
const bells = () =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, client.id), eq(notifications.kind, 'site_log_entry')));
const mailsToClient = () => ctx.db.select().from(mails).where(eq(mails.toAddress, client.email));

describe('the client told of a new entry', () => {
  it('gets the notification and its e-mail, with the entry’s number, day and author, linking to the project', async () => {
    const res = await write({ work_date: '2026-11-20', body: 'Coulage de la dalle.' });
    expect(res.statusCode, res.body).toBe(201);
    const [bell] = await bells();
    expect(bell).toMatchObject({
      link: `/single-projet/${projectId}`,
      params: expect.objectContaining({ number: 1, date: '2026-11-20', author: 'Paul Maçon' }),
    });
    const sent = await mailsToClient();
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toContain('Journal de chantier');
    expect(sent[0].textBody).toContain('20/11/2026');
  });

  it('in English for an English reader', async () => {
    await ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, client.id));
    expect((await write({ work_date: '2026-11-21', body: 'Murs montés.' })).statusCode).toBe(201);
    const sent = await mailsToClient();
    expect(sent.at(-1)!.subject).toContain('Site log');
    await ctx.db.update(users).set({ language: 'fr' }).where(eq(users.id, client.id));
  });

  it('keeps the bell but no e-mail once the client turned the kind off; a refused entry tells nothing', async () => {
    const off = await as(ctx, client, { method: 'PATCH', url: '/api/notifications/preferences', payload: { email: { site_log_entry: false } } });
    expect(off.statusCode, off.body).toBe(200);
    const before = (await mailsToClient()).length;
    expect((await write({ work_date: '2026-11-22', body: 'Charpente livrée.' })).statusCode).toBe(201);
    expect(await bells()).toHaveLength(3);
    expect(await mailsToClient()).toHaveLength(before);

    expect((await write({ work_date: '2026-11-30', body: 'Demain.' })).statusCode).toBe(400);
    expect(await bells()).toHaveLength(3);
  });
});
