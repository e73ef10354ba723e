import { beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '@ouvrage/domain';
import { normalise, pdfPages } from '../pdf/pdf-text';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { acceptedProject, completeProfile } from '../quotes/factories';
import { quoteContent } from '../quotes/quote-body';

/**
 * The schedule goes out with the quote (decision 1221): sending checks it again — against the total
 * as edited and today's date — and the sent quote's PDF prints it; a new version starts from it.
 */
const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let architect: TestUser;
let client: TestUser;

beforeAll(async () => {
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  client = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, architect.id);
});

describe('sending a quote with its schedule', () => {
  it('is refused while a milestone’s date has come too close, then sent with the schedule printed', async () => {
    const projectId = (await acceptedProject(ctx.db, architect.id, client.id)).id;
    const draft = await as(ctx, architect, { method: 'POST', url: '/api/devis', payload: { project_id: projectId, ...quoteContent() } });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().data.id;
    const schedule = {
      milestones: [
        { trigger: { kind: 'signature' }, percent_bp: 3000 },
        { trigger: { kind: 'date', date: '2026-12-10' }, percent_bp: 3000 },
        { trigger: { kind: 'stage', stage: 'reception' }, percent_bp: 4000 },
      ],
    };
    expect((await as(ctx, architect, { method: 'PUT', url: `/api/devis/${id}/echeancier`, payload: schedule })).statusCode).toBe(200);

    // A week later, the dated milestone would fall inside the client's withdrawal period.
    clock.set('2026-11-30T10:00:00Z');
    const refused = await as(ctx, architect, { method: 'POST', url: `/api/send-devis-email/${id}` });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'PAYMENT_SCHEDULE_BEFORE_WITHDRAWAL_END', params: { n: 2 } });
    expect((await as(ctx, architect, { method: 'GET', url: `/api/devis/${id}/echeancier` })).json().data.schedule.editable).toBe(true);

    schedule.milestones[1].trigger = { kind: 'date', date: '2027-01-15' };
    expect((await as(ctx, architect, { method: 'PUT', url: `/api/devis/${id}/echeancier`, payload: schedule })).statusCode).toBe(200);
    const sent = await as(ctx, architect, { method: 'POST', url: `/api/send-devis-email/${id}` });
    expect(sent.statusCode, sent.body).toBe(200);

    const pdf = await as(ctx, client, { method: 'GET', url: `/api/devis/${id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = normalise((await pdfPages(pdf.rawPayload)).join(' '));
    expect(text).toContain('Échéancier de paiement');
    expect(text).toContain('Acompte à la signature');
    expect(text).toContain('Échéance du 15/01/2027');
    const after = (await as(ctx, architect, { method: 'GET', url: `/api/devis/${id}/echeancier` })).json().data.schedule;
    expect(after.editable).toBe(false);

    // A new version starts from the schedule as set, editable again, nothing reached.
    const v2 = await as(ctx, architect, { method: 'POST', url: `/api/devis/${id}/nouvelle-version` });
    expect(v2.statusCode, v2.body).toBeLessThan(300);
    const copied = (await as(ctx, architect, { method: 'GET', url: `/api/devis/${v2.json().data.id}/echeancier` })).json().data.schedule;
    expect(copied.editable).toBe(true);
    expect(copied.milestones.map((m: { trigger: unknown; percent_bp: number | null }) => ({ trigger: m.trigger, percent_bp: m.percent_bp }))).toEqual(
      schedule.milestones.map((m) => ({ trigger: m.trigger, percent_bp: m.percent_bp })),
    );
    expect(copied.milestones.map((m: { state: string }) => m.state)).toEqual(['a_venir', 'a_venir', 'a_venir']);
  });
});
