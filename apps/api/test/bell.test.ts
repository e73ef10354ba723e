import { describe, expect, it } from 'vitest';
import { offers } from '@ouvrage/db';
import { as, loginAs, useTestApp } from './helpers';
import { liveNotifierOf } from '../src/modules/notifications';
import { LiveNotifier } from '../src/modules/notifications/live-notifier';
import { ADMIN_BELL_REMEMBERED_MS, adminBellMemory } from '../src/modules/tenders/admin-bell';

const ctx = useTestApp();

interface Summary {
  id: number;
  status: string;
  professional_id: number;
}

const hour = 3_600_000;

describe('tender lists for the bell', () => {
  it('lists a professional’s own tenders and all tenders for an admin, a page at a time', async () => {
    const pro = await loginAs(ctx, { user_type: 'professionnel' });
    const other = await loginAs(ctx, { user_type: 'architecte' });
    const admin = await loginAs(ctx, { user_type: 'admin' });
    await ctx.db.insert(offers).values([
      { professionalId: pro.id, status: 'Disponible', validation: '1' },
      { professionalId: pro.id, status: 'Refusée', validation: '1' },
      { professionalId: other.id, status: 'Disponible', validation: '1' },
    ]);
    const mine = await as(ctx, pro, { method: 'GET', url: `/api/professionnel/liste-offres/${pro.id}` });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ total: 2, total_capped: false, page: 1, per_page: 20 });
    expect(mine.json().data.items).toHaveLength(2);
    expect(mine.json().data.items.every((t: Summary) => t.professional_id === pro.id)).toBe(true);
    const theirs = await as(ctx, pro, { method: 'GET', url: `/api/professionnel/liste-offres/${other.id}` });
    expect(theirs.statusCode).toBe(403);
    const all = await as(ctx, admin, { method: 'GET', url: '/api/admin/liste-offres' });
    expect(all.json().data.total).toBeGreaterThanOrEqual(3);
    const tooFar = await as(ctx, admin, { method: 'GET', url: '/api/admin/liste-offres?page=501' });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().error.fields.page).toMatch(/Au plus 500 pages/);
  });

  it('pages through available tenders first, newest first in each part, with none lost or repeated', async () => {
    const pro = await loginAs(ctx, { user_type: 'professionnel' });
    const statuses = [
      'Disponible',
      'Refusée',
      'Disponible',
      'Acceptée',
      'Disponible',
      'Refusée',
      'Disponible',
      'Disponible',
      'Refusée',
      'Acceptée',
      'Disponible',
    ] as const;
    const inserted = await ctx.db
      .insert(offers)
      .values(statuses.map((status, i) => ({ professionalId: pro.id, status, validation: '1' as const, replyDeadline: new Date(Date.now() + (i + 2) * hour) })))
      .returning({ id: offers.id, status: offers.status, replyDeadline: offers.replyDeadline });
    // A withdrawn tender is not the professional's any more; a lapsed one is no longer available.
    await ctx.db.insert(offers).values({ professionalId: pro.id, status: 'Retirée', validation: '1' });
    const [lapsed] = await ctx.db
      .insert(offers)
      .values({ professionalId: pro.id, status: 'Disponible', validation: '1', replyDeadline: new Date(Date.now() - hour) })
      .returning({ id: offers.id });

    const byId = (a: { id: number }, b: { id: number }) => b.id - a.id;
    const available = inserted.filter((t) => t.status === 'Disponible').sort(byId);
    const expected = [...available.map((t) => t.id), ...[...inserted.filter((t) => t.status !== 'Disponible'), lapsed].sort(byId).map((t) => t.id)];

    for (const perPage of [1, 3, 4, 6, 13, 20]) {
      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / perPage) + 1; page++) {
        const res = await as(ctx, pro, { method: 'GET', url: `/api/professionnel/liste-offres/${pro.id}?page=${page}&per_page=${perPage}` });
        expect(res.statusCode).toBe(200);
        expect(res.json().data.total).toBe(expected.length);
        seen.push(...res.json().data.items.map((t: Summary) => t.id));
      }
      expect(seen, `per_page=${perPage}`).toEqual(expected);
    }
    const first = await as(ctx, pro, { method: 'GET', url: `/api/professionnel/liste-offres/${pro.id}?per_page=100` });
    expect(first.json().data.items.find((t: Summary) => t.id === lapsed.id).status).toBe('Expirée');

    // The badge: the count of available ones and when the first of them lapses.
    const snapshot = await as(ctx, pro, { method: 'GET', url: '/api/notifications/stream' });
    const soonest = available.map((t) => t.replyDeadline.getTime()).sort((a, b) => a - b)[0];
    expect(snapshot.json().data).toEqual({ available_tenders: available.length, next_deadline: new Date(soonest).toISOString() });
  });

  it('gives a client an empty badge and a professional with no tender no deadline', async () => {
    const client = await loginAs(ctx, { user_type: 'client' });
    expect((await as(ctx, client, { method: 'GET', url: '/api/notifications/stream' })).json().data).toEqual({ available_tenders: 0, next_deadline: null });
    const pro = await loginAs(ctx, { user_type: 'dessinateur' });
    expect((await as(ctx, pro, { method: 'GET', url: '/api/notifications/stream' })).json().data).toEqual({ available_tenders: 0, next_deadline: null });
  });
});

describe('the admin’s badge, remembered until a tender changes (decision 0967)', () => {
  it('answers from memory until a tender event reaches the instance', async () => {
    const admin = await loginAs(ctx, { user_type: 'admin' });
    const pro = await loginAs(ctx, { user_type: 'professionnel' });
    const badge = async () => (await as(ctx, admin, { method: 'GET', url: '/api/notifications/stream' })).json().data.available_tenders as number;
    const before = await badge();
    // Written behind the API's back: no event, so the remembered answer stands…
    const [tender] = await ctx.db.insert(offers).values({ professionalId: pro.id, status: 'Disponible', validation: '1' }).returning({ id: offers.id });
    expect(await badge()).toBe(before);
    // …until a tender event, as every change through the API publishes.
    liveNotifierOf(ctx.app.deps).publish({ userIds: [pro.id], admins: true }, { type: 'tenders', reason: 'created', tender_ids: [tender.id] });
    expect(await badge()).toBe(before + 1);
  });

  it('forgets after ADMIN_BELL_REMEMBERED_MS or at the first deadline', async () => {
    const notifier = await LiveNotifier.create({ onError: () => undefined });
    let now = Date.parse('2026-11-26T10:00:00Z');
    const memory = adminBellMemory(notifier, { now: () => new Date(now) });
    let loads = 0;
    const load = async () => ({ count: ++loads, nextDeadline: new Date(now + 60 * 60_000) });
    expect((await memory.read(load)).count).toBe(1);
    now += ADMIN_BELL_REMEMBERED_MS - 1;
    expect((await memory.read(load)).count).toBe(1);
    now += 1;
    expect((await memory.read(load)).count).toBe(2);
    // A deadline sooner than the memory's limit ends it.
    const soon = async () => ({ count: ++loads, nextDeadline: new Date(now + 1000) });
    memory.forget();
    expect((await memory.read(soon)).count).toBe(3);
    now += 1000;
    expect((await memory.read(soon)).count).toBe(4);
    memory.close();
  });
});

describe('a page asked for badly', () => {
  it('answers 400 in French, per field', async () => {
    const admin = await loginAs(ctx, { user_type: 'admin' });
    for (const [query, field, message] of [
      ['page=abc', 'page', 'La page doit être un nombre entier.'],
      ['page=1.5', 'page', 'La page doit être un nombre entier.'],
      ['page=0', 'page', 'La page doit être au moins 1.'],
      ['per_page=x', 'per_page', 'Le nombre d’éléments par page doit être un nombre entier.'],
      ['per_page=0', 'per_page', 'Au moins 1 élément par page.'],
      ['per_page=101', 'per_page', 'Au plus 100 éléments par page.'],
    ]) {
      const res = await as(ctx, admin, { method: 'GET', url: `/api/admin/liste-offres?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fields[field], query).toBe(message);
    }
  });
});
