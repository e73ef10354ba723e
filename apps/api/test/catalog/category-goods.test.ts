import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { biens } from '@ouvrage/db';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { catalogIds } from '../projects/factories';

/** Issue 15: an active category without any active good would stop the journey at its second step. */
const ctx = useTestApp();
let admin: TestUser;
beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
});

const publicIds = async () => ((await ctx.app.inject({ method: 'GET', url: '/api/categoryprojects' })).json().data as Array<{ id: number }>).map((c) => c.id);

describe('a category offers at least one good', () => {
  it('refuses to activate a category without goods, and accepts it inactive', async () => {
    const res = await as(ctx, admin, {
      method: 'POST',
      url: '/api/admin/save-category',
      payload: { name: 'Piscine', description: '', position: 9, active: true, biens: [] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CATEGORY_WITHOUT_GOODS', fields: { biens: expect.stringContaining('au moins un bien actif') } });
    const inactive = await as(ctx, admin, {
      method: 'POST',
      url: '/api/admin/save-category',
      payload: { name: 'Piscine', description: '', position: 9, active: false, biens: [] },
    });
    expect(inactive.statusCode, inactive.body).toBe(201);
  });

  it('hides from the journey an active category whose goods were all deactivated since', async () => {
    const { bien } = await catalogIds(ctx.db, 'renovation', 'commerce');
    const created = await as(ctx, admin, {
      method: 'POST',
      url: '/api/admin/save-category',
      payload: { name: 'Vitrine', description: '', position: 10, active: true, biens: [bien] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    expect(await publicIds()).toContain(id);
    await ctx.db.update(biens).set({ active: false }).where(eq(biens.id, bien));
    expect(await publicIds()).not.toContain(id);
    await ctx.db.update(biens).set({ active: true }).where(eq(biens.id, bien));
    expect(await publicIds()).toContain(id);
  });
});
