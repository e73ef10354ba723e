import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { offers, projectFiles } from '@ouvrage/db';
import { as, loginAs, useTestApp } from '../helpers';
import { insertProject } from '../projects/factories';
import { multipart } from '../professionals/helpers';

/** Ownership named by the permission row: parent records, body and query ids, and the check services call (decision 0440). */
const ctx = useTestApp();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const upload = () => multipart({}, [{ name: 'file', filename: 'plan.pdf', type: 'application/pdf', bytes: PDF }]);

async function projectWithFile() {
  const client = await loginAs(ctx, { user_type: 'client' });
  const project = await insertProject(ctx.db, client.id, { state: 'En consultation' });
  const res = await as(ctx, client, { method: 'POST', url: `/api/project/detail-project/upload-file?project_id=${project.id}`, ...upload() });
  expect(res.statusCode, res.body).toBe(201);
  return { client, project, fileId: res.json().data[0].id as number };
}

async function tenderTo(projectId: number, professionalId: number, values: Partial<typeof offers.$inferInsert> = {}) {
  await ctx.db
    .insert(offers)
    .values({ projectId, professionalId, status: 'Disponible', validation: '1', replyDeadline: new Date(Date.now() + 3 * 86_400_000), ...values });
}

describe('GET /api/professionnel/mes-offres/fichier/{id}', () => {
  it('serves a project file only to professionals whose tender on that project stands, and to admins', async () => {
    const { project, fileId } = await projectWithFile();
    const url = `/api/professionnel/mes-offres/fichier/${fileId}`;
    const pro = async () => loginAs(ctx, { user_type: 'professionnel' });

    const available = await pro();
    await tenderTo(project.id, available.id);
    const ok = await as(ctx, available, { method: 'GET', url });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.rawPayload.equals(PDF)).toBe(true);

    const accepted = await pro();
    await tenderTo(project.id, accepted.id, { status: 'Acceptée', answeredAt: new Date() });
    expect((await as(ctx, accepted, { method: 'GET', url })).statusCode).toBe(200);

    const none = await pro();
    expect((await as(ctx, none, { method: 'GET', url })).statusCode).toBe(403);

    const stillShut: Array<Parameters<typeof tenderTo>[2]> = [
      { status: 'Refusée', refusalReason: 'Trop loin', answeredAt: new Date() },
      { status: 'Retirée' },
      { status: 'Clôturée' },
      { replyDeadline: new Date(Date.now() - 60_000) }, // expired, not yet swept
      { validation: '0' }, // a draft never sent
    ];
    for (const values of stillShut) {
      const gone = await pro();
      await tenderTo(project.id, gone.id, values);
      expect((await as(ctx, gone, { method: 'GET', url })).statusCode, JSON.stringify(values)).toBe(403);
    }

    // Refusing the tender takes the files away at once.
    const refusing = await pro();
    await tenderTo(project.id, refusing.id);
    expect((await as(ctx, refusing, { method: 'GET', url })).statusCode).toBe(200);
    const [tender] = await ctx.db.select().from(offers).where(eq(offers.professionalId, refusing.id));
    const refused = await as(ctx, refusing, {
      method: 'POST',
      url: `/api/professionnel/mes-offres/refused/${tender.id}`,
      payload: { reason: 'Pas disponible ce mois-ci.' },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect((await as(ctx, refusing, { method: 'GET', url })).statusCode).toBe(403);

    const admin = await loginAs(ctx, { user_type: 'admin' });
    expect((await as(ctx, admin, { method: 'GET', url })).statusCode).toBe(200);
    expect((await as(ctx, admin, { method: 'GET', url: '/api/professionnel/mes-offres/fichier/999999' })).statusCode).toBe(404);
    expect((await as(ctx, available, { method: 'GET', url: '/api/professionnel/mes-offres/fichier/999999' })).statusCode).toBe(403);
  });
});

describe('ids in the body and the query', () => {
  it('add-detail: 403 on someone else’s project, 400 for a malformed body before any ownership answer', async () => {
    const owner = await loginAs(ctx, { user_type: 'client' });
    const other = await loginAs(ctx, { user_type: 'client' });
    const project = await insertProject(ctx.db, owner.id);
    const body = { project_id: project.id, question: 'Accès au terrain ?', answer: 'Par le portail nord.' };
    expect((await as(ctx, owner, { method: 'POST', url: '/api/project/detail-project/add-detail', payload: body })).statusCode).toBe(201);
    expect((await as(ctx, other, { method: 'POST', url: '/api/project/detail-project/add-detail', payload: body })).statusCode).toBe(403);
    expect(
      (await as(ctx, other, { method: 'POST', url: '/api/project/detail-project/add-detail', payload: { ...body, project_id: 999_999 } })).statusCode,
    ).toBe(403);
    const admin = await loginAs(ctx, { user_type: 'admin' });
    expect(
      (await as(ctx, admin, { method: 'POST', url: '/api/project/detail-project/add-detail', payload: { ...body, project_id: 999_999 } })).statusCode,
    ).toBe(404);
    const bad = await as(ctx, other, { method: 'POST', url: '/api/project/detail-project/add-detail', payload: { project_id: 'x' } });
    expect(bad.statusCode).toBe(400);
  });

  it('upload-file: refuses someone else’s project from the query, before the body is read, and stores nothing', async () => {
    const { project } = await projectWithFile();
    const other = await loginAs(ctx, { user_type: 'client' });
    const res = await as(ctx, other, { method: 'POST', url: `/api/project/detail-project/upload-file?project_id=${project.id}`, ...upload() });
    expect(res.statusCode).toBe(403);
    const missing = await as(ctx, other, { method: 'POST', url: '/api/project/detail-project/upload-file', ...upload() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toMatchObject({ project_id: expect.any(String) });
    expect(await ctx.db.select().from(projectFiles).where(eq(projectFiles.projectId, project.id))).toHaveLength(1);
  });
});

describe('app.assertOwns', () => {
  it('runs the hook’s check inside a service’s transaction', async () => {
    const owner = await loginAs(ctx, { user_type: 'client' });
    const other = await loginAs(ctx, { user_type: 'client' });
    const admin = await loginAs(ctx, { user_type: 'admin' });
    const caller = (u: { id: number; userType: string; isValidate: string }) => ({ id: u.id, user_type: u.userType as 'client', is_validate: u.isValidate });
    await ctx.db.transaction(async (tx) => {
      const project = await insertProject(tx as never, owner.id);
      await expect(ctx.app.assertOwns('project', project.id, caller(owner), tx)).resolves.toBeUndefined();
      await expect(ctx.app.assertOwns('project', project.id, caller(other), tx)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(ctx.app.assertOwns('project', 999_999, caller(admin), tx)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(ctx.app.assertOwns('self', owner.id, caller(owner), tx)).resolves.toBeUndefined();
    });
  });
});
