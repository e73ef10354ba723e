import { describe, expect, it } from 'vitest';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp } from '../helpers';

// Sessions last longer than this file runs; the clock only moves around Paris midnight.
const clock = new FixedClock('2026-11-22T12:00:00Z');
const ctx = useTestApp({}, { clock });

describe('products CSV file name', () => {
  it('is dated by the day in Paris, not the UTC day (23:30 UTC is already tomorrow in Paris, winter and summer)', async () => {
    const architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
    const fileName = async (at: string) => {
      clock.set(at);
      const res = await as(ctx, architect, { method: 'GET', url: '/api/produit/export' });
      expect(res.statusCode, res.body).toBe(200);
      return /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))?.[1];
    };
    expect(await fileName('2026-11-22T22:59:00Z')).toBe('produits-2026-11-22.csv');
    expect(await fileName('2026-11-22T23:30:00Z')).toBe('produits-2026-11-23.csv');
    expect(await fileName('2027-07-14T21:30:00Z')).toBe('produits-2027-07-14.csv');
    expect(await fileName('2027-07-14T22:30:00Z')).toBe('produits-2027-07-15.csv');
  });
});
