import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { mails, notificationPreferences, notifications, professions, quotes, users } from '@ouvrage/db';
import { createUser } from '@ouvrage/db/testing';
import { addDays, todayInParis, systemClock, type Language } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { insertProject } from '../projects/factories';
import { giveCompany } from '../tenders/factories';
import { ownedQuote } from '../quotes/factories';
import { notify } from '../../src/modules/notifications';
import { remindExpiringQuotes } from '../../src/modules/quotes';

const ctx = useTestApp();

async function speaks(user: { id: number }, language: Language) {
  await ctx.db.update(users).set({ language }).where(eq(users.id, user.id));
}

async function pro(): Promise<TestUser> {
  const user = await loginAs(ctx, { user_type: 'professionnel', is_validate: 'Validé' });
  const [row] = await ctx.db.select({ id: professions.id }).from(professions).where(eq(professions.slug, 'plombier'));
  await giveCompany(ctx.db, user.id, { zones: [{ departement: '69' }], professionId: row.id });
  return user;
}

async function sendTender(admin: TestUser, proIds: number[]) {
  const owner = await createUser(ctx.db, { user_type: 'client' });
  const project = await insertProject(ctx.db, owner.id, {
    state: 'Validé',
    support: 'Réalisation des travaux',
    budget: '30k-60k',
    budgetMinCents: 3_000_000,
    budgetMaxCents: 6_000_000,
  });
  const res = await as(ctx, admin, { method: 'POST', url: '/admin/account/create-offre', payload: { project_id: project.id, professional_ids: proIds } });
  expect(res.statusCode, res.body).toBe(201);
  return project;
}

const notificationsOf = (userId: number) => ctx.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id));
const mailsTo = (email: string) => ctx.db.select().from(mails).where(eq(mails.toAddress, email)).orderBy(desc(mails.id));

describe('an event notifies its recipient', () => {
  it('a tender sent: the professional’s notification links to the tenders, and the mail is in their language', async () => {
    const admin = await loginAs(ctx, { user_type: 'admin' });
    const french = await pro();
    const english = await pro();
    const arabic = await pro();
    await speaks(english, 'en');
    await speaks(arabic, 'ar');
    await sendTender(admin, [french.id, english.id, arabic.id]);

    for (const user of [french, english, arabic]) {
      const [n] = await notificationsOf(user.id);
      expect(n).toMatchObject({ kind: 'tender_received', link: '/list-offre', readAt: null });
      expect(n.params).toMatchObject({ project: expect.stringContaining('Lyon') });
    }
    // French: the tenders module's own rich mail; English and Arabic: the translated one.
    const [fr] = await mailsTo(french.email);
    expect(fr.subject).toMatch(/appel d'offre/i);
    const [en] = await mailsTo(english.email);
    expect(en.subject).toMatch(/^New tender: /);
    expect(en.textBody).toMatch(/^Hello /);
    expect(en.htmlBody).toContain('<html lang="en" dir="ltr">');
    expect(en.htmlBody).toContain('/list-offre');
    const [ar] = await mailsTo(arabic.email);
    expect(ar.subject).toMatch(/^طلب عرض جديد/);
    expect(ar.htmlBody).toContain('<html lang="ar" dir="rtl">');
  });

  it('a quote accepted and refused: its issuer is notified with a link to the quote', async () => {
    const client = await loginAs(ctx, { user_type: 'client' });
    const accepted = await ownedQuote(ctx.db, { id: client.id, user_type: 'client' });
    const res = await as(ctx, client, { method: 'POST', url: `/api/validate-devis-client/${accepted}`, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    const [q] = await ctx.db.select().from(quotes).where(eq(quotes.id, accepted));
    const [n] = await notificationsOf(q.issuerId);
    expect(n).toMatchObject({ kind: 'quote_accepted', link: `/devis/${accepted}`, params: { number: q.number } });

    const refusedId = await ownedQuote(ctx.db, { id: client.id, user_type: 'client' });
    const refused = await as(ctx, client, { method: 'POST', url: `/api/refuser-devis-client/${refusedId}`, payload: { reason: 'Trop cher pour nous.' } });
    expect(refused.statusCode, refused.body).toBe(200);
    const [r] = await ctx.db.select().from(quotes).where(eq(quotes.id, refusedId));
    const [m] = await notificationsOf(r.issuerId);
    expect(m).toMatchObject({ kind: 'quote_refused', link: `/devis/${refusedId}`, params: { reason: 'Trop cher pour nous.' } });
  });

  it('a sent quote about to end: its client is reminded once by the sweep', async () => {
    const client = await loginAs(ctx, { user_type: 'client' });
    const id = await ownedQuote(ctx.db, { id: client.id, user_type: 'client' });
    const soon = addDays(todayInParis(systemClock), 2);
    await ctx.db.update(quotes).set({ validUntil: soon }).where(eq(quotes.id, id));
    await speaks(client, 'en');
    expect(await remindExpiringQuotes(ctx.app.deps)).toBeGreaterThanOrEqual(1);
    expect(await remindExpiringQuotes(ctx.app.deps)).toBe(0);
    const mine = await notificationsOf(client.id);
    expect(mine.filter((n) => n.kind === 'quote_expiring')).toHaveLength(1);
    expect(mine[0]).toMatchObject({ link: `/devis/${id}`, params: { date: soon } });
    const [mail] = await mailsTo(client.email);
    expect(mail.subject).toMatch(/expires soon/);
  });
});

describe('mails in the recipient’s language', () => {
  it('formats amounts and dates per language, French by default', async () => {
    const params = { number: 'F-2026-0042', amount: 123456, date: '2026-12-22' };
    const people: TestUser[] = [];
    for (const language of ['fr', 'en', 'ar'] as const) {
      const user = await loginAs(ctx, { user_type: 'client' });
      await speaks(user, language);
      await ctx.db.transaction((tx) => notify(tx, ctx.app.deps, { userId: user.id, kind: 'invoice_issued', params, link: '/facture/42' }));
      people.push(user);
    }
    const [[fr], [en], [ar]] = await Promise.all(people.map((u) => mailsTo(u.email)));
    expect(fr.subject).toBe('Nouvelle facture F-2026-0042');
    expect(fr.textBody).toContain('1 234,56 €');
    expect(fr.textBody).toContain('22/12/2026');
    expect(fr.htmlBody).toContain('<html lang="fr" dir="ltr">');
    expect(en.textBody).toContain('€1,234.56');
    expect(en.textBody).toContain('22/12/2026');
    expect(en.textBody).toContain('/facture/42');
    // Arabic: the amount and date stay left to right inside the sentence (isolates), Western digits.
    expect(ar.textBody).toMatch(/\u2066[^\u2069]*1,234\.56[^\u2069]*\u2069/);
    expect(ar.textBody).toContain('\u206622/12/2026\u2069');
    expect(ar.htmlBody).toContain('dir="rtl"');
  });
});

describe('e-mail choices', () => {
  it('opting out stops the mail, not the notification; a legal kind always mails', async () => {
    const admin = await loginAs(ctx, { user_type: 'admin' });
    const user = await pro();
    const saved = await as(ctx, user, { method: 'PATCH', url: '/api/notifications/preferences', payload: { email: { tender_received: false } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.choices).toContainEqual({ kind: 'tender_received', group: 'tenders', email: false, legal: false });
    await sendTender(admin, [user.id]);
    expect((await notificationsOf(user.id)).map((n) => n.kind)).toEqual(['tender_received']);
    expect(await mailsTo(user.email)).toHaveLength(0);

    // Even a stored « no » for a legal kind does not stop its mail.
    await ctx.db.insert(notificationPreferences).values({ userId: user.id, kind: 'document_to_sign', email: false, updatedAt: new Date() });
    await ctx.db.transaction((tx) =>
      notify(tx, ctx.app.deps, { userId: user.id, kind: 'document_to_sign', params: { title: 'Contrat', name: 'Ouvrage' }, link: '/document' }),
    );
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('a legal kind cannot be turned off, and the language is saved', async () => {
    const client = await loginAs(ctx, { user_type: 'client' });
    const res = await as(ctx, client, {
      method: 'PATCH',
      url: '/api/notifications/preferences',
      payload: { language: 'ar', email: { invoice_issued: false, quote_sent: false } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.language).toBe('ar');
    expect(data.choices).toContainEqual({ kind: 'invoice_issued', group: 'invoices', email: true, legal: true });
    expect(data.choices).toContainEqual({ kind: 'quote_sent', group: 'quotes', email: false, legal: false });
    // A client is not offered the professionals' kinds.
    expect(data.choices.map((c: { kind: string }) => c.kind)).not.toContain('tender_received');
    // Credit notes and payments are among the client's choices (decision 1202).
    expect(data.choices).toContainEqual({ kind: 'credit_note_issued', group: 'invoices', email: true, legal: true });
    for (const kind of ['payment_received', 'payment_failed', 'invoice_refunded'])
      expect(data.choices).toContainEqual({ kind, group: 'payments', email: true, legal: false });
    const [row] = await ctx.db.select({ language: users.language }).from(users).where(eq(users.id, client.id));
    expect(row.language).toBe('ar');
    const bad = await as(ctx, client, { method: 'PATCH', url: '/api/notifications/preferences', payload: { language: 'de' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the notification centre', () => {
  async function notified(user: { id: number }, count: number) {
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      ids.push(
        (await ctx.db.transaction((tx) =>
          notify(tx, ctx.app.deps, {
            userId: user.id,
            kind: 'quote_sent',
            params: { number: `D-${i}`, name: 'Atelier' },
            link: `/devis/${i + 1}`,
            mail: false,
          }),
        ))!,
      );
    }
    return ids;
  }

  it('lists mine newest first with the unread count; marks one, then all, read', async () => {
    const client = await loginAs(ctx, { user_type: 'client' });
    const [first, , third] = await notified(client, 3);
    const list = await as(ctx, client, { method: 'GET', url: '/api/notifications?per_page=2' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({ total: 3, unread: 3, page: 1, per_page: 2 });
    expect(list.json().data.items.map((n: { id: number }) => n.id)).toEqual([third, first + 1]);

    const one = await as(ctx, client, { method: 'POST', url: `/api/notifications/${first}/lu` });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toEqual({ unread: 2 });
    const unreadOnly = await as(ctx, client, { method: 'GET', url: '/api/notifications?unread_only=true' });
    expect(unreadOnly.json().data.items.map((n: { id: number }) => n.id)).not.toContain(first);
    const all = await as(ctx, client, { method: 'POST', url: '/api/notifications/tout-lu' });
    expect(all.json().data).toEqual({ unread: 0 });
  });

  it('refuses someone else’s notification (403, even to an admin) and an unknown one (404)', async () => {
    const owner = await loginAs(ctx, { user_type: 'client' });
    const other = await loginAs(ctx, { user_type: 'client' });
    const admin = await loginAs(ctx, { user_type: 'admin' });
    const [id] = await notified(owner, 1);
    expect((await as(ctx, other, { method: 'POST', url: `/api/notifications/${id}/lu` })).statusCode).toBe(403);
    expect((await as(ctx, admin, { method: 'POST', url: `/api/notifications/${id}/lu` })).statusCode).toBe(403);
    expect((await as(ctx, other, { method: 'POST', url: '/api/notifications/999999/lu' })).statusCode).toBe(404);
    expect((await as(ctx, null, { method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    const [row] = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, id)));
    expect(row.readAt).toBeNull();
    const theirs = await as(ctx, other, { method: 'GET', url: '/api/notifications' });
    expect(theirs.json().data.total).toBe(0);
  });

  it('the centre page: pages through mine only, filtered by read state and by group (decision 1202)', async () => {
    const client = await loginAs(ctx, { user_type: 'client' });
    const other = await loginAs(ctx, { user_type: 'client' });
    const [firstQuote, secondQuote] = await notified(client, 2);
    const invoice = await ctx.db.transaction((tx) =>
      notify(tx, ctx.app.deps, {
        userId: client.id,
        kind: 'credit_note_issued',
        params: { number: 'AV-1', invoice: 'F-1', amount: 1000 },
        link: '/facture/1',
        mail: false,
      }),
    );
    const [othersQuote] = await notified(other, 1);
    await as(ctx, client, { method: 'POST', url: `/api/notifications/${firstQuote}/lu` });
    const ids = async (query: string) => {
      const res = await as(ctx, client, { method: 'GET', url: `/api/notifications?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return { ids: res.json().data.items.map((n: { id: number }) => n.id), total: res.json().data.total, unread: res.json().data.unread };
    };
    expect(await ids('')).toEqual({ ids: [invoice, secondQuote, firstQuote], total: 3, unread: 2 });
    expect(await ids('read=unread')).toEqual({ ids: [invoice, secondQuote], total: 2, unread: 2 });
    expect(await ids('read=read')).toEqual({ ids: [firstQuote], total: 1, unread: 2 });
    expect(await ids('group=quotes')).toEqual({ ids: [secondQuote, firstQuote], total: 2, unread: 2 });
    expect(await ids('group=invoices&read=unread')).toEqual({ ids: [invoice], total: 1, unread: 2 });
    expect(await ids('group=payments')).toEqual({ ids: [], total: 0, unread: 2 });
    expect(await ids('per_page=1&page=2')).toEqual({ ids: [secondQuote], total: 3, unread: 2 });
    // Another user's notification is never in the list, whatever the filter.
    for (const query of ['', 'read=unread', 'group=quotes', 'per_page=100']) expect((await ids(query)).ids).not.toContain(othersQuote);
    const theirs = await as(ctx, other, { method: 'GET', url: '/api/notifications?group=invoices' });
    expect(theirs.json().data).toMatchObject({ total: 0, items: [] });

    const badGroup = await as(ctx, client, { method: 'GET', url: '/api/notifications?group=bills' });
    expect(badGroup.statusCode).toBe(400);
    expect(badGroup.body).toContain('Choisissez un groupe');
    expect((await as(ctx, client, { method: 'GET', url: '/api/notifications?read=maybe' })).statusCode).toBe(400);
  });

  it('pushes the unread count on the live stream once the notification is committed', async () => {
    const admin = await loginAs(ctx, { user_type: 'admin' });
    const user = await pro();
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/notifications/stream`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${user.token}` },
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const nextEvent = async (name: string) => {
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        const match = buffer.match(new RegExp(`event: ${name}\\ndata: (.*)\\n\\n`));
        if (match) {
          buffer = buffer.slice((match.index ?? 0) + match[0].length);
          return JSON.parse(match[1]);
        }
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
      }
      throw new Error(`pas d'événement ${name} : ${buffer}`);
    };
    try {
      await nextEvent('ready');
      await sendTender(admin, [user.id]);
      await ctx.app.deps.jobs.kick();
      expect(await nextEvent('notification')).toEqual({ type: 'notification', unread: 1 });
      const [n] = await notificationsOf(user.id);
      await as(ctx, user, { method: 'POST', url: `/api/notifications/${n.id}/lu` });
      expect(await nextEvent('notification')).toEqual({ type: 'notification', unread: 0 });
    } finally {
      controller.abort();
    }
  });
});
