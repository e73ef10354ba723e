import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@ouvrage/db/testing';
import { FixedClock, type ProjectStage, type ProjectState } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { insertProject } from '../projects/factories';

/**
 * The admin dashboard's figures on a data set with known answers (decision 0821): « now » is
 * 15/11/2026, so « 3m » is September to November 2026 in Paris time — from 2026-08-31T22:00Z to
 * 2026-11-30T23:00Z. Rows just outside each edge check the Paris months.
 */
const clock = new FixedClock('2026-11-15T12:00:00Z');
const ctx = useTestApp({}, { clock });

let admin: TestUser;
const ids: Record<string, number> = {};

async function project(name: string, clientId: number, state: ProjectState, stage: ProjectStage, createdAt: string) {
  const row = await insertProject(ctx.db, clientId, { state, stage, createdAt: new Date(createdAt), updatedAt: new Date(createdAt) });
  ids[name] = row.id;
  return row.id;
}

let seq = 0;
async function quote(o: { issuerId: number; clientId: number; projectId: number; status: string; sentAt: string | null; ht: number; acceptedHt?: number }) {
  seq += 1;
  const number = o.status === 'Brouillon' ? null : `D-2026-${String(seq).padStart(4, '0')}`;
  const res = await ctx.db
    .execute(sql`INSERT INTO quotes (issuer_id, client_id, project_id, status, number, title, validity_days, deposit_bp, total_ht_cents, accepted_total_ht_cents, sent_at)
    VALUES (${o.issuerId}, ${o.clientId}, ${o.projectId}, ${o.status}, ${number}, 'Travaux', 30, 3000, ${o.ht}, ${o.acceptedHt ?? null}, ${o.sentAt}) RETURNING id`);
  return (res as unknown as { rows: Array<{ id: number }> }).rows[0].id;
}

async function invoice(o: { issuerId: number; clientId: number; quoteId: number; projectId: number; issuedAt: string; ttc: number }) {
  seq += 1;
  const res = await ctx.db
    .execute(sql`INSERT INTO invoices (number, issuer_id, client_id, quote_id, project_id, kind, title, issued_at, issue_date, due_date, total_ht_cents, total_tva_cents, total_ttc_cents, by_rate, document)
    VALUES (${`F-2026-${String(seq).padStart(4, '0')}`}, ${o.issuerId}, ${o.clientId}, ${o.quoteId}, ${o.projectId}, 'acompte', 'Acompte', ${o.issuedAt}, ${o.issuedAt.slice(0, 10)}, '2027-12-31', ${o.ttc}, 0, ${o.ttc}, '[]', '{}') RETURNING id`);
  return (res as unknown as { rows: Array<{ id: number }> }).rows[0].id;
}

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  const client = await createUser(ctx.db, { user_type: 'client' });
  const architect = await createUser(ctx.db, { user_type: 'architecte' });

  // Projects: P2 created 23:30 in Paris on 31/08 (before the period), P3 at 00:30 in Paris on 01/09 (inside).
  await project('P1', client.id, 'En attente', 'Étude', '2026-11-10T09:00:00Z');
  await project('P2', client.id, 'En attente', 'Étude', '2026-08-31T21:30:00Z');
  await project('P3', client.id, 'Validé', 'Conception', '2026-08-31T22:30:00Z');
  await project('P7', client.id, 'Validé', 'Conception', '2026-10-02T09:00:00Z');
  await project('P8', client.id, 'Validé', 'Conception', '2026-10-03T09:00:00Z');
  await project('P4', client.id, 'En cours', 'Travaux', '2026-10-05T09:00:00Z');
  await project('P5', client.id, 'Terminé', 'Réception', '2026-10-06T09:00:00Z');
  await project('P6', client.id, 'Annulé', 'Étude', '2026-11-01T09:00:00Z');

  // Professionals: three waiting (two pros, one architect), one validated, one refused.
  await createUser(ctx.db, { user_type: 'professionnel', is_validate: 'En attente', firstname: 'Paul', lastname: 'Ancien' });
  await createUser(ctx.db, { user_type: 'architecte', is_validate: 'En attente' });
  await createUser(ctx.db, { user_type: 'dessinateur', is_validate: 'En attente' });
  const pro = await createUser(ctx.db, { user_type: 'professionnel', is_validate: 'Validé' });
  await createUser(ctx.db, { user_type: 'professionnel', is_validate: 'Refusé' });

  // Tenders: sent Sept (accepted Sept), Oct (refused in Nov), Nov (open), a draft, and one sent in
  // August and accepted on 01/09 in Paris (counts as answered, not as sent).
  const offer = (projectId: number, validation: string, status: string, createdAt: string, answeredAt: string | null) =>
    ctx.db.execute(
      sql`INSERT INTO offers (project_id, professional_id, status, validation, created_at, answered_at) VALUES (${projectId}, ${pro.id}, ${status}, ${validation}, ${createdAt}, ${answeredAt})`,
    );
  await offer(ids.P3, '1', 'Acceptée', '2026-09-10T09:00:00Z', '2026-09-12T09:00:00Z');
  await offer(ids.P7, '1', 'Refusée', '2026-10-01T09:00:00Z', '2026-11-02T09:00:00Z');
  await offer(ids.P8, '1', 'Disponible', '2026-11-05T09:00:00Z', null);
  await offer(ids.P1, '0', 'Disponible', '2026-11-05T09:00:00Z', null);
  await offer(ids.P4, '1', 'Acceptée', '2026-08-15T09:00:00Z', '2026-08-31T22:10:00Z');

  // Quotes: two converted (one with options taken), one refused, one waiting; a replaced version,
  // an old one and a draft not counted.
  const q = { issuerId: architect.id, clientId: client.id, projectId: ids.P4 };
  const q1 = await quote({ ...q, status: 'Validé', sentAt: '2026-09-05T09:00:00Z', ht: 100_000, acceptedHt: 120_000 });
  await quote({ ...q, status: 'Signé', sentAt: '2026-10-05T09:00:00Z', ht: 50_000 });
  await quote({ ...q, status: 'Refusé', sentAt: '2026-10-06T09:00:00Z', ht: 70_000 });
  await quote({ ...q, status: 'Envoyé', sentAt: '2026-11-06T09:00:00Z', ht: 30_000 });
  await quote({ ...q, status: 'Remplacé', sentAt: '2026-09-01T09:00:00Z', ht: 90_000 });
  await quote({ ...q, status: 'Expiré', sentAt: '2026-06-01T09:00:00Z', ht: 10_000 });
  await quote({ ...q, status: 'Brouillon', sentAt: null, ht: 5_000 });

  // Invoices: I1 issued at 00:30 in Paris on 01/10 (October), I2 in November, I3 in July (outside).
  const inv = { issuerId: architect.id, clientId: client.id, quoteId: q1, projectId: ids.P4 };
  const i1 = await invoice({ ...inv, issuedAt: '2026-09-30T22:30:00Z', ttc: 120_000 });
  const i2 = await invoice({ ...inv, issuedAt: '2026-11-10T09:00:00Z', ttc: 60_000 });
  await invoice({ ...inv, issuedAt: '2026-07-01T09:00:00Z', ttc: 999_999 });
  await ctx.db
    .execute(sql`INSERT INTO credit_notes (number, invoice_id, issuer_id, client_id, reason, issued_at, issue_date, total_ht_cents, total_tva_cents, total_ttc_cents, by_rate)
    VALUES ('AV-2026-0001', ${i2}, ${architect.id}, ${client.id}, 'Erreur', '2026-11-12T09:00:00Z', '2026-11-12', 10000, 0, 10000, '[]')`);
  const payment = (invoiceId: number, status: string, amount: number, confirmedAt: string | null) =>
    ctx.db.execute(sql`INSERT INTO payments (invoice_id, client_id, issuer_id, method, status, amount_cents, created_at, confirmed_at)
      VALUES (${invoiceId}, ${client.id}, ${architect.id}, 'virement', ${status}, ${amount}, '2026-10-01T09:00:00Z', ${confirmedAt})`);
  await payment(i1, 'confirme', 50_000, '2026-10-15T09:00:00Z');
  await payment(i2, 'en_attente', 10_000, null);
  await payment(i2, 'confirme', 20_000, '2026-11-20T09:00:00Z');
  await payment(i2, 'confirme', 7_000, '2026-11-30T23:30:00Z'); // 00:30 on 01/12 in Paris: after the period
});

describe('GET /api/admin/dashboard', () => {
  it('gives every widget its known figures over three months', async () => {
    const res = await as(ctx, admin, { method: 'GET', url: '/api/admin/dashboard?periode=3m' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.periode).toBe('3m');
    expect(d.months).toEqual(['2026-09', '2026-10', '2026-11']);

    expect(d.to_review.count).toBe(2);
    expect(d.to_review.oldest.map((p: { id: number }) => p.id)).toEqual([ids.P2, ids.P1]);

    expect(d.pros_pending.count).toBe(3);
    expect(d.pros_pending.oldest[0]).toMatchObject({ name: 'Paul Ancien', user_type: 'professionnel' });

    expect(d.projects_by_state.total).toBe(7);
    expect(Object.fromEntries(d.projects_by_state.items.map((i: { state: string; count: number }) => [i.state, i.count]))).toEqual({
      'En attente': 1,
      Validé: 3,
      'En consultation': 0,
      Attribué: 0,
      'En cours': 1,
      Terminé: 1,
      Annulé: 1,
    });

    expect(d.tenders).toEqual({
      sent: 3,
      accepted: 2,
      refused: 1,
      by_month: [
        { month: '2026-09', sent: 1, accepted: 2, refused: 0 },
        { month: '2026-10', sent: 1, accepted: 0, refused: 0 },
        { month: '2026-11', sent: 1, accepted: 0, refused: 1 },
      ],
    });

    expect(d.quotes).toEqual({ sent: 4, converted: 2, refused: 1, expired: 0, pending: 1, cancelled: 0, rate_bp: 5000, converted_ht_cents: 170_000 });

    expect(d.billing).toEqual({
      invoiced_cents: 180_000,
      credited_cents: 10_000,
      received_cents: 70_000,
      by_month: [
        { month: '2026-09', invoiced_cents: 0, credited_cents: 0, received_cents: 0 },
        { month: '2026-10', invoiced_cents: 120_000, credited_cents: 0, received_cents: 50_000 },
        { month: '2026-11', invoiced_cents: 60_000, credited_cents: 10_000, received_cents: 20_000 },
      ],
    });
  });

  it('widens the flows with the period; the queues do not move', async () => {
    const d = (await as(ctx, admin, { method: 'GET', url: '/api/admin/dashboard?periode=6m' })).json().data;
    expect(d.months).toEqual(['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    expect(d.to_review.count).toBe(2);
    expect(d.projects_by_state.total).toBe(8);
    expect(d.tenders.sent).toBe(4);
    expect(d.quotes).toMatchObject({ sent: 5, expired: 1, converted: 2, rate_bp: 4000 });
    expect(d.billing.invoiced_cents).toBe(180_000 + 999_999);
  });

  it('defaults to twelve months and refuses an unknown period in French', async () => {
    const d = (await as(ctx, admin, { method: 'GET', url: '/api/admin/dashboard' })).json().data;
    expect(d.periode).toBe('12m');
    expect(d.months).toHaveLength(12);
    const bad = await as(ctx, admin, { method: 'GET', url: '/api/admin/dashboard?periode=5ans' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Période invalide');
  });

  it('is for admins only', async () => {
    const client = await loginAs(ctx, { user_type: 'client' });
    expect((await as(ctx, client, { method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(403);
    expect((await as(ctx, client, { method: 'GET', url: '/api/admin/board' })).statusCode).toBe(403);
    expect((await as(ctx, null, { method: 'GET', url: '/api/admin/board' })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/board', () => {
  const column = (board: { columns: Array<{ stage: string; total: number; cards: Array<{ id: number }> }> }, stage: string) => {
    const c = board.columns.find((x) => x.stage === stage)!;
    return { total: c.total, ids: c.cards.map((card) => card.id) };
  };

  it('groups the open projects by stage, oldest first, closed projects left out', async () => {
    const res = await as(ctx, admin, { method: 'GET', url: '/api/admin/board' });
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json().data;
    expect(board.columns.map((c: { stage: string }) => c.stage)).toEqual([
      'Étude',
      'Conception',
      'Permis de construire',
      'Consultation des entreprises',
      'Travaux',
      'Réception',
    ]);
    expect(column(board, 'Étude')).toEqual({ total: 2, ids: [ids.P2, ids.P1] });
    expect(column(board, 'Conception')).toEqual({ total: 3, ids: [ids.P3, ids.P7, ids.P8] });
    expect(column(board, 'Travaux')).toEqual({ total: 1, ids: [ids.P4] });
    expect(column(board, 'Réception')).toEqual({ total: 0, ids: [] });
    expect(board.columns[0].cards[0]).toMatchObject({ state: 'En attente', stage: 'Étude', category_name: 'Rénovation', bien_name: 'Maison' });
  });

  it('caps each column and keeps its total, newest first on demand', async () => {
    const board = (await as(ctx, admin, { method: 'GET', url: '/api/admin/board?par_colonne=2&ordre=recents' })).json().data;
    expect(board).toMatchObject({ par_colonne: 2, ordre: 'recents' });
    expect(column(board, 'Conception')).toEqual({ total: 3, ids: [ids.P8, ids.P7] });
    expect(column(board, 'Étude')).toEqual({ total: 2, ids: [ids.P1, ids.P2] });
    expect((await as(ctx, admin, { method: 'GET', url: '/api/admin/board?par_colonne=500' })).statusCode).toBe(400);
  });

  it('moves a card forward with change-stage, and refuses a move back with a French 409', async () => {
    const moved = await as(ctx, admin, { method: 'POST', url: '/api/admin/project/change-stage', payload: { project_id: ids.P1, stage: 'Conception' } });
    expect(moved.statusCode, moved.body).toBe(200);
    const board = (await as(ctx, admin, { method: 'GET', url: '/api/admin/board' })).json().data;
    expect(column(board, 'Étude')).toEqual({ total: 1, ids: [ids.P2] });
    expect(column(board, 'Conception').ids).toContain(ids.P1);

    const back = await as(ctx, admin, { method: 'POST', url: '/api/admin/project/change-stage', payload: { project_id: ids.P4, stage: 'Étude' } });
    expect(back.statusCode).toBe(409);
    expect(back.json().error).toMatchObject({ code: 'STAGE_BACKWARDS', message: expect.stringContaining("L'étape ne peut qu'avancer") });
    const closed = await as(ctx, admin, { method: 'POST', url: '/api/admin/project/change-stage', payload: { project_id: ids.P6, stage: 'Travaux' } });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('STAGE_FINAL');
  });

  it('stops counting a column at 1 000 and says so (decision 0825)', async () => {
    const before = (await as(ctx, admin, { method: 'GET', url: '/api/admin/board' })).json().data;
    expect(before.columns.every((c: { total_capped: boolean }) => !c.total_capped)).toBe(true);
    const client = await createUser(ctx.db, { user_type: 'client' });
    const at = new Date('2026-11-20T09:00:00Z');
    // 1 001 open projects in « Réception »: one more than the cap.
    for (let i = 0; i < 1001; i += 1) await insertProject(ctx.db, client.id, { state: 'En cours', stage: 'Réception', createdAt: at, updatedAt: at });
    const board = (await as(ctx, admin, { method: 'GET', url: '/api/admin/board?par_colonne=5' })).json().data;
    const reception = board.columns.find((c: { stage: string }) => c.stage === 'Réception');
    expect(reception).toMatchObject({ total: 1000, total_capped: true });
    expect(reception.cards).toHaveLength(5);
    expect(board.columns.find((c: { stage: string }) => c.stage === 'Travaux')).toMatchObject({ total: 1, total_capped: false });
  });
});
