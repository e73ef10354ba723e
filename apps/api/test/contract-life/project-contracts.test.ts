import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { avenants, invoices, quotes } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { prepareDueMilestones } from '../../src/modules/payment-schedule';
import { addedLots } from '../avenants/factories';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { acceptedProject, completeProfile } from '../quotes/factories';
import { contractTtc, quoteInStatus } from '../invoices/factories';

/**
 * A project's contracts in one read (decision 1224): the contract as signed and as amended by a
 * signed avenant, its schedule, the invoice of the deposit, what is paid and what is due next —
 * for the client, the issuer and an admin; another architect is refused.
 */
const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let admin: TestUser;

beforeAll(async () => {
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  bob = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client' });
  admin = await loginAs(ctx, { user_type: 'admin' });
  await completeProfile(ctx.db, alice.id);
});

/** The avenant adds 2 × 80,00 € HT at 10 %: 176,00 € TTC, worked out by hand. */
const AVENANT_TTC = 2 * 8_000 + 2 * 800;

const contracts = (user: TestUser, projectId: number) => as(ctx, user, { method: 'GET', url: `/api/projet/${projectId}/contrats` });

describe('the project’s contracts', () => {
  it('puts the signed quote, its avenant, its schedule, its invoices and what is due next side by side', async () => {
    // The issuer takes part in the project (his tender accepted), as every quote's issuer does.
    const projectId = (await acceptedProject(ctx.db, alice.id, carol.id)).id;
    await ctx.db.execute(
      sql`update projects set type_client = 'entreprise', company_name = 'Foncière du Rhône SAS', siret = '73282932000074' where id = ${projectId}`,
    );
    const quoteId = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id, status: 'Brouillon', projectId });
    const [q] = await ctx.db.select().from(quotes).where(eq(quotes.id, quoteId));
    const schedule = {
      contract_kind: 'travaux',
      milestones: [
        { trigger: { kind: 'signature' }, percent_bp: 3000 },
        { trigger: { kind: 'stage', stage: 'fin_gros_oeuvre' }, percent_bp: 5000 },
        { trigger: { kind: 'stage', stage: 'reception' }, percent_bp: 2000 },
      ],
    };
    expect((await as(ctx, alice, { method: 'PUT', url: `/api/devis/${quoteId}/echeancier`, payload: schedule })).statusCode).toBe(200);
    const signedAt = new Date('2026-11-23T09:00:00Z');
    await ctx.db.update(quotes).set({ status: 'Validé', signedAt, validatedAt: signedAt }).where(eq(quotes.id, quoteId));
    await ctx.db.insert(avenants).values({
      quoteId,
      projectId: q.projectId,
      issuerId: alice.id,
      clientId: carol.id,
      status: 'Signé',
      sequence: 1,
      number: `${q.number}-A1`,
      title: 'Prises supplémentaires',
      lots: addedLots(),
      createdAt: signedAt,
      updatedAt: signedAt,
      sentAt: signedAt,
      signedAt,
    });

    // Before any invoice: what is due next is the deposit.
    const before = (await contracts(carol, q.projectId)).json().data.items;
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({
      quote_id: quoteId,
      original_ttc_cents: contractTtc(),
      contract_ttc_cents: contractTtc() + AVENANT_TTC,
      avenants: [{ number: `${q.number}-A1`, status: 'Signé', change_ttc_cents: AVENANT_TTC }],
      invoices: [],
      invoiced_cents: 0,
      paid_cents: 0,
      next_due: { kind: 'milestone', position: 0 },
    });
    const milestones = before[0].schedule.milestones;
    expect(milestones.reduce((s: number, m: { due_cents: number }) => s + m.due_cents, 0)).toBe(contractTtc() + AVENANT_TTC);

    // The deposit prepared (a business client: on the day of signature) and issued.
    await prepareDueMilestones(ctx.app.deps, { error: () => {} });
    const issued = await as(ctx, alice, { method: 'POST', url: `/api/devis/${quoteId}/echeancier/emettre`, payload: { position: 0 } });
    expect(issued.statusCode, issued.body).toBe(200);
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.quoteId, quoteId));
    expect(invoice.totalTtcCents).toBe(milestones[0].due_cents);

    const open = (await contracts(carol, q.projectId)).json().data.items[0];
    expect(open.invoices).toEqual([expect.objectContaining({ id: invoice.id, total_ttc_cents: invoice.totalTtcCents, left_cents: invoice.totalTtcCents })]);
    expect(open.invoiced_cents).toBe(invoice.totalTtcCents);
    expect(open.next_due).toEqual({
      kind: 'invoice',
      invoice_id: invoice.id,
      number: invoice.number,
      left_cents: invoice.totalTtcCents,
      due_date: expect.any(String),
    });

    // Paid: the next milestone is what comes next.
    await ctx.db.update(invoices).set({ paidCents: invoice.totalTtcCents }).where(eq(invoices.id, invoice.id));
    const paid = (await contracts(carol, q.projectId)).json().data.items[0];
    expect(paid.paid_cents).toBe(invoice.totalTtcCents);
    expect(paid.schedule.milestones[0].state).toBe('paye');
    expect(paid.next_due).toEqual({ kind: 'milestone', position: 1, due_cents: milestones[1].due_cents, due_on: null });

    // The issuer and an admin read the same; another architect is refused.
    expect((await contracts(alice, q.projectId)).json().data.items).toEqual([paid]);
    expect((await contracts(admin, q.projectId)).json().data.items).toEqual([paid]);
    expect((await contracts(bob, q.projectId)).statusCode).toBe(403);
  });

  it('a project without a signed contract has none; an unknown project is refused', async () => {
    const quoteId = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id, status: 'Envoyé' });
    const [q] = await ctx.db.select().from(quotes).where(eq(quotes.id, quoteId));
    const res = await contracts(carol, q.projectId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items).toEqual([]);
    expect([403, 404]).toContain((await contracts(carol, 99_999_999)).statusCode);
  });
});
