import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages, offers } from '@ouvrage/db';
import { FixedClock, MESSAGE_MAX_LENGTH } from '@ouvrage/domain';
import { liveNotifierOf, type LiveEvent } from '../../src/modules/notifications';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { insertConversation, insertMessages, projectWithAcceptedPro } from './factories';

/**
 * Conversations inside a project (issue 39 §1, decision 1230), through `inject()` on a real
 * database: the client and an accepted professional exchange messages, unread counts and read
 * receipts move, edits within 5 minutes, deletions that leave a deleted message, the length and
 * rate limits, a professional whose tender ended reads but no longer writes, strangers refused,
 * the admin reads a reported conversation and writes in his own, keyset pages.
 */

const clock = new FixedClock('2026-12-02T10:00:00Z');
const ctx = useTestApp({}, { clock });
let carol: TestUser;
let architect: TestUser;
let drafter: TestUser;
let strangerPro: TestUser;
let otherClient: TestUser;
let admin: TestUser;

beforeAll(async () => {
  carol = await loginAs(ctx, { user_type: 'client', firstname: 'Carole', lastname: 'Martin' });
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé', firstname: 'Alain', lastname: 'Durand' });
  drafter = await loginAs(ctx, { user_type: 'dessinateur', is_validate: 'Validé' });
  strangerPro = await loginAs(ctx, { user_type: 'professionnel', is_validate: 'Validé' });
  otherClient = await loginAs(ctx, { user_type: 'client' });
  admin = await loginAs(ctx, { user_type: 'admin' });
});

afterEach(() => clock.set('2026-12-02T10:00:00Z'));

type Json = Record<string, any>;

const open = (user: TestUser, projectId: number, withUserId: number) =>
  as(ctx, user, { method: 'POST', url: `/api/projet/${projectId}/conversations`, payload: { with_user_id: withUserId } });
const send = (user: TestUser, id: number, body: string) => as(ctx, user, { method: 'POST', url: `/api/conversations/${id}/messages`, payload: { body } });
const read = (user: TestUser, id: number, messageId: number) =>
  as(ctx, user, { method: 'POST', url: `/api/conversations/${id}/lu`, payload: { message_id: messageId } });
const get = async (user: TestUser, url: string): Promise<Json> => {
  const res = await as(ctx, user, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const badge = async (user: TestUser) => (await get(user, '/api/conversations/non-lus')).unread as number;

async function sent(user: TestUser, id: number, body: string): Promise<Json> {
  const res = await send(user, id, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** A conversation opened by Carol with the architect on a new project of hers. */
async function carolWithArchitect() {
  const projectId = await projectWithAcceptedPro(ctx.db, carol.id, architect.id);
  const res = await open(carol, projectId, architect.id);
  expect(res.statusCode, res.body).toBe(200);
  return { projectId, id: res.json().data.id as number };
}

describe('opening a conversation', () => {
  it('pairs the client with an accepted professional once, whoever opens it', async () => {
    const { projectId, id } = await carolWithArchitect();
    const again = await open(architect, projectId, carol.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(id);
    const view = again.json().data;
    expect(view.can_write).toBe(true);
    expect(view.members.map((m: Json) => m.id).sort()).toEqual([carol.id, architect.id].sort());
    expect(view.project.title).toContain(' — ');
  });

  it('refuses a professional without an accepted tender, another client, a second professional, and someone outside the project', async () => {
    const projectId = await projectWithAcceptedPro(ctx.db, carol.id, architect.id);
    expect((await open(strangerPro, projectId, carol.id)).statusCode).toBe(403);
    expect((await open(otherClient, projectId, architect.id)).statusCode).toBe(403);
    const outsider = await open(carol, projectId, strangerPro.id);
    expect(outsider.statusCode).toBe(409);
    expect(outsider.json().error.code).toBe('CONVERSATION_COUNTERPART_INVALID');
    const self = await open(carol, projectId, carol.id);
    expect(self.json().error.code).toBe('CONVERSATION_COUNTERPART_INVALID');
  });

  it('lets the admin open one with any participant, and write in it', async () => {
    const projectId = await projectWithAcceptedPro(ctx.db, carol.id, drafter.id);
    const res = await open(admin, projectId, drafter.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.can_write).toBe(true);
    await sent(admin, res.json().data.id, 'Bonjour, ici l’équipe Ouvrage.');
    expect((await open(admin, projectId, strangerPro.id)).json().error.code).toBe('CONVERSATION_COUNTERPART_INVALID');
  });
});

describe('exchanging messages', () => {
  it('moves unread counts and read receipts, lists conversations with their last message, and tells both members live', async () => {
    const { id } = await carolWithArchitect();
    const events: Array<{ to: number; event: LiveEvent }> = [];
    const notifier = liveNotifierOf(ctx.app.deps);
    const stops = [carol, architect].map((u) => notifier.subscribe({ id: u.id, admin: false }, (event) => events.push({ to: u.id, event })));
    const carolBefore = await badge(carol);
    const architectBefore = await badge(architect);

    const hello = await sent(carol, id, '  Bonjour, pouvez-vous passer jeudi ? Mon numéro : 06 12 34 56 78  ');
    expect(hello.body).toBe('Bonjour, pouvez-vous passer jeudi ? Mon numéro : 06 12 34 56 78');
    expect(hello.can_edit).toBe(true);
    clock.advance(1000);
    const second = await sent(carol, id, 'Ou vendredi.');
    expect(await badge(architect)).toBe(architectBefore + 2);
    expect(await badge(carol)).toBe(carolBefore);
    expect(events).toContainEqual({ to: architect.id, event: { type: 'conversation', conversation_id: id, unread: architectBefore + 2 } });

    const list = await get(architect, '/api/conversations');
    const item = list.items.find((c: Json) => c.id === id);
    expect(item).toMatchObject({ unread: 2, can_write: true, counterpart: { id: carol.id, name: 'Carole Martin', user_type: 'client' } });
    expect(item.last_message).toMatchObject({ id: second.id, excerpt: 'Ou vendredi.', deleted: false, author_id: carol.id });
    expect(list.items[0].unread).toBeGreaterThan(0); // unread first

    const marked = await read(architect, id, hello.id);
    expect(marked.json().data).toEqual({ last_read_message_id: hello.id, unread: 1 });
    // A late mark from another tab never moves it backwards.
    await read(architect, id, second.id);
    const back = await read(architect, id, hello.id);
    expect(back.json().data).toEqual({ last_read_message_id: second.id, unread: 0 });
    expect(await badge(architect)).toBe(architectBefore);

    const header = await get(carol, `/api/conversations/${id}`);
    expect(header.members.find((m: Json) => m.id === architect.id).last_read_message_id).toBe(second.id);
    expect(header.members.find((m: Json) => m.id === carol.id).last_read_message_id).toBe(second.id);

    const reply = await sent(architect, id, 'Jeudi 9 h, c’est noté.');
    expect(await badge(carol)).toBe(carolBefore + 1);
    const page = await get(carol, `/api/conversations/${id}/messages`);
    expect(page.items.map((m: Json) => m.id)).toEqual([hello.id, second.id, reply.id]);
    expect(page.has_more).toBe(false);
    stops.forEach((stop) => stop());
  });

  it('refuses an empty message and one above 4000 characters with a French message', async () => {
    const { id } = await carolWithArchitect();
    const long = await send(carol, id, 'a'.repeat(MESSAGE_MAX_LENGTH + 1));
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('Un message compte au plus 4000 caractères.');
    const blank = await send(carol, id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('Écrivez votre message ou joignez un fichier.');
    expect((await send(carol, id, 'a'.repeat(MESSAGE_MAX_LENGTH))).statusCode).toBe(201);
  });

  it('lets the author edit within 5 minutes, not after, and no one else', async () => {
    const { id } = await carolWithArchitect();
    const message = await sent(architect, id, 'Devis envoyé demain.');
    clock.advance(4 * 60_000);
    const edit = await as(ctx, architect, { method: 'PATCH', url: `/api/conversations/messages/${message.id}`, payload: { body: 'Devis envoyé ce soir.' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ body: 'Devis envoyé ce soir.', edited_at: clock.now().toISOString() });
    expect((await as(ctx, carol, { method: 'PATCH', url: `/api/conversations/messages/${message.id}`, payload: { body: 'x' } })).statusCode).toBe(403);
    clock.advance(60_001);
    const late = await as(ctx, architect, { method: 'PATCH', url: `/api/conversations/messages/${message.id}`, payload: { body: 'Trop tard.' } });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({ code: 'MESSAGE_EDIT_WINDOW_PASSED', params: { minutes: 5 } });
  });

  it('deletes a message at any time: it stays, shown as deleted, and no longer counts as unread', async () => {
    const { id } = await carolWithArchitect();
    const before = await badge(architect);
    const message = await sent(carol, id, 'Mon code de portail : 1234');
    expect(await badge(architect)).toBe(before + 1);
    clock.advance(3 * 86_400_000);
    expect((await as(ctx, architect, { method: 'DELETE', url: `/api/conversations/messages/${message.id}` })).statusCode).toBe(403);
    const deleted = await as(ctx, carol, { method: 'DELETE', url: `/api/conversations/messages/${message.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toMatchObject({ id: message.id, deleted: true, body: '' });
    expect(await badge(architect)).toBe(before);
    const page = await get(architect, `/api/conversations/${id}/messages`);
    expect(page.items).toEqual([expect.objectContaining({ id: message.id, deleted: true, body: '' })]);
    const [row] = await ctx.db.select().from(messages).where(eq(messages.id, message.id));
    expect(row).toMatchObject({ body: '', deletedAt: clock.now() });
    const edit = await as(ctx, carol, { method: 'PATCH', url: `/api/conversations/messages/${message.id}`, payload: { body: 'x' } });
    expect(edit.json().error.code).toBe('MESSAGE_DELETED');
    const list = await get(architect, '/api/conversations');
    expect(list.items.find((c: Json) => c.id === id).last_message).toMatchObject({ deleted: true, excerpt: '' });
  });

  it('limits sending to 20 messages a minute per user, with a 429', async () => {
    const { id } = await carolWithArchitect();
    // The day before the other tests' clock, so that these 20 messages do not count for them.
    clock.set('2026-12-01T08:00:00Z');
    for (let i = 0; i < 20; i++) await sent(architect, id, `Message ${i}`);
    const limited = await send(architect, id, 'Un de trop');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'MESSAGE_RATE_LIMITED', params: { max: 20 } });
    clock.advance(60_000);
    expect((await send(architect, id, 'Une minute plus tard')).statusCode).toBe(201);
  });
});

describe('who reads and who writes', () => {
  it('keeps a professional whose tender ended reading, but no longer writing (409)', async () => {
    for (const values of [
      { status: 'Refusée' as const, refusalReason: 'Hors délai' },
      { status: 'Clôturée' as const },
      { status: 'Retirée' as const },
      { status: 'Expirée' as const },
    ]) {
      const { projectId, id } = await carolWithArchitect();
      const message = await sent(architect, id, 'Avant la fin.');
      await ctx.db
        .update(offers)
        .set(values)
        .where(and(eq(offers.projectId, projectId), eq(offers.professionalId, architect.id)));
      const header = await get(architect, `/api/conversations/${id}`);
      expect(header).toMatchObject({ can_write: false, read_only: { code: 'CONVERSATION_READ_ONLY', params: { status: values.status } } });
      expect((await get(architect, `/api/conversations/${id}/messages`)).items).toHaveLength(1);
      const refused = await send(architect, id, 'Encore un mot.');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('CONVERSATION_READ_ONLY');
      const edit = await as(ctx, architect, { method: 'PATCH', url: `/api/conversations/messages/${message.id}`, payload: { body: 'x' } });
      expect(edit.json().error.code).toBe('CONVERSATION_READ_ONLY');
      expect((await read(architect, id, message.id)).statusCode).toBe(200);
      expect((await get(architect, '/api/conversations')).items.find((c: Json) => c.id === id).can_write).toBe(false);
      // The client still writes.
      expect((await send(carol, id, 'Bien reçu.')).statusCode).toBe(201);
    }
  });

  it('closes the professional’s side when the client cancels the project: he reads, he no longer writes', async () => {
    const { projectId, id } = await carolWithArchitect();
    await sent(architect, id, 'Je passe jeudi.');
    const cancelled = await as(ctx, carol, { method: 'POST', url: `/api/project/annuler/${projectId}`, payload: { reason: 'Projet reporté.' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await get(architect, `/api/conversations/${id}`)).toMatchObject({
      can_write: false,
      read_only: { code: 'CONVERSATION_READ_ONLY', params: { status: 'Clôturée' } },
    });
    expect((await send(architect, id, 'Encore un mot.')).json().error.code).toBe('CONVERSATION_READ_ONLY');
    expect((await get(architect, '/api/conversations')).items.find((c: Json) => c.id === id).can_write).toBe(false);
    expect((await get(architect, `/api/conversations/${id}/messages`)).items).toHaveLength(1);
  });

  it('refuses another client and a professional outside the conversation (403)', async () => {
    const { id } = await carolWithArchitect();
    const message = await sent(carol, id, 'Privé.');
    for (const user of [otherClient, strangerPro, drafter]) {
      expect((await as(ctx, user, { method: 'GET', url: `/api/conversations/${id}` })).statusCode).toBe(403);
      expect((await as(ctx, user, { method: 'GET', url: `/api/conversations/${id}/messages` })).statusCode).toBe(403);
      expect((await send(user, id, 'Intrus')).statusCode).toBe(403);
      expect((await read(user, id, message.id)).statusCode).toBe(403);
    }
  });

  it('lets the admin read a conversation once reported (decision 1230 « Reports and moderation »), but write only in his own', async () => {
    const { id } = await carolWithArchitect();
    const message = await sent(carol, id, 'Bonjour.');
    const unreported = await as(ctx, admin, { method: 'GET', url: `/api/conversations/${id}` });
    expect(unreported.statusCode).toBe(409);
    expect(unreported.json().error.code).toBe('CONVERSATION_NOT_REPORTED');
    const report = await as(ctx, architect, {
      method: 'POST',
      url: `/api/conversations/${id}/signalements`,
      payload: { message_id: message.id, reason: 'other' },
    });
    expect(report.statusCode, report.body).toBe(201);
    const header = await get(admin, `/api/conversations/${id}`);
    expect(header).toMatchObject({ can_write: false, read_only: { code: 'CONVERSATION_NOT_MEMBER' } });
    expect((await get(admin, `/api/conversations/${id}/messages`)).items.map((m: Json) => m.body)).toEqual(['Bonjour.']);
    const write = await send(admin, id, 'Je m’invite.');
    expect(write.statusCode).toBe(409);
    expect(write.json().error.code).toBe('CONVERSATION_NOT_MEMBER');
    expect((await read(admin, id, message.id)).json().error.code).toBe('CONVERSATION_NOT_MEMBER');
    const notAuthor = await as(ctx, admin, { method: 'DELETE', url: `/api/conversations/messages/${message.id}` });
    expect(notAuthor.json().error.code).toBe('MESSAGE_NOT_AUTHOR');
  });
});

describe('pages of messages', () => {
  it('walks 120 messages backwards by keyset pages, the newest last in each page', async () => {
    const projectId = await projectWithAcceptedPro(ctx.db, carol.id, drafter.id);
    const id = await insertConversation(ctx.db, projectId, carol.id, drafter.id);
    const ids = await insertMessages(ctx.db, id, drafter.id, 120);
    const first = await get(carol, `/api/conversations/${id}/messages`);
    expect(first.items.map((m: Json) => m.id)).toEqual(ids.slice(70));
    expect(first.has_more).toBe(true);
    const second = await get(carol, `/api/conversations/${id}/messages?before=${first.items[0].id}&limit=50`);
    expect(second.items.map((m: Json) => m.id)).toEqual(ids.slice(20, 70));
    expect(second.has_more).toBe(true);
    const last = await get(carol, `/api/conversations/${id}/messages?before=${second.items[0].id}`);
    expect(last.items.map((m: Json) => m.id)).toEqual(ids.slice(0, 20));
    expect(last.has_more).toBe(false);
    expect((await as(ctx, carol, { method: 'GET', url: `/api/conversations/${id}/messages?limit=101` })).statusCode).toBe(400);
  });

  it('reads a page with one query on the (conversation_id, id) index', async () => {
    const projectId = await projectWithAcceptedPro(ctx.db, carol.id, drafter.id);
    const id = await insertConversation(ctx.db, projectId, carol.id, drafter.id);
    await insertMessages(ctx.db, id, drafter.id, 300);
    await ctx.handle.query('SET enable_seqscan = off');
    try {
      const plan = await ctx.handle.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT * FROM messages WHERE conversation_id = ${id} AND id < 1000000 ORDER BY id DESC LIMIT 51`,
      );
      expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('messages_conversation_id_idx');
    } finally {
      await ctx.handle.query('SET enable_seqscan = on');
    }
  });
});
