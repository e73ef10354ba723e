import { describe, expect, it } from 'vitest';
import { and, inArray } from 'drizzle-orm';
import { offers } from '@ouvrage/db';
import { createUser } from '@ouvrage/db/testing';
import { effectiveTenderStatus, isAvailableTender, PROJECT_STATES, TENDER_STATUSES, TENDER_VALIDATIONS, type TenderStatus } from '@ouvrage/domain';
import { useTestApp } from '../helpers';
import { insertProject } from '../projects/factories';
import { effectiveStatus, isAvailable, statusIs } from '../../src/modules/tenders/repository';

/**
 * The computed tender status exists twice: in SQL (lists, filters, the bell) and in TypeScript
 * (`effectiveTenderStatus`, the answer rules). Every combination of stored status, validation,
 * deadline and project state must give the same status in both, and the same availability.
 */
const ctx = useTestApp();

describe('computed tender status: SQL and TypeScript agree', () => {
  it('on every combination of status, validation, deadline and project state', async () => {
    const client = await createUser(ctx.db, { user_type: 'client' });
    const projectIds: Array<number | null> = [null];
    for (const state of PROJECT_STATES) projectIds.push((await insertProject(ctx.db, client.id, { state })).id);
    const stateOf = new Map<number | null, string | null>([[null, null], ...PROJECT_STATES.map((s, i) => [projectIds[i + 1], s] as [number, string])]);
    const hour = 3_600_000;
    const deadlines = [-30 * 24 * hour, -hour, hour, 30 * 24 * hour];

    // One professional per (status, validation, deadline): a project has one tender per professional.
    const values: Array<typeof offers.$inferInsert> = [];
    for (const status of TENDER_STATUSES) {
      for (const validation of TENDER_VALIDATIONS) {
        for (const offset of deadlines) {
          const pro = await createUser(ctx.db, { user_type: 'professionnel', is_validate: 'Validé' });
          for (const projectId of projectIds)
            values.push({ projectId, professionalId: pro.id, status, validation, replyDeadline: new Date(Date.now() + offset) });
        }
      }
    }
    const inserted = await ctx.db.insert(offers).values(values).returning({ id: offers.id });
    const ids = inserted.map((r) => r.id);
    const now = new Date();
    const rows = await ctx.db.select({ offer: offers, status: effectiveStatus, available: isAvailable }).from(offers).where(inArray(offers.id, ids));
    expect(rows).toHaveLength(TENDER_STATUSES.length * 2 * deadlines.length * projectIds.length);

    const expected = new Map<number, TenderStatus>();
    for (const r of rows) {
      const projectState = stateOf.get(r.offer.projectId)!;
      const ts = effectiveTenderStatus({ status: r.offer.status, replyDeadline: r.offer.replyDeadline, projectState }, now);
      expected.set(r.offer.id, ts);
      const combination = `${r.offer.status} / validation ${r.offer.validation} / ${r.offer.replyDeadline.getTime() < now.getTime() ? 'past' : 'future'} / ${projectState}`;
      expect(r.status, combination).toBe(ts);
      expect(r.available, combination).toBe(isAvailableTender({ status: ts, validation: r.offer.validation }));
    }

    // Filtering by status in SQL selects exactly the tenders TypeScript gives that status
    // (`Disponible` as a filter means available: sent and still open).
    for (const status of TENDER_STATUSES) {
      const filtered = await ctx.db
        .select({ id: offers.id })
        .from(offers)
        .where(and(inArray(offers.id, ids), statusIs(status)));
      const want = rows
        .filter((r) => expected.get(r.offer.id) === status && (status !== 'Disponible' || r.offer.validation === '1'))
        .map((r) => r.offer.id)
        .sort((a, b) => a - b);
      expect(
        filtered.map((f) => f.id).sort((a, b) => a - b),
        status,
      ).toEqual(want);
    }
  });
});
