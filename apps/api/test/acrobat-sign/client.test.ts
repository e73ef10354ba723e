import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '@ouvrage/domain';
import { AcrobatSignClient, AcrobatSignError } from '../../src/modules/acrobat-sign';
import { startFakeAcrobatSign, type FakeAcrobatSign } from '../fakes/acrobat-sign-server';
import { quotePdf } from '../signature/fixtures';

let fake: FakeAcrobatSign;
let pdf: Buffer;
beforeAll(async () => {
  fake = await startFakeAcrobatSign({ expiresIn: 3600 });
  pdf = await quotePdf(3);
});
afterAll(() => fake.close());

const calls = (path: string) => fake.requests.filter((r) => new URL(r.url, 'http://x').pathname === path);

describe('Acrobat Sign client (REST v6, against the fake)', () => {
  it('uploads a transient document, creates an agreement, reads its status, events and combined document', async () => {
    const client = new AcrobatSignClient(fake.settings);
    const transientId = await client.uploadTransientDocument('devis-D-2026-0001.pdf', pdf);
    expect(fake.transientDocuments.get(transientId)).toMatchObject({ name: 'devis-D-2026-0001.pdf' });
    expect(fake.transientDocuments.get(transientId)?.bytes.equals(pdf)).toBe(true);
    const upload = calls('/api/rest/v6/transientDocuments').at(-1)!;
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);

    const agreementId = await client.createAgreement({
      name: 'Devis D-2026-0001',
      transientDocumentId: transientId,
      signerEmails: ['marie@exemple.fr', 'karim@exemple.fr'],
    });
    const created = JSON.parse(calls('/api/rest/v6/agreements').at(-1)!.body);
    expect(created).toEqual({
      fileInfos: [{ transientDocumentId: transientId }],
      name: 'Devis D-2026-0001',
      participantSetsInfo: [
        { memberInfos: [{ email: 'marie@exemple.fr' }], order: 1, role: 'SIGNER' },
        { memberInfos: [{ email: 'karim@exemple.fr' }], order: 2, role: 'SIGNER' },
      ],
      signatureType: 'ESIGN',
      state: 'IN_PROCESS',
    });
    expect(await client.getAgreement(agreementId)).toEqual({ id: agreementId, name: 'Devis D-2026-0001', status: 'OUT_FOR_SIGNATURE' });

    await fake.signAgreement(agreementId);
    expect((await client.getAgreement(agreementId)).status).toBe('SIGNED');
    const signed = await client.getCombinedDocument(agreementId);
    expect(signed.subarray(0, 5).toString()).toBe('%PDF-');
    expect(signed.equals(pdf)).toBe(false);
    const events = await client.getAgreementEvents(agreementId);
    expect(events.map((e) => e.type)).toEqual(['CREATED', 'ACTION_REQUESTED', 'ACTION_REQUESTED', 'ESIGNED', 'ESIGNED', 'SIGNED']);
    expect(events[3]).toMatchObject({ participantEmail: 'marie@exemple.fr', actingUserIpAddress: '198.51.100.23' });
    expect(events[3].date).toBeInstanceOf(Date);
    // Every API call carried a bearer token the fake handed out.
    for (const r of fake.requests.filter((r) => r.url.startsWith('/api/'))) expect(r.headers.authorization).toMatch(/^Bearer 3AAABLfake-access-/);
  });

  it('keeps the access token until it expires, then refreshes it with the refresh grant', async () => {
    const clock = new FixedClock();
    const client = new AcrobatSignClient(fake.settings, { clock });
    const before = fake.refreshes();
    // Calls made together share one refresh.
    await Promise.all([client.getAgreement('CBJCHBCAABAAagreement1'), client.getAgreement('CBJCHBCAABAAagreement1')]);
    await client.getAgreement('CBJCHBCAABAAagreement1');
    expect(fake.refreshes()).toBe(before + 1);
    const refresh = calls('/oauth/v2/refresh').at(-1)!;
    expect(refresh.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(refresh.body))).toEqual({
      grant_type: 'refresh_token',
      client_id: fake.settings.clientId,
      client_secret: fake.settings.clientSecret,
      refresh_token: fake.settings.refreshToken,
    });

    clock.advance(3600_000 - 61_000); // still valid (renewed a minute before expiry)
    await client.getAgreement('CBJCHBCAABAAagreement1');
    expect(fake.refreshes()).toBe(before + 1);
    clock.advance(2_000);
    await client.getAgreement('CBJCHBCAABAAagreement1');
    expect(fake.refreshes()).toBe(before + 2);
  });

  it('renews a token refused with 401 and repeats the call once', async () => {
    const client = new AcrobatSignClient(fake.settings);
    await client.getAgreement('CBJCHBCAABAAagreement1');
    const before = fake.refreshes();
    fake.revokeTokens();
    const agreement = await client.getAgreement('CBJCHBCAABAAagreement1');
    expect(agreement.status).toBe('SIGNED');
    expect(fake.refreshes()).toBe(before + 1);
    const last = fake.requests.slice(-3).map((r) => `${r.method} ${r.url}`);
    expect(last).toEqual([
      'GET /api/rest/v6/agreements/CBJCHBCAABAAagreement1',
      'POST /oauth/v2/refresh',
      'GET /api/rest/v6/agreements/CBJCHBCAABAAagreement1',
    ]);
  });

  it('reports a refused refresh token and API errors with their status and code', async () => {
    const wrong = new AcrobatSignClient({ ...fake.settings, refreshToken: 'révoqué' });
    await expect(wrong.getAgreement('CBJCHBCAABAAagreement1')).rejects.toThrow(/jeton d’accès refusé \(HTTP 401\)/);
    const client = new AcrobatSignClient(fake.settings);
    const error = await client.getAgreement('inconnu').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AcrobatSignError);
    expect(error).toMatchObject({ status: 404, message: expect.stringContaining('INVALID_AGREEMENT_ID') });
    const unreachable = new AcrobatSignClient({ ...fake.settings, baseUrl: 'http://127.0.0.1:9' });
    await expect(unreachable.getAgreement('x')).rejects.toThrow(/injoignable/);
  });
});
