import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { categories, mails, offers, professions, projectActivity, projectFiles, projects, tenderSettings } from '@ouvrage/db';
import { createUser } from '@ouvrage/db/testing';
import type { ProjectState } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { insertProject } from '../projects/factories';
import { tendersOf } from '../../src/modules/tenders/routes';
import { giveCompany } from './factories';

const ctx = useTestApp();

async function professionId(slug: string): Promise<number> {
  const [row] = await ctx.db.select({ id: professions.id }).from(professions).where(eq(professions.slug, slug));
  return row.id;
}

async function categoryId(slug: string): Promise<number> {
  const [row] = await ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  return row.id;
}

/** A validated professional with a company in the Rhône (département 69) unless told otherwise. */
async function pro(options: Parameters<typeof giveCompany>[2] & { trade?: string; is_validate?: 'Validé' | 'En attente' | 'Refusé' } = {}): Promise<TestUser> {
  const user = await loginAs(ctx, { user_type: 'professionnel', is_validate: options.is_validate ?? 'Validé' });
  await giveCompany(ctx.db, user.id, { zones: [{ departement: '69' }], ...options, professionId: await professionId(options.trade ?? 'plombier') });
  return user;
}

/** A project in Lyon 7e (69387, département 69): Rénovation of a Maison, works, 30–60 k€. */
async function project(state: ProjectState = 'Validé', clientId?: number) {
  const owner = clientId ?? (await createUser(ctx.db, { user_type: 'client' })).id;
  return insertProject(ctx.db, owner, {
    state,
    support: 'Réalisation des travaux',
    budget: '30k-60k',
    budgetMinCents: 3_000_000,
    budgetMaxCents: 6_000_000,
  });
}

async function send(admin: TestUser, projectId: number, proIds: number[], extra: Record<string, unknown> = {}) {
  return as(ctx, admin, { method: 'POST', url: '/admin/account/create-offre', payload: { project_id: projectId, professional_ids: proIds, ...extra } });
}

async function tenderOf(projectId: number, professionalId: number) {
  const [row] = await ctx.db
    .select()
    .from(offers)
    .where(and(eq(offers.projectId, projectId), eq(offers.professionalId, professionalId)));
  return row;
}

async function suggestionIds(admin: TestUser, projectId: number, query = '') {
  const res = await as(ctx, admin, { method: 'GET', url: `/api/admin/project/${projectId}/suggestions${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as Array<{ professional_id: number; score: number; in_zone: boolean; reasons: Array<{ code: string; label: string }> }>;
}

describe('matching: « Créer un appel d’offre » suggestions', () => {
  it('covers the project by département and by commune radius; others only on request', async () => {
    const admin = await loginAs(ctx, { user_type: 'admin' });
    const p = await project();
    const byDept = await pro({ zones: [{ departement: '69' }] });
    const byRadius = await pro({ zones: [{ commune: '01249', name: 'Miribel', departement: '01', radiusKm: 20 }] });
    const tooFar = await pro({ zones: [{ commune: '38185', name: 'Grenoble', departement: '38', radiusKm: 50 }] });
    const otherDept = await pro({ zones: [{ departement: '75' }] });
    const items = await suggestionIds(admin, p.id);
    const ids = items.map((i) => i.professional_id);
    expect(ids).toContain(byDept.id);
    expect(ids).toContain(byRadius.id);
    expect(ids).not.toContain(tooFar.id);
    expect(ids).not.toContain(otherDept.id);
    const radius = items.find((i) => i.professional_id === byRadius.id)!;
    expect(radius.reasons[0]).toMatchObject({ code: 'zone_radius', label: 'À 12 km de Miribel (rayon de 20 km).' });
    expect(items.find((i) => i.professional_id === byDept.id)!.reasons[0].code).toBe('zone_departement');

    const all = await suggestionIds(admin, p.id, '?include_outside_zone=true');
    const far = all.find((i) => i.professional_id === tooFar.id)!;
    expect(far.in_zone).toBe(false);
    expect(all.findIndex((i) => i.professional_id === tooFar.id)).toBeGreaterThan(all.findIndex((i) => i.professional_id === byDept.id));
  });

  it('ranks by trade and by preferences, and never suggests professionals who are not validated', async () => {
    const admin = await loginAs(ctx, { user_type: 'admin' });
    const p = await project();
    const plumber = await pro({ trade: 'plombier' });
    const digger = await pro({ trade: 'terrassier' });
    const painter = await pro({ trade: 'peintre' });
    const picky = await pro({ trade: 'peintre', budget: [20_000_000, null], clientTypes: ['entreprise'] });
    const eager = await pro({ trade: 'peintre', budget: [1_000_000, 10_000_000], clientTypes: ['particulier'] });
    const pending = await pro({ trade: 'plombier', is_validate: 'En attente' });
    const refused = await pro({ trade: 'plombier', is_validate: 'Refusé' });
    await ctx.db.insert((await import('@ouvrage/db')).companyCategories).values({ userId: eager.id, categoryId: await categoryId('renovation') });

    const items = await suggestionIds(admin, p.id, '?include_outside_zone=true');
    const score = (u: TestUser) => items.find((i) => i.professional_id === u.id)?.score ?? -1;
    const ids = items.map((i) => i.professional_id);
    expect(ids).not.toContain(pending.id);
    expect(ids).not.toContain(refused.id);
    expect(score(plumber)).toBeGreaterThan(score(digger));
    expect(score(eager)).toBeGreaterThan(score(painter));
    expect(score(painter)).toBeGreaterThan(score(picky));
    const eagerReasons = items.find((i) => i.professional_id === eager.id)!.reasons.map((r) => r.code);
    expect(eagerReasons).toEqual(expect.arrayContaining(['pref_category', 'pref_budget', 'pref_client_type']));
    expect(items.find((i) => i.professional_id === picky.id)!.reasons.map((r) => r.code)).toEqual(
      expect.arrayContaining(['pref_budget_outside', 'pref_client_type_other']),
    );
    expect(ids.indexOf(eager.id)).toBeLessThan(ids.indexOf(picky.id));
  });
});

describe('sending tenders (admin)', () => {
  it('sends one tender per professional, moves the project to « En consultation », mails each one, and refuses what it must', async () => {
    const admin = await loginAs(ctx, { user_type: 'admin' });
    const [a, b] = [await pro(), await pro()];
    const p = await project('Validé');
    const deadline = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const res = await send(admin, p.id, [a.id, b.id], { reply_deadline: deadline, message: 'Merci de répondre vite.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.tenders).toHaveLength(2);
    expect(res.json().data.project_state).toBe('En consultation');
    const t = await tenderOf(p.id, a.id);
    expect(t).toMatchObject({ status: 'Disponible', validation: '1', adminMessage: 'Merci de répondre vite.', createdBy: admin.id });
    expect(t.replyDeadline.toISOString()).toBe(deadline);
    const [state] = await ctx.db.select({ state: projects.state }).from(projects).where(eq(projects.id, p.id));
    expect(state.state).toBe('En consultation');
    const history = await ctx.db.select().from(projectActivity).where(eq(projectActivity.projectId, p.id));
    expect(history.some((h) => h.action === 'state' && h.toValue === 'En consultation')).toBe(true);
    const proMails = await ctx.db.select().from(mails).where(eq(mails.toAddress, a.email));
    expect(proMails.some((m) => m.subject.startsWith("Nouvel appel d'offre"))).toBe(true);
    expect(proMails.every((m) => !m.textBody.includes(p.email) && !m.textBody.includes(p.street))).toBe(true);

    // The bell of each professional counts 1.
    const bell = await as(ctx, a, { method: 'GET', url: `/api/professionnel/liste-offres/${a.id}` });
    expect(bell.json().data.items.filter((x: { status: string; validation: string }) => x.status === 'Disponible' && x.validation === '1')).toHaveLength(1);
    expect((await as(ctx, a, { method: 'GET', url: '/api/notifications/stream' })).json().data.available_tenders).toBe(1);

    // Twice to the same professional: 409. Not validated: 400. Project not validated yet: 409.
    expect((await send(admin, p.id, [a.id])).statusCode).toBe(409);
    const pending = await pro({ is_validate: 'En attente' });
    const bad = await send(admin, p.id, [pending.id]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.professional_ids).toMatch(/validés/);
    const early = await project('En attente');
    expect((await send(admin, early.id, [b.id])).statusCode).toBe(409);
    expect((await send(admin, p.id, [b.id], { reply_deadline: new Date(Date.now() + 60_000).toISOString() })).json().error.fields.reply_deadline).toMatch(
      /une heure/,
    );
    expect((await send(admin, p.id, [])).statusCode).toBe(400);
  });

  it('lists sent tenders with filters, and withdraws only an available one', async () => {
    const admin = await loginAs(ctx, { user_type: 'admin' });
    const [a, b] = [await pro(), await pro()];
    const p = await project();
    await send(admin, p.id, [a.id, b.id]);
    const list = await as(ctx, admin, { method: 'GET', url: `/admin/account/liste-offre-envoyer?project_id=${p.id}` });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.total).toBe(2);
    const tA = await tenderOf(p.id, a.id);
    const byPro = await as(ctx, admin, { method: 'GET', url: `/admin/account/liste-offre-envoyer?professional_id=${a.id}&status=Disponible` });
    expect(byPro.json().data.items.map((i: { id: number }) => i.id)).toEqual([tA.id]);
    // By name rather than by id (issue 15): the professional's e-mail or company, the project's words or number.
    const list2 = (query: string) => as(ctx, admin, { method: 'GET', url: `/admin/account/liste-offre-envoyer?${query}` }).then((r) => r.json().data);
    expect((await list2(`professional=${encodeURIComponent(a.email)}`)).items.map((i: { id: number }) => i.id)).toEqual([tA.id]);
    expect((await list2(`project=${p.id}`)).total).toBe(2);
    expect((await list2(`project=${encodeURIComponent('Lyon zzqqxx')}`)).total).toBe(0);
    expect((await list2(`professional=${encodeURIComponent('personne-de-ce-nom')}`)).total).toBe(0);

    const withdraw = await as(ctx, admin, { method: 'DELETE', url: `/admin/supprimer/offre/${tA.id}` });
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    expect((await as(ctx, admin, { method: 'DELETE', url: `/admin/supprimer/offre/${tA.id}` })).statusCode).toBe(409);
    const late = await as(ctx, a, { method: 'POST', url: `/api/professionnel/mes-offres/validate/${tA.id}`, payload: {} });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/retiré/);
    expect(late.json().error.code).toBe('TENDER_WITHDRAWN');
    const withdrawn = await as(ctx, admin, { method: 'GET', url: `/admin/account/liste-offre-envoyer?status=Retir%C3%A9e&project_id=${p.id}` });
    expect(withdrawn.json().data.total).toBe(1);
    // Sent again after withdrawal: it starts afresh.
    expect((await send(admin, p.id, [a.id])).statusCode).toBe(201);
    expect((await tenderOf(p.id, a.id)).status).toBe('Disponible');
    // An answered tender cannot be withdrawn.
    const tB = await tenderOf(p.id, b.id);
    await as(ctx, b, { method: 'POST', url: `/api/professionnel/mes-offres/refused/${tB.id}`, payload: { reason: 'Planning complet' } });
    expect((await as(ctx, admin, { method: 'DELETE', url: `/admin/supprimer/offre/${tB.id}` })).statusCode).toBe(409);
  });
});

describe('answering tenders (professional)', () => {
  it('hides the client’s contact details until acceptance; accepting attributes the project and mails client and admin', async () => {
    const admin = await loginAs(ctx, { user_type: 'admin' });
    const a = await pro();
    const client = await createUser(ctx.db, { user_type: 'client' });
    const p = await project('Validé', client.id);
    await send(admin, p.id, [a.id]);
    const tender = await tenderOf(p.id, a.id);

    const before = await as(ctx, a, { method: 'GET', url: `/api/professionnel/mes-offres/${a.id}?scope=available` });
    expect(before.statusCode, before.body).toBe(200);
    const item = before.json().data.items[0];
    expect(item).toMatchObject({ id: tender.id, status: 'Disponible', can_answer: true, client: null });
    expect(item.project).toMatchObject({ id: p.id, ville: p.city, surface: p.surface, budget: '30k-60k' });
    for (const secret of [p.email, p.phone, p.street, p.lastname]) expect(before.body).not.toContain(secret);
    // The project page itself stays closed before acceptance.
    expect((await as(ctx, a, { method: 'GET', url: `/api/project/detail-project/${p.id}` })).statusCode).toBe(403);

    const accept = await as(ctx, a, { method: 'POST', url: `/api/professionnel/mes-offres/validate/${tender.id}`, payload: {} });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(accept.json().data.tender).toMatchObject({ status: 'Acceptée', client: { email: p.email, phone: p.phone, street: p.street } });
    const [after] = await ctx.db.select({ state: projects.state }).from(projects).where(eq(projects.id, p.id));
    expect(after.state).toBe('Attribué');
    const clientMails = await ctx.db.select().from(mails).where(eq(mails.toAddress, p.email));
    expect(clientMails.some((m) => m.subject.includes('« Attribué »') && m.textBody.includes('a accepté votre projet'))).toBe(true);
    // The history holds no sentence the server wrote in French: each reader sees the state change
    // in their own language (decision 0984); the mail alone carries the note.
    const [attributed] = await ctx.db
      .select()
      .from(projectActivity)
      .where(and(eq(projectActivity.projectId, p.id), eq(projectActivity.toValue, 'Attribué')));
    expect(attributed.message).toBe('');
    const adminMails = await ctx.db.select().from(mails).where(eq(mails.toAddress, admin.email));
    expect(adminMails.some((m) => m.subject.startsWith("Appel d'offre accepté"))).toBe(true);
    expect((await as(ctx, a, { method: 'GET', url: `/api/project/detail-project/${p.id}` })).statusCode).toBe(200);

    // A second answer: 409 with a French message.
    const again = await as(ctx, a, { method: 'POST', url: `/api/professionnel/mes-offres/validate/${tender.id}`, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Vous avez déjà accepté cet appel d’offre.');
    expect((await as(ctx, a, { method: 'POST', url: `/api/professionnel/mes-offres/refused/${tender.id}`, payload: { reason: 'Trop loin' } })).statusCode).toBe(
      409,
    );

    // My projects (full contact, files) and my clients.
    const mine = await as(ctx, a, { method: 'GET', url: `/api/professionnel/mes-projets/${a.id}` });
    expect(mine.json().data.items[0]).toMatchObject({ tender_id: tender.id, project: { id: p.id }, client: { email: p.email, street: p.street } });
    const clients = await as(ctx, a, { method: 'GET', url: `/api/professionnel/list-user-Pro/${a.id}` });
    expect(clients.json().data.items).toEqual([
      expect.objectContaining({ client_id: client.id, email: p.email, projects: [expect.objectContaining({ id: p.id, state: 'Attribué' })] }),
    ]);

    // The client sees who accepted, with the public profile; another client may not look.
    const clientUser = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: client.email, password: 'Motdepasse2026' } });
    const clientToken = { token: clientUser.json().data.token.token };
    const seen = await as(ctx, clientToken, { method: 'GET', url: `/api/project/professionnels/${p.id}` });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toEqual([expect.objectContaining({ professional_id: a.id, company: `Entreprise ${a.id}`, profession: 'Plombier' })]);
    const stranger = await loginAs(ctx, { user_type: 'client' });
    expect((await as(ctx, stranger, { method: 'GET', url: `/api/project/professionnels/${p.id}` })).statusCode).toBe(403);
  });

  it('refuses with a reason (required), and answers 403 for another professional’s {id}', async () => {
    const admin = await loginAs(ctx, { user_type: 'admin' });
    const [a, b] = [await pro(), await pro()];
    const p = await project();
    await ctx.db
      .insert(projectFiles)
      .values({ projectId: p.id, originalName: 'plan.pdf', storageKey: `2026/11/${crypto.randomUUID()}.pdf`, mimeType: 'application/pdf', sizeBytes: 10 });
    await send(admin, p.id, [a.id, b.id]);
    const tA = await tenderOf(p.id, a.id);
    const tB = await tenderOf(p.id, b.id);
    const listed = async () =>
      (await as(ctx, a, { method: 'GET', url: `/api/professionnel/mes-offres/${a.id}` })).json().data.items.find((i: { id: number }) => i.id === tA.id);
    expect((await listed()).project.files.map((f: { name: string }) => f.name)).toEqual(['plan.pdf']);
    const noReason = await as(ctx, a, { method: 'POST', url: `/api/professionnel/mes-offres/refused/${tA.id}`, payload: { reason: ' ' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toMatch(/raison du refus/);
    const refused = await as(ctx, a, {
      method: 'POST',
      url: `/api/professionnel/mes-offres/refused/${tA.id}`,
      payload: { reason: 'Planning complet jusqu’en mars.' },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().data.tender).toMatchObject({ status: 'Refusée', refusal_reason: 'Planning complet jusqu’en mars.', client: null });
    // A refused tender no longer lists the project's files (it no longer gives access to them).
    expect(refused.json().data.tender.project.files).toEqual([]);
    expect((await listed()).project.files).toEqual([]);

    for (const url of [
      `/api/professionnel/mes-offres/${b.id}`,
      `/api/professionnel/mes-projets/${b.id}`,
      `/api/professionnel/list-user-Pro/${b.id}`,
      `/api/professionnel/liste-offres/${b.id}`,
    ]) {
      expect((await as(ctx, a, { method: 'GET', url })).statusCode, url).toBe(403);
    }
    expect((await as(ctx, a, { method: 'POST', url: `/api/professionnel/mes-offres/validate/${tB.id}`, payload: {} })).statusCode).toBe(403);
    expect((await as(ctx, a, { method: 'POST', url: `/api/professionnel/mes-offres/refused/${tB.id}`, payload: { reason: 'Pas pour moi' } })).statusCode).toBe(
      403,
    );
    expect((await tenderOf(p.id, b.id)).status).toBe('Disponible');
    // A pending professional reaches none of it.
    const pending = await loginAs(ctx, { user_type: 'professionnel', is_validate: 'En attente' });
    expect((await as(ctx, pending, { method: 'GET', url: `/api/professionnel/mes-offres/${pending.id}` })).statusCode).toBe(403);
  });

  it('expires past the deadline without anyone acting: lists and bell agree, answers get 409, the sweep persists it', async () => {
    const admin = await loginAs(ctx, { user_type: 'admin' });
    const a = await pro();
    const p = await project();
    await send(admin, p.id, [a.id]);
    const tender = await tenderOf(p.id, a.id);
    await ctx.db
      .update(offers)
      .set({ replyDeadline: new Date(Date.now() - 60_000) })
      .where(eq(offers.id, tender.id));

    const bell = await as(ctx, a, { method: 'GET', url: `/api/professionnel/liste-offres/${a.id}` });
    expect(bell.json().data.items.find((x: { id: number }) => x.id === tender.id).status).toBe('Expirée');
    const count = await as(ctx, a, { method: 'GET', url: '/api/notifications/stream' });
    expect(count.json().data.available_tenders).toBe(0);
    const list = await as(ctx, a, { method: 'GET', url: `/api/professionnel/mes-offres/${a.id}?scope=past` });
    expect(list.json().data.items[0]).toMatchObject({ id: tender.id, status: 'Expirée', can_answer: false });
    const adminList = await as(ctx, admin, { method: 'GET', url: `/admin/account/liste-offre-envoyer?project_id=${p.id}&status=Expir%C3%A9e` });
    expect(adminList.json().data.total).toBe(1);
    const late = await as(ctx, a, { method: 'POST', url: `/api/professionnel/mes-offres/validate/${tender.id}`, payload: {} });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/délai de réponse/);

    const swept = await tendersOf(ctx.app.deps).sweep();
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect((await tenderOf(p.id, a.id)).status).toBe('Expirée');
  });
});

describe('the acceptance limit under concurrency', () => {
  it('lets exactly N of 20 professionals accepting at once in; the rest are « Clôturée », never a 500', async () => {
    const admin = await loginAs(ctx, { user_type: 'admin' });
    const [settings] = await ctx.db.select().from(tenderSettings);
    const n = settings.maxAcceptances;
    expect(n).toBe(3);
    const pros: TestUser[] = [];
    for (let i = 0; i < 20; i += 1) pros.push(await pro());
    const p = await project();
    const sent = await send(
      admin,
      p.id,
      pros.map((x) => x.id),
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const tenders = await ctx.db.select().from(offers).where(eq(offers.projectId, p.id));
    const byPro = new Map(tenders.map((t) => [t.professionalId, t.id]));

    const answers = await Promise.all(
      pros.map((x) => as(ctx, x, { method: 'POST', url: `/api/professionnel/mes-offres/validate/${byPro.get(x.id)}`, payload: {} })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 200)).toHaveLength(n);
    expect(codes.filter((c) => c === 409)).toHaveLength(20 - n);
    for (const r of answers.filter((x) => x.statusCode === 409)) expect(r.json().error.message).toMatch(/clôturé/);

    const after = await ctx.db.select().from(offers).where(eq(offers.projectId, p.id));
    expect(after.filter((t) => t.status === 'Acceptée')).toHaveLength(n);
    expect(after.filter((t) => t.status === 'Clôturée')).toHaveLength(20 - n);
    const [state] = await ctx.db.select({ state: projects.state }).from(projects).where(eq(projects.id, p.id));
    expect(state.state).toBe('Attribué');
    const history = await ctx.db
      .select()
      .from(projectActivity)
      .where(and(eq(projectActivity.projectId, p.id), eq(projectActivity.toValue, 'Attribué')));
    expect(history).toHaveLength(1);
  }, 120_000);
});

describe('live bell (server-sent events)', () => {
  it('pushes an event to the professional when a tender is sent, then when it is withdrawn', async () => {
    const admin = await loginAs(ctx, { user_type: 'admin' });
    const a = await pro();
    const p = await project();
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/notifications/stream`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${a.token}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
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
    expect(await nextEvent('ready')).toEqual({ available_tenders: 0, next_deadline: null });
    await send(admin, p.id, [a.id]);
    const created = await nextEvent('tenders');
    expect(created).toMatchObject({ type: 'tenders', reason: 'created' });
    const tender = await tenderOf(p.id, a.id);
    await as(ctx, admin, { method: 'DELETE', url: `/admin/supprimer/offre/${tender.id}` });
    expect(await nextEvent('tenders')).toMatchObject({ reason: 'withdrawn', tender_ids: [tender.id] });
    controller.abort();
    await reader.cancel().catch(() => undefined);
  });
});
