import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo, seedReference } from '@ouvrage/db';
import { useTestApp } from '../helpers';

/**
 * The demo's conversations (decision 1230), read through the API: the demo client talks with the
 * demo architect on two of her projects, each with the architect's latest answer unread; the
 * architect has read everything and may write in both.
 */
const ctx = useTestApp();

async function login(email: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().data.token.token as string, id: res.json().data.datauser.id as number };
}
const get = async (who: { token: string }, url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${who.token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  await seedReference(ctx.handle);
  expect(await seedDemo(ctx.handle, { production: false })).toBe(true);
});

describe('the demo conversations', () => {
  it('are lively: the client has two, each with one answer unread; the architect read them all and writes in both', async () => {
    const client = await login('client@ouvrage.test');
    const architect = await login('architecte@ouvrage.test');
    const mine = await get(client, '/api/conversations');
    expect(mine.items).toHaveLength(2);
    expect(mine.items.map((c: { unread: number }) => c.unread)).toEqual([1, 1]);
    expect(await get(client, '/api/conversations/non-lus')).toEqual({ unread: 2 });
    for (const c of mine.items) {
      expect(c.counterpart).toMatchObject({ id: architect.id, user_type: 'architecte' });
      expect(c.last_message.author_id).toBe(architect.id);
      const page = await get(client, `/api/conversations/${c.id}/messages`);
      expect(page.items.length).toBeGreaterThanOrEqual(5);
      // Both speak, in order.
      expect(new Set(page.items.map((m: { author_id: number }) => m.author_id))).toEqual(new Set([client.id, architect.id]));
    }
    // « Le devis est en ligne » carries the architect's quote as a card (decision 1230 « References »).
    const pages = await Promise.all(mine.items.map((c: { id: number }) => get(client, `/api/conversations/${c.id}/messages`)));
    const cards = pages.flatMap((p: { items: Array<{ body: string; reference: { document: unknown } | null }> }) => p.items).filter((m) => m.reference);
    expect(cards).toHaveLength(1);
    expect(cards[0].body).toContain('le devis est en ligne');
    expect(cards[0].reference!.document).toMatchObject({ kind: 'quote', link: expect.stringMatching(/^\/devis\/\d+$/) });
    // One open report (decision 1230 « Reports and moderation »): the admin reads that conversation.
    const admin = await login('admin@ouvrage.test');
    const reports = await get(admin, '/api/conversations/signalements');
    expect(reports.items).toHaveLength(1);
    expect(reports.items[0]).toMatchObject({ status: 'open', reason: 'spam_fraud', reporter: { id: client.id }, author: { id: architect.id } });
    expect(reports.items[0].message.excerpt).toContain('espèces');
    const panel = await get(admin, `/api/conversations/${reports.items[0].conversation_id}/moderation`);
    expect(panel.members.every((m: { reads: unknown[] }) => m.reads.length === 1)).toBe(true);
    const theirs = await get(architect, '/api/conversations');
    expect(theirs.items.map((c: { unread: number; can_write: boolean }) => [c.unread, c.can_write])).toEqual([
      [0, true],
      [0, true],
    ]);
  });
});
