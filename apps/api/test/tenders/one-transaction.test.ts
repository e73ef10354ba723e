import { describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { mails, offers, projectActivity, projects } from '@ouvrage/db';
import { createUser } from '@ouvrage/db/testing';
import { as, loginAs, useTestApp } from '../helpers';
import { insertProject } from '../projects/factories';
import { giveCompany } from './factories';

/**
 * A use case that spans modules runs in one transaction (docs/decisions/0450): when its last step
 * fails — here the projects module's history insert, refused by a trigger this test creates — the
 * tender, the project and the mails are exactly as before.
 */
const ctx = useTestApp();

async function failStateHistory(projectId: number) {
  await ctx.db.execute(
    sql.raw(`create or replace function refuse_state_history() returns trigger language plpgsql as $$
      begin
        if new.action = 'state' and new.project_id = ${projectId} then raise exception 'history refused by the test'; end if;
        return new;
      end $$`),
  );
  await ctx.db.execute(sql.raw('create trigger refuse_state_history before insert on project_activity for each row execute function refuse_state_history()'));
}

async function allowStateHistory() {
  await ctx.db.execute(sql.raw('drop trigger if exists refuse_state_history on project_activity'));
}

const mailCount = async () => (await ctx.db.select({ n: count() }).from(mails))[0].n;

describe('a cross-module use case rolls back whole', () => {
  it('accepting a tender: when the project cannot move to « Attribué », the tender stays « Disponible » and no mail is queued', async () => {
    const admin = await loginAs(ctx, { user_type: 'admin' });
    const client = await createUser(ctx.db, { user_type: 'client' });
    const p = await insertProject(ctx.db, client.id, { state: 'En consultation' });
    const pro = await loginAs(ctx, { user_type: 'professionnel', is_validate: 'Validé' });
    await giveCompany(ctx.db, pro.id, { zones: [{ departement: '69' }] });
    const [tender] = await ctx.db
      .insert(offers)
      .values({
        projectId: p.id,
        professionalId: pro.id,
        status: 'Disponible',
        validation: '1',
        createdBy: admin.id,
        replyDeadline: new Date(Date.now() + 3 * 86_400_000),
      })
      .returning();
    const mailsBefore = await mailCount();

    await failStateHistory(p.id);
    try {
      const res = await as(ctx, pro, { method: 'POST', url: `/api/professionnel/mes-offres/validate/${tender.id}`, payload: {} });
      expect(res.statusCode).toBe(500);
    } finally {
      await allowStateHistory();
    }
    const [after] = await ctx.db.select().from(offers).where(eq(offers.id, tender.id));
    expect(after).toMatchObject({ status: 'Disponible', answeredAt: null });
    const [project] = await ctx.db.select().from(projects).where(eq(projects.id, p.id));
    expect(project.state).toBe('En consultation');
    expect(
      await ctx.db
        .select()
        .from(projectActivity)
        .where(and(eq(projectActivity.projectId, p.id), eq(projectActivity.action, 'state'))),
    ).toEqual([]);
    expect(await mailCount()).toBe(mailsBefore);

    // The same answer once the history accepts rows: everything happens, together.
    const res = await as(ctx, pro, { method: 'POST', url: `/api/professionnel/mes-offres/validate/${tender.id}`, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    const [attributed] = await ctx.db.select().from(projects).where(eq(projects.id, p.id));
    expect(attributed.state).toBe('Attribué');
    expect((await ctx.db.select().from(offers).where(eq(offers.id, tender.id)))[0].status).toBe('Acceptée');
    expect(await mailCount()).toBeGreaterThan(mailsBefore);
  });

  it('sending tenders: when the project cannot move to « En consultation », no tender is created and no mail is queued', async () => {
    const admin = await loginAs(ctx, { user_type: 'admin' });
    const client = await createUser(ctx.db, { user_type: 'client' });
    const p = await insertProject(ctx.db, client.id, { state: 'Validé' });
    const pro = await loginAs(ctx, { user_type: 'professionnel', is_validate: 'Validé' });
    await giveCompany(ctx.db, pro.id, { zones: [{ departement: '69' }] });
    const mailsBefore = await mailCount();

    await failStateHistory(p.id);
    try {
      const res = await as(ctx, admin, { method: 'POST', url: '/admin/account/create-offre', payload: { project_id: p.id, professional_ids: [pro.id] } });
      expect(res.statusCode).toBe(500);
    } finally {
      await allowStateHistory();
    }
    expect(await ctx.db.select().from(offers).where(eq(offers.projectId, p.id))).toEqual([]);
    expect((await ctx.db.select().from(projects).where(eq(projects.id, p.id)))[0].state).toBe('Validé');
    expect(await mailCount()).toBe(mailsBefore);

    const res = await as(ctx, admin, { method: 'POST', url: '/admin/account/create-offre', payload: { project_id: p.id, professional_ids: [pro.id] } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.project_state).toBe('En consultation');
  });
});
