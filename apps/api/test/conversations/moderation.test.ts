import { beforeAll, describe, expect, it } from 'vitest';
import { messageAttachments } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { liveNotifierOf, type LiveEvent } from '../../src/modules/notifications';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { insertConversation, projectWithAcceptedPro } from './factories';

/**
 * Reports and moderation of conversations (issue 39, decision 1230 « Reports and moderation »),
 * through `inject()` on a real database: a member reports the other's message once while open; the
 * admin reads only his own or a reported conversation, lists the reports, hides a message (the
 * members see it hidden, live) and shows it again, suspends a member's writing and lifts it, closes
 * a report; « who read what »; everyone else refused.
 */

const clock = new FixedClock('2026-12-02T10:00:00Z');
const ctx = useTestApp({}, { clock });
let carol: TestUser;
let architect: TestUser;
let otherClient: TestUser;
let strangerPro: TestUser;
let admin: TestUser;

type Json = Record<string, any>;

beforeAll(async () => {
  carol = await loginAs(ctx, { user_type: 'client', firstname: 'Carole', lastname: 'Martin' });
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé', firstname: 'Alain', lastname: 'Durand' });
  otherClient = await loginAs(ctx, { user_type: 'client' });
  strangerPro = await loginAs(ctx, { user_type: 'professionnel', is_validate: 'Validé' });
  admin = await loginAs(ctx, { user_type: 'admin' });
});

const post = (user: TestUser, url: string, payload: object = {}) => as(ctx, user, { method: 'POST', url, payload });
const get = async (user: TestUser, url: string): Promise<Json> => {
  const res = await as(ctx, user, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
async function ok(res: { statusCode: number; body: string; json: () => any }, status = 200): Promise<Json> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
}
const code = (res: { json: () => any }) => res.json().error?.code;

/** Carol and the architect on a new project: she writes, he answers. */
async function thread() {
  const projectId = await projectWithAcceptedPro(ctx.db, carol.id, architect.id);
  const id = await insertConversation(ctx.db, projectId, carol.id, architect.id);
  const question = await ok(await post(carol, `/api/conversations/${id}/messages`, { body: 'Quand passez-vous ?' }), 201);
  clock.advance(1000);
  const insult = await ok(await post(architect, `/api/conversations/${id}/messages`, { body: 'Payez d’abord en liquide, sinon rien.' }), 201);
  return { id, projectId, question, insult };
}
const report = (user: TestUser, id: number, messageId: number, reason = 'spam_fraud', details?: string) =>
  post(user, `/api/conversations/${id}/signalements`, { message_id: messageId, reason, ...(details === undefined ? {} : { details }) });

describe('reporting a message', () => {
  it('lets a member report the other member’s message once while open, with a reason and a text', async () => {
    const { id, insult } = await thread();
    const created = await ok(await report(carol, id, insult.id, 'spam_fraud', '  Il demande du liquide.  '), 201);
    expect(created).toMatchObject({ status: 'open', reason: 'spam_fraud' });
    const again = await report(carol, id, insult.id, 'abusive');
    expect(again.statusCode).toBe(409);
    expect(code(again)).toBe('REPORT_DUPLICATE');
    expect(again.json().error.message).toContain('déjà signalé');
    // The admin is told once, with a link to the conversation.
    const told = (await get(admin, '/api/notifications?per_page=50')).items.filter((n: Json) => n.kind === 'message_reported' && n.link === `/messages/${id}`);
    expect(told).toHaveLength(1);
    expect(told[0].params).toMatchObject({ reporter: 'Carole Martin' });
    const list = await get(admin, '/api/conversations/signalements');
    const item = list.items.find((r: Json) => r.id === created.id);
    expect(item).toMatchObject({
      conversation_id: id,
      reason: 'spam_fraud',
      details: 'Il demande du liquide.',
      status: 'open',
      reporter: { id: carol.id, name: 'Carole Martin' },
      author: { id: architect.id, name: 'Alain Durand' },
      message: { id: insult.id, excerpt: 'Payez d’abord en liquide, sinon rien.', hidden: false, deleted: false },
    });
  });

  it('refuses one’s own message, a message of another conversation, a bad reason, a text above 1000 characters, and the admin', async () => {
    const { id, question, insult } = await thread();
    const other = await thread();
    expect(code(await report(carol, id, question.id))).toBe('REPORT_OWN_MESSAGE');
    expect(code(await report(carol, id, other.insult.id))).toBe('MESSAGE_NOT_IN_CONVERSATION');
    const badReason = await report(carol, id, insult.id, 'boring');
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().error.fields.reason).toBe('Choisissez le motif du signalement.');
    const long = await report(carol, id, insult.id, 'other', 'x'.repeat(1001));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.details).toContain('1000 caractères');
    expect((await report(admin, id, insult.id)).statusCode).toBe(403);
  });

  it('refuses a deleted message', async () => {
    const { id, insult } = await thread();
    await ok(await as(ctx, architect, { method: 'DELETE', url: `/api/conversations/messages/${insult.id}` }));
    expect(code(await report(carol, id, insult.id))).toBe('REPORT_MESSAGE_DELETED');
  });
});

describe('the admin reads only his own or a reported conversation', () => {
  it('answers 409 CONVERSATION_NOT_REPORTED before a report, reads everything after', async () => {
    const { id, insult } = await thread();
    for (const url of [`/api/conversations/${id}`, `/api/conversations/${id}/messages`, `/api/conversations/${id}/moderation`]) {
      const res = await as(ctx, admin, { method: 'GET', url });
      expect(res.statusCode, url).toBe(409);
      expect(code(res)).toBe('CONVERSATION_NOT_REPORTED');
    }
    expect(code(await post(admin, `/api/conversations/messages/${insult.id}/masquer`))).toBe('CONVERSATION_NOT_REPORTED');
    await ok(await report(carol, id, insult.id), 201);
    expect((await get(admin, `/api/conversations/${id}`)).reported).toBe(true);
    expect((await get(admin, `/api/conversations/${id}/messages`)).items).toHaveLength(2);
    expect((await get(carol, `/api/conversations/${id}`)).reported).toBe(false);
  });
});

describe('hiding a message', () => {
  it('shows the members a hidden message without its text or files, the admin everything; live; shown again', async () => {
    const { id, insult } = await thread();
    const [file] = await ctx.db
      .insert(messageAttachments)
      .values({ messageId: insult.id, storageKey: 'absent/x.pdf', contentType: 'application/pdf', sizeBytes: 10, originalName: 'rib.pdf', position: 1 })
      .returning({ id: messageAttachments.id });
    await ok(await report(carol, id, insult.id), 201);
    const events: Array<{ to: number; event: LiveEvent }> = [];
    const stops = [carol, architect].map((u) =>
      liveNotifierOf(ctx.app.deps).subscribe({ id: u.id, admin: false }, (event) => events.push({ to: u.id, event })),
    );
    const unreadBefore = (await get(carol, '/api/conversations/non-lus')).unread;
    const listedBefore = (await get(carol, '/api/conversations')).items.find((c: Json) => c.id === id).unread;
    const hidden = await ok(await post(admin, `/api/conversations/messages/${insult.id}/masquer`, { reason: 'Demande de paiement hors plateforme' }));
    stops.forEach((stop) => stop());
    // A hidden message no longer counts as unread, in the badge or the list.
    expect((await get(carol, '/api/conversations/non-lus')).unread).toBe(unreadBefore - 1);
    expect((await get(carol, '/api/conversations')).items.find((c: Json) => c.id === id).unread).toBe(listedBefore - 1);
    expect(hidden).toMatchObject({ hidden: true, hidden_reason: 'Demande de paiement hors plateforme', body: 'Payez d’abord en liquide, sinon rien.' });
    expect(events.map((e) => e.to).sort()).toEqual([carol.id, architect.id].sort());
    expect(events[0].event).toMatchObject({ type: 'conversation', conversation_id: id });

    for (const member of [carol, architect]) {
      const seen = (await get(member, `/api/conversations/${id}/messages`)).items.find((m: Json) => m.id === insult.id);
      expect(seen).toMatchObject({ hidden: true, hidden_reason: null, body: '', attachments: [], can_edit: false });
      expect((await as(ctx, member, { method: 'GET', url: `/api/conversations/pieces-jointes/${file.id}` })).statusCode).toBe(404);
    }
    const inList = (await get(carol, '/api/conversations')).items.find((c: Json) => c.id === id);
    expect(inList.last_message).toMatchObject({ hidden: true, excerpt: '' });
    const adminSees = (await get(admin, `/api/conversations/${id}/messages`)).items.find((m: Json) => m.id === insult.id);
    expect(adminSees).toMatchObject({ hidden: true, body: 'Payez d’abord en liquide, sinon rien.' });
    expect(adminSees.attachments).toHaveLength(1);
    const edit = await as(ctx, architect, { method: 'PATCH', url: `/api/conversations/messages/${insult.id}`, payload: { body: 'Rien.' } });
    expect(code(edit)).toBe('MESSAGE_HIDDEN');
    expect((await get(admin, '/api/conversations/signalements')).items.find((r: Json) => r.message.id === insult.id).message.hidden).toBe(true);

    const shown = await ok(await post(admin, `/api/conversations/messages/${insult.id}/afficher`));
    expect(shown).toMatchObject({ hidden: false, hidden_reason: null });
    const back = (await get(carol, `/api/conversations/${id}/messages`)).items.find((m: Json) => m.id === insult.id);
    expect(back).toMatchObject({ hidden: false, body: 'Payez d’abord en liquide, sinon rien.' });
  });
});

describe('suspending a member’s writing', () => {
  it('lets the suspended member read but not write (409 with the reason), until lifted', async () => {
    const { id, insult } = await thread();
    await ok(await report(carol, id, insult.id), 201);
    const panel = await ok(await post(admin, `/api/conversations/${id}/suspendre`, { user_id: architect.id, reason: 'Sollicitations répétées' }));
    expect(panel.members.find((m: Json) => m.id === architect.id)).toMatchObject({ writing_suspended_reason: 'Sollicitations répétées' });
    expect(panel.members.find((m: Json) => m.id === architect.id).writing_suspended_at).not.toBeNull();

    const write = await post(architect, `/api/conversations/${id}/messages`, { body: 'Je reviens.' });
    expect(write.statusCode).toBe(409);
    expect(code(write)).toBe('CONVERSATION_WRITING_SUSPENDED');
    expect(write.json().error.message).toContain('suspendu');
    const header = await get(architect, `/api/conversations/${id}`);
    expect(header).toMatchObject({ can_write: false, read_only: { code: 'CONVERSATION_WRITING_SUSPENDED' } });
    expect((await get(architect, `/api/conversations/${id}/messages`)).items).toHaveLength(2);
    // The other member still writes.
    await ok(await post(carol, `/api/conversations/${id}/messages`, { body: 'Merci.' }), 201);

    const lifted = await ok(await post(admin, `/api/conversations/${id}/retablir`, { user_id: architect.id }));
    expect(lifted.members.find((m: Json) => m.id === architect.id).writing_suspended_at).toBeNull();
    await ok(await post(architect, `/api/conversations/${id}/messages`, { body: 'Je reviens.' }), 201);
  });

  it('refuses to suspend someone who is not a member, or the admin', async () => {
    const { id, insult } = await thread();
    await ok(await report(carol, id, insult.id), 201);
    const stranger = await post(admin, `/api/conversations/${id}/suspendre`, { user_id: otherClient.id });
    expect(code(stranger)).toBe('MODERATION_SUSPENSION_TARGET');
    expect(code(await post(admin, `/api/conversations/${id}/suspendre`, { user_id: admin.id }))).toBe('MODERATION_SUSPENSION_TARGET');
  });
});

describe('closing a report', () => {
  it('closes it once, handled or dismissed; the list shows open reports first; a new report is possible then', async () => {
    const { id, insult, question } = await thread();
    const first = await ok(await report(carol, id, insult.id), 201);
    clock.advance(1000);
    const second = await ok(await report(architect, id, question.id, 'abusive'), 201);
    const closed = await ok(await post(admin, `/api/conversations/signalements/${first.id}/cloture`, { outcome: 'handled' }));
    expect(closed).toMatchObject({ id: first.id, status: 'handled' });
    expect(closed.closed_at).not.toBeNull();
    const twice = await post(admin, `/api/conversations/signalements/${first.id}/cloture`, { outcome: 'dismissed' });
    expect(code(twice)).toBe('REPORT_CLOSED');
    expect((await post(admin, `/api/conversations/signalements/${first.id}/cloture`, { outcome: 'maybe' })).statusCode).toBe(400);
    expect((await post(admin, `/api/conversations/signalements/999999/cloture`, { outcome: 'handled' })).statusCode).toBe(404);

    const list = (await get(admin, '/api/conversations/signalements?per_page=100')).items as Json[];
    const statuses = list.map((r) => r.status);
    expect(statuses.indexOf('handled')).toBeGreaterThan(statuses.lastIndexOf('open'));
    expect(list.findIndex((r) => r.id === second.id)).toBeLessThan(list.findIndex((r) => r.id === first.id));
    // Closed, the same message may be reported again.
    await ok(await report(carol, id, insult.id), 201);
    // A closed report keeps the conversation readable by the admin.
    expect((await get(admin, `/api/conversations/${id}/moderation`)).reports).toHaveLength(3);
  });
});

describe('who read what', () => {
  it('logs each move of a read mark forward, never a repeated read, and shows it to the admin', async () => {
    const { id, question, insult } = await thread();
    clock.set('2026-12-02T11:00:00Z');
    await ok(await post(architect, `/api/conversations/${id}/lu`, { message_id: question.id }));
    await ok(await post(architect, `/api/conversations/${id}/lu`, { message_id: question.id }));
    clock.set('2026-12-02T12:00:00Z');
    await ok(await post(carol, `/api/conversations/${id}/lu`, { message_id: insult.id }));
    await ok(await report(carol, id, insult.id), 201);
    const panel = await get(admin, `/api/conversations/${id}/moderation`);
    const byId = new Map(panel.members.map((m: Json) => [m.id, m]));
    expect(byId.get(carol.id)).toMatchObject({
      last_read_message_id: insult.id,
      last_read_at: '2026-12-02T12:00:00.000Z',
      reads: [{ message_id: insult.id, read_at: '2026-12-02T12:00:00.000Z' }],
    });
    // The architect's mark already stood on his own message (sent after the question): reading the question moved nothing.
    expect(byId.get(architect.id)).toMatchObject({ last_read_message_id: insult.id, reads: [] });
    expect(panel.reports).toHaveLength(1);
  });
});

describe('everyone else', () => {
  it('refuses the moderation routes to anyone but the admin (403), and reporting to strangers', async () => {
    const { id, insult } = await thread();
    const routes: Array<[string, string, object?]> = [
      ['GET', '/api/conversations/signalements'],
      ['GET', `/api/conversations/${id}/moderation`],
      ['POST', `/api/conversations/messages/${insult.id}/masquer`, {}],
      ['POST', `/api/conversations/messages/${insult.id}/afficher`, {}],
      ['POST', `/api/conversations/${id}/suspendre`, { user_id: architect.id }],
      ['POST', `/api/conversations/${id}/retablir`, { user_id: architect.id }],
      ['POST', '/api/conversations/signalements/1/cloture', { outcome: 'handled' }],
    ];
    for (const user of [carol, architect, otherClient, strangerPro])
      for (const [method, url, payload] of routes) {
        const res = await as(ctx, user, { method: method as 'GET' | 'POST', url, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    for (const user of [otherClient, strangerPro]) expect((await report(user, id, insult.id)).statusCode).toBe(403);
    expect((await as(ctx, null, { method: 'GET', url: '/api/conversations/signalements' })).statusCode).toBe(401);
  });
});
