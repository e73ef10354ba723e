import { describe, expect, it } from 'vitest';
import { offers } from '@ouvrage/db';
import { as, loginAs, useTestApp } from './helpers';

const ctx = useTestApp();

describe('tender lists for the bell', () => {
  it('lists a professional’s own tenders and all tenders for an admin', async () => {
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
    expect(mine.json().data).toHaveLength(2);
    expect(mine.json().data.every((t: { professional_id: number }) => t.professional_id === pro.id)).toBe(true);
    const theirs = await as(ctx, pro, { method: 'GET', url: `/api/professionnel/liste-offres/${other.id}` });
    expect(theirs.statusCode).toBe(403);
    const all = await as(ctx, admin, { method: 'GET', url: '/api/admin/liste-offres' });
    expect(all.json().data).toHaveLength(3);
  });
});
