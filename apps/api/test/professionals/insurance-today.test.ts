import { beforeAll, describe, expect, it } from 'vitest';
import { companyInsurances } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { ensureCompany } from './factories';

// An insurance ending on 22 November, read around midnight in Paris (UTC+1 in November).
const clock = new FixedClock('2026-11-22T22:30:00Z');
const ctx = useTestApp({}, { clock });
let pro: TestUser;

beforeAll(async () => {
  pro = await loginAs(ctx, { user_type: 'professionnel' });
  await ensureCompany(ctx.db, pro.id);
  await ctx.db.insert(companyInsurances).values({
    userId: pro.id,
    kind: 'decennale',
    insurer: 'SMABTP',
    policyNumber: 'D-42',
    validFrom: '2026-01-01',
    validUntil: '2026-11-22',
    certificatePath: 'certificats/decennale.pdf',
    certificateName: 'decennale.pdf',
  });
});

const decennale = async () => (await as(ctx, pro, { method: 'GET', url: `/api/professionnel/get-info/${pro.id}` })).json().data.insurances.decennale;

describe('validity dates are read against today in Paris, from the injected clock', () => {
  it('is still valid at 23:30 in Paris on its last day', async () => {
    expect(await decennale()).toMatchObject({ valid_until: '2026-11-22', valid: true });
  });

  it('has expired at 0:30 in Paris the next day, although it is still the 22nd in UTC', async () => {
    clock.set('2026-11-22T23:30:00Z');
    expect(await decennale()).toMatchObject({ valid: false });
  });
});

describe('insurance dates are real days', () => {
  it('answers 400 on 30 February instead of letting the database fail', async () => {
    const insurance = { insurer: 'SMABTP', policy_number: 'D-42', valid_from: '2026-01-01', valid_until: '2027-02-30', coverage: 'France' };
    const res = await as(ctx, pro, { method: 'PATCH', url: `/api/professionnel/store-details/${pro.id}`, payload: { rc_pro: insurance } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields['rc_pro.valid_until']).toMatch(/jour réel/);
  });
});
