import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentCounters, mails, quoteEvents, quotes } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { expireQuotes } from '../../src/modules/quotes';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { acceptedProject, completeProfile } from './factories';
import { expectedTotals, quoteContent, threeLots } from './quote-body';
import { completeQuoteSignature } from '../signature/sign-helpers';

const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;
let projectId: number;
let bobProjectId: number;

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  bob = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client' });
  dave = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, alice.id);
  await completeProfile(ctx.db, bob.id);
  projectId = (await acceptedProject(ctx.db, alice.id, carol.id)).id;
  bobProjectId = (await acceptedProject(ctx.db, bob.id, dave.id)).id;
});

type Detail = Record<string, any>;

async function createDraft(user: TestUser = alice, body: Record<string, unknown> = {}, project = projectId): Promise<Detail> {
  const res = await as(ctx, user, { method: 'POST', url: '/api/devis', payload: { project_id: project, ...quoteContent(body) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function send(id: number, user: TestUser = alice) {
  return as(ctx, user, { method: 'POST', url: `/api/send-devis-email/${id}` });
}

async function sent(user: TestUser = alice, body: Record<string, unknown> = {}, project = projectId): Promise<Detail> {
  const draft = await createDraft(user, body, project);
  const res = await send(draft.id, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const get = (user: TestUser, id: number) => as(ctx, user, { method: 'GET', url: `/api/get-details-devis/${id}` });
const mailCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(mails))[0].n;

describe('editor', () => {
  it('lists the projects the architect may quote, with client and site address', async () => {
    const res = await as(ctx, alice, { method: 'GET', url: '/api/devis/projets' });
    expect(res.statusCode, res.body).toBe(200);
    const projects = res.json().data;
    expect(projects.map((p: { project_id: number }) => p.project_id)).toEqual([projectId]);
    expect(projects[0].client).toMatchObject({ id: carol.id, email: carol.email });
    expect(projects[0].site_address.postcode).toBe('69007');
  });

  it('creates a draft with the addresses of the project and recomputed totals per line and lot', async () => {
    const d = await createDraft();
    expect(d).toMatchObject({ status: 'Brouillon', number: null, label: 'Brouillon', version: 1, revision: 0 });
    expect(d.root_id).toBe(d.id);
    expect(d.site_address).toMatchObject({ postcode: '69007' });
    expect(d.client_address).toBeUndefined();
    expect(d.client.address).toMatchObject({ postcode: '69007' });
    expect(d.totals).toMatchObject(expectedTotals(threeLots));
    expect(d.totals.by_rate.map((r: { rate_bp: number }) => r.rate_bp)).toEqual([2000, 1000]);
    expect(d.lots[1].lines[1].net_ht_cents).toBe(34_182); // 2 × 189,90 − 10 %
    expect(d.lots[2].subtotal_ht_cents).toBe(68_625); // the option is not counted
    expect(d.reduced_tva_certification).toContain('immeuble achevé depuis plus de deux ans');
    expect(d.can).toMatchObject({ edit: true, send: true, delete: true, accept: false, new_version: false });
    expect(d.missing_mentions).toEqual([]);
  });

  it('refuses totals that differ from the recomputed ones (409) and stores nothing', async () => {
    const before = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(quotes))[0].n;
    const res = await as(ctx, alice, {
      method: 'POST',
      url: '/api/devis',
      payload: { project_id: projectId, ...quoteContent({ expected_totals: { total_ht_cents: 1, total_tva_cents: 0, total_ttc_cents: 1 } }) },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('QUOTE_TOTALS_MISMATCH');
    expect(res.json().error.message).toMatch(/recalculés.*actualisez/);
    expect((await ctx.db.select({ n: sql<number>`count(*)::int` }).from(quotes))[0].n).toBe(before);
  });

  it('refuses a project whose tender the architect did not accept', async () => {
    const res = await as(ctx, bob, { method: 'POST', url: '/api/devis', payload: { project_id: projectId, ...quoteContent() } });
    expect(res.statusCode).toBe(403);
  });

  it('updates a draft with its revision, refuses a stale revision (409)', async () => {
    const d = await createDraft();
    const lots = [threeLots[0]];
    const ok = await as(ctx, alice, {
      method: 'PATCH',
      url: `/api/update-devis/${d.id}`,
      payload: { ...quoteContent({ title: 'Dépose seule' }, lots), revision: 0 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ title: 'Dépose seule', revision: 1, totals: { total_ht_cents: 85_000, total_ttc_cents: 93_500 } });
    const stale = await as(ctx, alice, { method: 'PATCH', url: `/api/update-devis/${d.id}`, payload: { ...quoteContent({}, lots), revision: 0 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('QUOTE_REVISION_CONFLICT');
    const mismatch = await as(ctx, alice, {
      method: 'PATCH',
      url: `/api/update-devis/${d.id}`,
      payload: { ...quoteContent({ expected_totals: expectedTotals(threeLots) }, lots), revision: 1 },
    });
    expect(mismatch.json().error.code).toBe('QUOTE_TOTALS_MISMATCH');
  });

  it('deletes a draft; a sent quote cannot be deleted or edited (409)', async () => {
    const d = await createDraft();
    const del = await as(ctx, alice, { method: 'DELETE', url: `/api/delete-devis/${d.id}` });
    expect(del.statusCode, del.body).toBe(200);
    expect((await get(alice, d.id)).statusCode).toBe(403);
    const s = await sent();
    expect((await as(ctx, alice, { method: 'DELETE', url: `/api/delete-devis/${s.id}` })).json().error.code).toBe('QUOTE_DELETE_NOT_ALLOWED');
    const edit = await as(ctx, alice, { method: 'PATCH', url: `/api/update-devis/${s.id}`, payload: { ...quoteContent(), revision: s.revision } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.code).toBe('QUOTE_EDIT_NOT_ALLOWED');
    expect((await send(s.id)).json().error.code).toBe('QUOTE_SEND_NOT_ALLOWED');
  });
});

describe('who sees what', () => {
  it('an architect never sees another’s quotes, a client only theirs and never drafts', async () => {
    const draft = await createDraft();
    const s = await sent();
    expect((await get(bob, s.id)).statusCode).toBe(403);
    expect((await get(dave, s.id)).statusCode).toBe(403);
    expect((await get(carol, draft.id)).statusCode).toBe(404);
    const seen = await get(carol, s.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.can).toMatchObject({ accept: true, refuse: true, edit: false, cancel: false });
    expect(seen.json().data.missing_mentions).toEqual([]);
    expect((await get(admin, s.id)).statusCode).toBe(200);

    const carolList = (await as(ctx, carol, { method: 'GET', url: `/api/liste-devis/${carol.id}?per_page=100` })).json().data;
    expect(carolList.items.every((i: { status: string; client_id: number }) => i.status !== 'Brouillon' && i.client_id === carol.id)).toBe(true);
    expect(carolList.items.map((i: { id: number }) => i.id)).toContain(s.id);
    const aliceList = (await as(ctx, alice, { method: 'GET', url: `/api/liste-devis/${alice.id}?per_page=100` })).json().data;
    expect(aliceList.items.map((i: { id: number }) => i.id)).toEqual(expect.arrayContaining([draft.id, s.id]));
    const bobList = (await as(ctx, bob, { method: 'GET', url: `/api/liste-devis/${bob.id}` })).json().data;
    expect(bobList.items.map((i: { id: number }) => i.id)).not.toContain(s.id);
    expect((await as(ctx, bob, { method: 'GET', url: `/api/liste-devis/${alice.id}` })).statusCode).toBe(403);
    expect((await as(ctx, alice, { method: 'GET', url: '/api/liste-devis' })).statusCode).toBe(403);
    expect((await as(ctx, carol, { method: 'POST', url: `/api/cancel-devis-pro/${s.id}`, payload: { reason: 'Je change d’avis' } })).statusCode).toBe(403);
    expect((await as(ctx, alice, { method: 'POST', url: `/api/validate-devis-client/${s.id}`, payload: {} })).statusCode).toBe(403);
  });
});

describe('sending', () => {
  it('refuses while mandatory mentions are missing, with their list', async () => {
    const eve = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
    const p = await acceptedProject(ctx.db, eve.id, carol.id);
    const res = await as(ctx, eve, { method: 'POST', url: '/api/devis', payload: { project_id: p.id, ...quoteContent({}, []) } });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data;
    expect(d.missing_mentions.map((m: { code: string }) => m.code)).toEqual([
      'name',
      'legalForm',
      'address',
      'siret',
      'rcsRm',
      'tvaNumber',
      'decennale',
      'rcPro',
      'lines',
    ]);
    const before = await mailCount();
    const refused = await send(d.id, eve);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('QUOTE_MENTIONS_MISSING');
    expect(refused.json().error.params.missing).toBe('name,legalForm,address,siret,rcsRm,tvaNumber,decennale,rcPro,lines');
    expect(refused.json().error.message).toContain('le numéro SIRET');
    expect(await mailCount()).toBe(before);
    const [counter] = await ctx.db.select().from(documentCounters).where(eq(documentCounters.issuerId, eve.id));
    expect(counter).toBeUndefined();
  });

  it('numbers at the first sending (no gap: drafts burn none), freezes the issuer, queues the mail with the PDF', async () => {
    const frank = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
    await completeProfile(ctx.db, frank.id);
    const p = await acceptedProject(ctx.db, frank.id, carol.id);
    const dropped = await createDraft(frank, {}, p.id);
    await as(ctx, frank, { method: 'DELETE', url: `/api/delete-devis/${dropped.id}` });
    const before = await mailCount();
    const first = await sent(frank, {}, p.id);
    expect(first).toMatchObject({ status: 'Envoyé', number: 'D-2026-0001', label: 'D-2026-0001', valid_until: '2026-12-23' });
    const second = await sent(frank, {}, p.id);
    expect(second.number).toBe('D-2026-0002');
    const queued = await ctx.db.select().from(mails).orderBy(mails.id);
    expect(queued.length).toBe(before + 2);
    const mail = queued.find((m) => m.textBody.includes(`/devis/${first.id}\n`))!;
    expect(mail.toAddress).toBe(carol.email);
    expect(mail.subject).toContain('D-2026-0001');
    expect(mail.attachments).toEqual([{ kind: 'quote-pdf', ref: String(first.id) }]);

    // A later profile change never rewrites a sent quote; a draft reads it live.
    await ctx.db.execute(sql`update companies set raison_sociale = 'Nouveau nom SAS' where user_id = ${frank.id}`);
    expect((await get(frank, first.id)).json().data.issuer.name).toBe(`Atelier ${frank.id} Architecture`);
    expect((await createDraft(frank, {}, p.id)).issuer.name).toBe('Nouveau nom SAS');

    // A new version keeps the number, takes none, and replaces the open version.
    const v2 = await as(ctx, frank, { method: 'POST', url: `/api/devis/${first.id}/nouvelle-version` });
    expect(v2.statusCode, v2.body).toBe(201);
    expect(v2.json().data).toMatchObject({ version: 2, status: 'Brouillon', root_id: first.id, label: 'Brouillon v2' });
    expect(v2.json().data.lots[2].lines[1]).toMatchObject({ optional: true, chosen: false });
    // The client's list still shows v1 (the draft is invisible to them).
    const carolList = (await as(ctx, carol, { method: 'GET', url: `/api/liste-devis/${carol.id}?search=D-2026-0001` })).json().data;
    expect(carolList.items.map((i: { id: number }) => i.id)).toContain(first.id);
    // Totals count latest versions (distinct quotes, decision 0967), as the items do.
    const latestCounts = async (user: TestUser, query = '') => {
      const page = (await as(ctx, user, { method: 'GET', url: `/api/liste-devis/${user.id}?per_page=100${query}` })).json().data;
      return [page.total, page.items.length];
    };
    for (const [user, query] of [
      [frank, ''],
      [carol, ''],
      [frank, `&project_id=${p.id}`],
      [carol, `&project_id=${p.id}`],
    ] as const) {
      const [total, items] = await latestCounts(user, query);
      expect(total, `${user.email}${query}`).toBe(items);
    }
    expect((await latestCounts(frank, '&all_versions=true'))[0]).toBe((await latestCounts(frank))[0] + 1);
    const twice = await as(ctx, frank, { method: 'POST', url: `/api/devis/${first.id}/nouvelle-version` });
    expect(twice.json().error.code).toBe('QUOTE_NEW_VERSION_NOT_ALLOWED');
    const sentV2 = await send(v2.json().data.id, frank);
    expect(sentV2.json().data).toMatchObject({ number: 'D-2026-0001', label: 'D-2026-0001 v2', status: 'Envoyé' });
    expect(sentV2.json().data.versions.map((v: { status: string }) => v.status)).toEqual(['Remplacé', 'Envoyé']);
    const [counter] = await ctx.db.select().from(documentCounters).where(eq(documentCounters.issuerId, frank.id));
    expect(counter.lastNumber).toBe(2);
    // The lists read stored "newer version" flags (migration 0033, decision 0972): a trigger keeps
    // them whatever changes a version — here v2 sent, then a v3 draft added and removed in SQL.
    const flags = async () =>
      (
        (await ctx.db.execute(sql`select version, superseded, superseded_sent from quotes where root_id = ${first.id} order by version`)) as unknown as {
          rows: unknown[];
        }
      ).rows;
    expect(await flags()).toEqual([
      { version: 1, superseded: true, superseded_sent: true },
      { version: 2, superseded: false, superseded_sent: false },
    ]);
    const v3 = await as(ctx, frank, { method: 'POST', url: `/api/devis/${sentV2.json().data.id}/nouvelle-version` });
    expect(v3.statusCode, v3.body).toBe(201);
    expect(await flags()).toEqual([
      { version: 1, superseded: true, superseded_sent: true },
      { version: 2, superseded: true, superseded_sent: false },
      { version: 3, superseded: false, superseded_sent: false },
    ]);
    const carolSees = (await as(ctx, carol, { method: 'GET', url: `/api/liste-devis/${carol.id}?search=D-2026-0001` })).json().data;
    // The client still reads v2 (the v3 draft is invisible to them), never v1.
    expect(carolSees.items.map((i: { id: number }) => i.id)).toContain(sentV2.json().data.id);
    expect(carolSees.items.map((i: { id: number }) => i.id)).not.toContain(first.id);
    await ctx.db.execute(sql`delete from quotes where id = ${v3.json().data.id}`);
    expect(await flags()).toEqual([
      { version: 1, superseded: true, superseded_sent: true },
      { version: 2, superseded: false, superseded_sent: false },
    ]);
    // By default the lists show the latest version only.
    const list = (await as(ctx, frank, { method: 'GET', url: `/api/liste-devis/${frank.id}?search=d-2026-0001` })).json().data;
    expect(list.items.map((i: { id: number }) => i.id)).toEqual([sentV2.json().data.id]);
    const all = (await as(ctx, frank, { method: 'GET', url: `/api/liste-devis/${frank.id}?search=d-2026-0001&all_versions=true` })).json().data;
    expect(all.total).toBe(2);
  });

  it('gives distinct numbers without gaps to ten quotes sent at once', async () => {
    const ivan = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
    await completeProfile(ctx.db, ivan.id);
    const p = await acceptedProject(ctx.db, ivan.id, carol.id);
    const drafts = [];
    for (let i = 0; i < 10; i += 1) drafts.push(await createDraft(ivan, {}, p.id));
    const answers = await Promise.all(drafts.map((d) => send(d.id, ivan)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const numbers = answers.map((r) => r.json().data.number as string).sort();
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => `D-2026-${String(i + 1).padStart(4, '0')}`));
  });

  it('commits the mail with the sending or not at all (a failure after queueing rolls both back)', async () => {
    const d = await createDraft();
    const before = await mailCount();
    const [counterBefore] = await ctx.db.select().from(documentCounters).where(eq(documentCounters.issuerId, alice.id));
    // The history row is written last in the sending transaction: make it fail.
    await ctx.db.execute(
      sql`create or replace function fail_sent() returns trigger language plpgsql as $$ begin if new.action = 'sent' then raise exception 'boom'; end if; return new; end $$`,
    );
    await ctx.db.execute(sql`create trigger fail_sent before insert on quote_events for each row execute function fail_sent()`);
    try {
      const res = await send(d.id);
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql`drop trigger fail_sent on quote_events`);
    }
    expect(await mailCount()).toBe(before);
    expect((await get(alice, d.id)).json().data).toMatchObject({ status: 'Brouillon', number: null });
    const [counterAfter] = await ctx.db.select().from(documentCounters).where(eq(documentCounters.issuerId, alice.id));
    expect(counterAfter?.lastNumber).toBe(counterBefore?.lastNumber);
    expect((await send(d.id)).statusCode).toBe(200);
    expect(await mailCount()).toBe(before + 1);
  });
});

describe('the client’s answer, cancellation, validation', () => {
  it('accepting with an option changes the totals and the deposit; unknown options are refused', async () => {
    const s = await sent();
    const option = s.lots[2].lines[1];
    expect(option.optional).toBe(true);
    const wrong = await as(ctx, carol, { method: 'POST', url: `/api/validate-devis-client/${s.id}`, payload: { chosen_option_ids: [s.lots[0].lines[0].id] } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('QUOTE_OPTION_UNKNOWN');
    const before = await mailCount();
    const res = await as(ctx, carol, { method: 'POST', url: `/api/validate-devis-client/${s.id}`, payload: { chosen_option_ids: [option.id] } });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json().data;
    expect(a.status).toBe('Accepté');
    // 3,2 ml × 210,00 = 672,00 HT at 10 %.
    expect(a.accepted_totals.total_ht_cents).toBe(s.totals.total_ht_cents + 67_200);
    expect(a.accepted_totals.total_ttc_cents).toBe(s.totals.total_ttc_cents + 73_920);
    expect(a.deposit_cents).toBe(Math.round(a.accepted_totals.total_ttc_cents * 0.3));
    expect(a.deposit_cents).not.toBe(s.deposit_cents);
    expect(a.lots[2].lines[1].chosen).toBe(true);
    expect(await mailCount()).toBe(before + 1);
    const [mail] = await ctx.db
      .select()
      .from(mails)
      .orderBy(sql`id desc`)
      .limit(1);
    expect(mail.toAddress).toBe(alice.email);
    expect((await as(ctx, carol, { method: 'POST', url: `/api/validate-devis-client/${s.id}`, payload: {} })).json().error.code).toBe(
      'QUOTE_ACCEPT_NOT_ALLOWED',
    );

    // Only a signed quote becomes a contract: an accepted one is refused, then the client signs.
    const early = await as(ctx, alice, { method: 'POST', url: `/api/validate-devis-pro/${s.id}` });
    expect(early.json().error).toMatchObject({ code: 'QUOTE_VALIDATE_NOT_ALLOWED', params: { status: 'Accepté' } });
    await completeQuoteSignature(ctx.app.deps, s.id);
    const toValidate = (await as(ctx, alice, { method: 'GET', url: '/api/devis/validation-architecte' })).json().data;
    expect(toValidate.items.map((i: { id: number }) => i.id)).toContain(s.id);
    const v = await as(ctx, alice, { method: 'POST', url: `/api/validate-devis-pro/${s.id}` });
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json().data.status).toBe('Validé');
    expect((await as(ctx, alice, { method: 'POST', url: `/api/validate-devis-pro/${s.id}` })).json().error.code).toBe('QUOTE_VALIDATE_NOT_ALLOWED');
    expect((await as(ctx, alice, { method: 'POST', url: `/api/cancel-devis-pro/${s.id}`, payload: { reason: 'Erreur de chiffrage' } })).json().error.code).toBe(
      'QUOTE_CANCEL_NOT_ALLOWED',
    );
  });

  it('a new version cannot be sent once the client accepted an older one', async () => {
    const s = await sent();
    const v2 = (await as(ctx, alice, { method: 'POST', url: `/api/devis/${s.id}/nouvelle-version` })).json().data;
    expect((await as(ctx, carol, { method: 'POST', url: `/api/validate-devis-client/${s.id}`, payload: {} })).statusCode).toBe(200);
    const res = await send(v2.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('QUOTE_VERSION_ALREADY_ACCEPTED');
    expect((await get(alice, s.id)).json().data.status).toBe('Accepté');
  });

  it('a refusal needs a reason and mails the architect; a draft cannot be validated', async () => {
    const s = await sent();
    expect((await as(ctx, carol, { method: 'POST', url: `/api/refuser-devis-client/${s.id}`, payload: { reason: '' } })).statusCode).toBe(400);
    const res = await as(ctx, carol, { method: 'POST', url: `/api/refuser-devis-client/${s.id}`, payload: { reason: 'Trop cher pour notre budget.' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'Refusé', refusal_reason: 'Trop cher pour notre budget.' });
    const [mail] = await ctx.db
      .select()
      .from(mails)
      .orderBy(sql`id desc`)
      .limit(1);
    expect(mail.toAddress).toBe(alice.email);
    expect(mail.textBody).toContain('Trop cher pour notre budget.');
    const d = await createDraft();
    expect((await as(ctx, alice, { method: 'POST', url: `/api/validate-devis-pro/${d.id}` })).statusCode).toBe(409);
  });

  it('the issuer cancels with a reason; the client is mailed', async () => {
    const s = await sent();
    const res = await as(ctx, alice, { method: 'POST', url: `/api/cancel-devis-pro/${s.id}`, payload: { reason: 'Le chantier est reporté.' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'Annulé', cancel_reason: 'Le chantier est reporté.' });
    const [mail] = await ctx.db
      .select()
      .from(mails)
      .orderBy(sql`id desc`)
      .limit(1);
    expect(mail.toAddress).toBe(carol.email);
    expect((await as(ctx, carol, { method: 'POST', url: `/api/refuser-devis-client/${s.id}`, payload: { reason: 'Trop tard.' } })).statusCode).toBe(409);
  });

  it('a sent quote past its validity date reads Expiré, cannot be accepted, and the sweep persists it', async () => {
    const s = await sent();
    clock.advance(31 * 86_400_000);
    try {
      const read = await get(carol, s.id);
      expect(read.json().data.status).toBe('Expiré');
      const accept = await as(ctx, carol, { method: 'POST', url: `/api/validate-devis-client/${s.id}`, payload: {} });
      expect(accept.statusCode).toBe(409);
      expect(accept.json().error.code).toBe('QUOTE_EXPIRED');
      const filtered = (await as(ctx, alice, { method: 'GET', url: `/api/liste-devis/${alice.id}?status=Expiré&per_page=100` })).json().data;
      expect(filtered.items.map((i: { id: number }) => i.id)).toContain(s.id);
      expect(await expireQuotes(ctx.app.deps)).toBeGreaterThan(0);
      const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, s.id));
      expect(row.status).toBe('Expiré');
      const events = await ctx.db.select().from(quoteEvents).where(eq(quoteEvents.quoteId, s.id));
      expect(events.map((e) => e.action)).toContain('expired');
      // An expired quote can be reissued as a new version.
      expect((await as(ctx, alice, { method: 'POST', url: `/api/devis/${s.id}/nouvelle-version` })).statusCode).toBe(201);
    } finally {
      clock.advance(-31 * 86_400_000);
    }
  });
});

describe('lists, comparison, products', () => {
  it('admin list filters by status, project, search, paginates', async () => {
    const s = await sent(alice, { title: 'Extension ossature bois' });
    const all = (await as(ctx, admin, { method: 'GET', url: '/api/liste-devis?per_page=2' })).json().data;
    expect(all.items).toHaveLength(2);
    expect(all.total).toBeGreaterThan(2);
    const search = (await as(ctx, admin, { method: 'GET', url: `/api/liste-devis?search=${encodeURIComponent('ossature')}` })).json().data;
    expect(search.items.map((i: { id: number }) => i.id)).toEqual([s.id]);
    expect(search.items[0]).toMatchObject({ client_id: carol.id, issuer_id: alice.id, project_id: projectId, label: s.number });
    const byProject = (await as(ctx, admin, { method: 'GET', url: `/api/liste-devis?project_id=${bobProjectId}` })).json().data;
    expect(byProject.items.every((i: { project_id: number }) => i.project_id === bobProjectId)).toBe(true);
    const accepted = (await as(ctx, admin, { method: 'GET', url: '/api/liste-devis?status=Accepté&per_page=100' })).json().data;
    expect(accepted.items.every((i: { status: string }) => i.status === 'Accepté')).toBe(true);
    const byAmount = (await as(ctx, admin, { method: 'GET', url: '/api/liste-devis?sort=amount&per_page=100' })).json().data.items;
    expect(byAmount.map((i: { total_ttc_cents: number }) => i.total_ttc_cents)).toEqual(
      [...byAmount.map((i: { total_ttc_cents: number }) => i.total_ttc_cents)].sort((a, b) => b - a),
    );
  });

  it('the client compares the latest sent version of each architect’s quote of a project', async () => {
    const p = await acceptedProject(ctx.db, alice.id, dave.id);
    await ctx.db.execute(sql`insert into offers (project_id, professional_id, status, validation) values (${p.id}, ${bob.id}, 'Acceptée', '1')`);
    const a = await sent(alice, {}, p.id);
    const b = await sent(bob, { deposit_bp: 2000 }, p.id);
    await createDraft(bob, {}, p.id); // drafts never show
    const res = await as(ctx, dave, { method: 'GET', url: `/api/devis/comparaison/${p.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const cmp = res.json().data;
    expect(cmp.quotes.map((q: { id: number }) => q.id)).toEqual([a.id, b.id]);
    expect(cmp.quotes[0]).toMatchObject({ can_accept: true, options_ht_cents: 67_200, deposit_bp: 3000, valid_until: a.valid_until });
    expect(cmp.quotes[0].lots.map((l: { title: string }) => l.title)).toEqual(['Démolition', 'Plomberie', 'Revêtements']);
    expect(cmp.quotes[0].issuer).toMatchObject({ id: alice.id, city: 'Lyon', year_founded: 2012, decennale: { insurer: 'MAF Assurances' } });
    expect(cmp.quotes[1].deposit_cents).toBe(Math.round(b.totals.total_ttc_cents * 0.2));
    expect((await as(ctx, carol, { method: 'GET', url: `/api/devis/comparaison/${p.id}` })).statusCode).toBe(403);
  });

  it('a product named by a quote line is archived, not deleted', async () => {
    const product = await as(ctx, alice, {
      method: 'POST',
      url: '/api/produit',
      payload: { name: 'Évier inox', reference: 'EV-1', lot: 'Plomberie', unit: 'u', unit_price_cents: 25_000, tva_rate_bp: 1000, description: '' },
    });
    const productId = product.json().data.id;
    const lots = [
      {
        title: 'Plomberie',
        lines: [
          { designation: 'Évier inox', quantity_milli: 1000, unit: 'u' as const, unit_price_cents: 25_000, tva_rate_bp: 1000 as const, product_id: productId },
        ],
      },
    ];
    const d = await as(ctx, alice, { method: 'POST', url: '/api/devis', payload: { project_id: projectId, ...quoteContent({}, lots) } });
    expect(d.json().data.lots[0].lines[0].product_id).toBe(productId);
    const del = await as(ctx, alice, { method: 'DELETE', url: `/api/produit/delete/${productId}` });
    expect(del.json().data.archived).toBe(true);
  });
});

describe('retention', () => {
  it('a client named by a sent quote is anonymised, not deleted; the quote stays without their personal data', async () => {
    const hugo = await loginAs(ctx, { user_type: 'client' });
    const p = await acceptedProject(ctx.db, alice.id, hugo.id);
    const s = await sent(alice, {}, p.id);
    const res = await as(ctx, admin, { method: 'DELETE', url: `/api/delete-client/${hugo.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, s.id));
    expect(row.status).toBe('Envoyé');
    expect(row.clientSnapshot).toEqual({ name: 'Client anonymisé', email: null, phone: null });
    expect(row.searchText).not.toContain(hugo.lastname.toLowerCase());
    expect((await get(alice, s.id)).json().data.client.email).toBeNull();
  });
});

describe('settings', () => {
  const body = {
    accent_color: '#aa3300',
    number_prefix: 'DV',
    validity_days: 45,
    deposit_bp: 2500,
    payment_terms: 'À 30 jours.',
    late_penalty_bp: 1200,
    retention_bp: 500,
    free_text: 'Merci de votre confiance.',
    general_conditions: 'CGV.',
  };

  it('merges the architect’s row over the platform’s over the defaults; the prefix numbers the next quote', async () => {
    const gina = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
    const first = (await as(ctx, gina, { method: 'GET', url: '/api/devis/parametre' })).json().data;
    expect(first).toMatchObject({ number_prefix: 'D', validity_days: 30, deposit_bp: 3000, has_logo: false });
    expect(first.missing_mentions.map((m: { code: string }) => m.code)).toContain('siret');
    const platform = await as(ctx, admin, { method: 'PATCH', url: '/admin/devis-option', payload: { ...body, number_prefix: 'PL', validity_days: 20 } });
    expect(platform.statusCode, platform.body).toBe(200);
    expect(platform.json().data).toMatchObject({ number_prefix: 'PL', issuer: null });
    expect((await as(ctx, gina, { method: 'GET', url: '/api/devis/parametre' })).json().data).toMatchObject({ number_prefix: 'PL', validity_days: 20 });
    const own = await as(ctx, gina, { method: 'PATCH', url: '/api/devis/parametre', payload: body });
    expect(own.json().data).toMatchObject({ number_prefix: 'DV', validity_days: 45, accent_color: '#aa3300' });
    expect((await as(ctx, gina, { method: 'PATCH', url: '/api/devis/parametre', payload: { ...body, number_prefix: 'd-1' } })).statusCode).toBe(400);
    expect((await as(ctx, alice, { method: 'PATCH', url: '/admin/devis-option', payload: body })).statusCode).toBe(403);

    await completeProfile(ctx.db, gina.id);
    const p = await acceptedProject(ctx.db, gina.id, carol.id);
    const s = await sent(gina, {}, p.id);
    expect(s.number).toBe('DV-2026-0001');
    expect(s.accent_color).toBe('#aa3300');
    await as(ctx, admin, { method: 'PATCH', url: '/admin/devis-option', payload: { ...body, number_prefix: 'D', validity_days: 30 } });
  });

  it('uploads a PNG logo, serves it, copies it onto a sent quote, deletes it; refuses other types', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const up = await as(ctx, alice, { method: 'POST', url: '/api/devis/parametre/logo', ...multipart(png, 'logo.png') });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data.has_logo).toBe(true);
    const raw = await as(ctx, alice, { method: 'GET', url: '/api/devis/parametre/logo' });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe('image/png');
    expect(raw.rawPayload.equals(png)).toBe(true);
    const s = await sent();
    expect(s.has_logo).toBe(true);
    const gif = await as(ctx, alice, { method: 'POST', url: '/api/devis/parametre/logo', ...multipart(Buffer.from('GIF89a0000000000000'), 'logo.gif') });
    expect(gif.statusCode).toBe(415);
    const big = await as(ctx, alice, {
      method: 'POST',
      url: '/api/devis/parametre/logo',
      ...multipart(Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), 'big.png'),
    });
    expect(big.statusCode).toBe(413);
    const del = await as(ctx, alice, { method: 'DELETE', url: '/api/devis/parametre/logo' });
    expect(del.json().data.has_logo).toBe(false);
    expect((await as(ctx, alice, { method: 'GET', url: '/api/devis/parametre/logo' })).statusCode).toBe(404);
    // The sent quote kept its own copy.
    expect((await get(alice, s.id)).json().data.has_logo).toBe(true);
  });

  it('takes a WebP logo, as advertised, and keeps it as a PNG the quote PDF embeds (issue 36 §6)', async () => {
    const sharp = (await import('sharp')).default;
    const webp = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#aa3300' } })
      .webp()
      .toBuffer();
    const up = await as(ctx, alice, { method: 'POST', url: '/api/devis/parametre/logo', ...multipart(webp, 'logo.webp') });
    expect(up.statusCode, up.body).toBe(200);
    const raw = await as(ctx, alice, { method: 'GET', url: '/api/devis/parametre/logo' });
    expect(raw.headers['content-type']).toBe('image/png');
    expect(await sharp(raw.rawPayload).metadata()).toMatchObject({ format: 'png', width: 40, height: 20 });
    const s = await sent();
    const pdf = await as(ctx, alice, { method: 'GET', url: `/api/devis/${s.id}/pdf` });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const broken = Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(32, 7)]);
    const unreadable = await as(ctx, alice, { method: 'POST', url: '/api/devis/parametre/logo', ...multipart(broken, 'cassé.webp') });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().error.fields.file).toContain('Image illisible');
    await as(ctx, alice, { method: 'DELETE', url: '/api/devis/parametre/logo' });
  });
});

function multipart(bytes: Buffer, filename: string) {
  const boundary = '----ouvrage-quotes';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
