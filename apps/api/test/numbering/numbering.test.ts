import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documentCounters, users } from '@ouvrage/db';
import { createUser } from '@ouvrage/db/testing';
import { assignNumber, numbersGiven, type Transaction } from '../../src/modules/numbering';
import { useTestApp } from '../helpers';

const ctx = useTestApp();
const at = new Date('2026-06-15T10:00:00Z');

function issue(issuerId: number, options: { series?: 'devis' | 'facture' | 'avoir'; prefix?: string; at?: Date } = {}) {
  return ctx.db.transaction((tx) => assignNumber(tx, { issuerId, series: options.series ?? 'facture', prefix: options.prefix ?? 'F', at: options.at ?? at }));
}

describe('document numbers', () => {
  it('are sequential within one transaction and across transactions', async () => {
    const issuer = await createUser(ctx.db, { user_type: 'architecte' });
    const inOne = await ctx.db.transaction(async (tx) => [
      await assignNumber(tx, { issuerId: issuer.id, series: 'facture', prefix: 'F', at }),
      await assignNumber(tx, { issuerId: issuer.id, series: 'facture', prefix: 'F', at }),
    ]);
    expect(inOne.map((n) => n.number)).toEqual(['F-2026-0001', 'F-2026-0002']);
    expect(await issue(issuer.id)).toEqual({ number: 'F-2026-0003', year: 2026, sequence: 3 });
  });

  it('are separate per issuer, series and year', async () => {
    const a = await createUser(ctx.db, { user_type: 'architecte' });
    const b = await createUser(ctx.db, { user_type: 'architecte' });
    expect((await issue(a.id)).number).toBe('F-2026-0001');
    expect((await issue(b.id)).number).toBe('F-2026-0001');
    expect((await issue(a.id, { series: 'devis', prefix: 'D' })).number).toBe('D-2026-0001');
    expect((await issue(a.id, { series: 'avoir', prefix: 'AV' })).number).toBe('AV-2026-0001');
    expect((await issue(a.id, { at: new Date('2027-02-01T10:00:00Z') })).number).toBe('F-2027-0001');
    expect((await issue(a.id)).number).toBe('F-2026-0002');
  });

  it('a rolled-back transaction leaves no gap, and a committed number is never given again', async () => {
    const issuer = await createUser(ctx.db, { user_type: 'architecte' });
    expect((await issue(issuer.id)).number).toBe('F-2026-0001');
    let taken = '';
    await expect(
      ctx.db.transaction(async (tx) => {
        taken = (await assignNumber(tx, { issuerId: issuer.id, series: 'facture', prefix: 'F', at })).number;
        throw new Error('le PDF de la facture a échoué');
      }),
    ).rejects.toThrow(/PDF/);
    expect(taken).toBe('F-2026-0002');
    expect(await numbersGiven(ctx.db, { issuerId: issuer.id, series: 'facture', year: 2026 })).toBe(1);
    expect((await issue(issuer.id)).number).toBe('F-2026-0002');
    expect((await issue(issuer.id)).number).toBe('F-2026-0003');
  });

  it('20 concurrent issues get 1..20, no duplicate, no gap', async () => {
    const issuer = await createUser(ctx.db, { user_type: 'architecte' });
    const numbers = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.db.transaction(async (tx: Transaction) => {
          const n = await assignNumber(tx, { issuerId: issuer.id, series: 'facture', prefix: 'F', at });
          // Hold the lock a little, as the rest of an issuing transaction would.
          await tx.execute(sql`select pg_sleep(0.005)`);
          return n.sequence;
        }),
      ),
    );
    expect([...numbers].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await numbersGiven(ctx.db, { issuerId: issuer.id, series: 'facture', year: 2026 })).toBe(20);
  });

  it('the year changes at Paris midnight on 31 December, not at UTC midnight', async () => {
    const issuer = await createUser(ctx.db, { user_type: 'architecte' });
    expect((await issue(issuer.id, { at: new Date('2026-12-31T22:59:59Z') })).number).toBe('F-2026-0001');
    // 23:30 UTC on 31/12 is 00:30 on 1 January in Paris.
    expect((await issue(issuer.id, { at: new Date('2026-12-31T23:30:00Z') })).number).toBe('F-2027-0001');
    expect((await issue(issuer.id, { at: new Date('2027-01-01T00:30:00Z') })).number).toBe('F-2027-0002');
  });

  it('refuses a bad prefix without taking a number', async () => {
    const issuer = await createUser(ctx.db, { user_type: 'architecte' });
    await expect(issue(issuer.id, { prefix: 'f-' })).rejects.toThrow(/Préfixe/);
    expect(await numbersGiven(ctx.db, { issuerId: issuer.id, series: 'facture', year: 2026 })).toBe(0);
  });

  it('an issuer with numbered documents cannot be deleted (ON DELETE RESTRICT)', async () => {
    const issuer = await createUser(ctx.db, { user_type: 'architecte' });
    await issue(issuer.id);
    await expect(ctx.db.delete(users).where(eq(users.id, issuer.id))).rejects.toThrow();
    const rows = await ctx.db.select().from(documentCounters).where(eq(documentCounters.issuerId, issuer.id));
    expect(rows).toHaveLength(1);
  });
});
