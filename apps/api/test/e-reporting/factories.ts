import { eReports, type Database } from '@ouvrage/db';

let seq = 0;

/** A report `user` issued (owner kind `e-report`), for the permission matrix. */
export async function ownedEReport(db: Database, user: { id: number }): Promise<number> {
  seq += 1;
  const periodStart = `20${String(10 + (seq % 80)).padStart(2, '0')}-01-01`;
  const [row] = await db
    .insert(eReports)
    .values({
      issuerId: user.id,
      kind: 'transactions',
      periodKind: 'month',
      periodStart,
      periodEnd: periodStart.replace('-01-01', '-01-31'),
      dueDate: periodStart.replace('-01-01', '-02-10'),
      state: 'submitted',
      trackingId: `ER-TEST-${user.id}-${seq}`,
      flowId: `flow-test-${seq}`,
      content: { period: { start: periodStart, end: periodStart }, lines: [], totals: { taxExclusiveCents: 0, taxCents: 0, count: 0 }, documents: [] },
      xml: '<Report/>',
      history: [{ at: '2026-01-01T00:00:00.000Z', state: 'submitted' }],
    })
    .returning({ id: eReports.id });
  return row.id;
}
