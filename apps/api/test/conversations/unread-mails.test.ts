import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mails, notifications } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { sendUnreadMessageMails } from '../../src/modules/conversations/unread-mails';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { projectWithAcceptedPro } from './factories';

/**
 * « Messages non lus » by e-mail (decision 1230): a message unread for 15 minutes is told once, all
 * conversations grouped in one mail per member and round, in the member's language; a message read
 * in time is not told; a member who turned the `messages_unread` e-mail off gets the bell only.
 */
const clock = new FixedClock('2026-12-02T10:00:00Z');
const ctx = useTestApp({}, { clock });
let carol: TestUser;
let architect: TestUser;
let drafter: TestUser;

beforeAll(async () => {
  carol = await loginAs(ctx, { user_type: 'client', firstname: 'Carole', lastname: 'Martin' });
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé', firstname: 'Alain', lastname: 'Durand' });
  drafter = await loginAs(ctx, { user_type: 'dessinateur', is_validate: 'Validé', firstname: 'Denis', lastname: 'Roux' });
});

async function conversationWith(pro: TestUser): Promise<number> {
  const projectId = await projectWithAcceptedPro(ctx.db, carol.id, pro.id);
  const res = await as(ctx, carol, { method: 'POST', url: `/api/projet/${projectId}/conversations`, payload: { with_user_id: pro.id } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}
async function send(user: TestUser, id: number, body: string): Promise<number> {
  const res = await as(ctx, user, { method: 'POST', url: `/api/conversations/${id}/messages`, payload: { body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}
const mailsTo = (email: string) =>
  ctx.db
    .select()
    .from(mails)
    .where(and(eq(mails.toAddress, email), like(mails.subject, '%Messages non lus%')));
const bells = (userId: number) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'messages_unread')));

describe('unread messages by e-mail', () => {
  it('tells each message once, 15 minutes after, every conversation in one mail; a message read in time is not told', async () => {
    const first = await conversationWith(architect);
    const second = await conversationWith(drafter);
    await send(architect, first, 'Je passe jeudi à 9 h.');
    await send(drafter, second, 'Les plans sont prêts.');
    const read = await send(drafter, second, 'Je vous les envoie ce soir.');
    clock.set('2026-12-02T10:10:00Z');
    expect(await sendUnreadMessageMails(ctx.app.deps)).toBe(0);
    expect(await mailsTo(carol.email)).toHaveLength(0);

    clock.set('2026-12-02T10:16:00Z');
    expect(await sendUnreadMessageMails(ctx.app.deps)).toBe(1);
    const [mail] = await mailsTo(carol.email);
    expect(mail.subject).toContain('Messages non lus : 3');
    expect(mail.textBody).toContain('Alain Durand');
    expect(mail.textBody).toContain('Denis Roux');
    // Again: nothing new, nothing sent; the architect read nothing of Carol's (she wrote nothing).
    expect(await sendUnreadMessageMails(ctx.app.deps)).toBe(0);
    expect(await mailsTo(carol.email)).toHaveLength(1);
    expect(await mailsTo(architect.email)).toHaveLength(0);

    // Carol reads the second conversation in time for its next message: only the first is told.
    await send(architect, first, 'Prévoyez l’accès au tableau électrique.');
    const late = await send(drafter, second, 'Envoyés.');
    const res = await as(ctx, carol, { method: 'POST', url: `/api/conversations/${second}/lu`, payload: { message_id: late } });
    expect(res.statusCode, res.body).toBe(200);
    expect(read).toBeLessThan(late);
    clock.set('2026-12-02T10:40:00Z');
    expect(await sendUnreadMessageMails(ctx.app.deps)).toBe(1);
    const all = await mailsTo(carol.email);
    expect(all).toHaveLength(2);
    expect(all.map((m) => m.subject).sort()[0]).toContain('Messages non lus : 1');
  });

  it('follows the member’s e-mail choice: off, the bell only', async () => {
    const id = await conversationWith(architect);
    const off = await as(ctx, architect, { method: 'PATCH', url: '/api/notifications/preferences', payload: { email: { messages_unread: false } } });
    expect(off.statusCode, off.body).toBe(200);
    const before = (await mailsTo(architect.email)).length;
    clock.set('2026-12-02T11:00:00Z');
    await send(carol, id, 'Pouvez-vous m’envoyer le devis ?');
    clock.set('2026-12-02T11:20:00Z');
    expect(await sendUnreadMessageMails(ctx.app.deps)).toBe(1);
    expect(await mailsTo(architect.email)).toHaveLength(before);
    expect((await bells(architect.id)).length).toBeGreaterThan(0);
  });
});
