import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { companyInsurances, mails } from '@ouvrage/db';
import type { QuotePdfInput } from '../../src/modules/pdf';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { acceptedProject, completeProfile } from './factories';
import { quoteContent } from './quote-body';

/**
 * The PDF route and what it hands the renderer (the renderer itself is the pdf module's, tested
 * there): here it is replaced by one that records its input and answers a minimal PDF.
 */
const rendered: QuotePdfInput[] = [];
vi.mock('../../src/modules/pdf', () => ({
  renderQuotePdf: async (input: QuotePdfInput) => {
    rendered.push(input);
    return Buffer.from(`%PDF-1.7\n% ${input.quote.label}\n%%EOF\n`);
  },
}));

const ctx = useTestApp();
let alice: TestUser;
let carol: TestUser;
let bob: TestUser;
let projectId: number;

beforeAll(async () => {
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  bob = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, alice.id);
  projectId = (await acceptedProject(ctx.db, alice.id, carol.id)).id;
});

describe('GET /api/devis/{id}/pdf', () => {
  it('serves the quote inline with its number as file name and the insurance certificates as annexes', async () => {
    const certificate = await ctx.app.deps.storage.save(Buffer.from('%PDF-1.4 attestation'), 'pdf');
    await ctx.db
      .update(companyInsurances)
      .set({ certificatePath: certificate, certificateName: 'attestation-decennale.pdf', certificateMime: 'application/pdf' })
      .where(eq(companyInsurances.userId, alice.id));
    const draft = await as(ctx, alice, { method: 'POST', url: '/api/devis', payload: { project_id: projectId, ...quoteContent() } });
    const id = draft.json().data.id;
    const asDraft = await as(ctx, alice, { method: 'GET', url: `/api/devis/${id}/pdf` });
    expect(asDraft.statusCode, asDraft.body).toBe(200);
    expect(asDraft.headers['content-type']).toBe('application/pdf');
    expect(asDraft.headers['content-disposition']).toContain('inline; filename="devis-brouillon.pdf"');
    expect((await as(ctx, carol, { method: 'GET', url: `/api/devis/${id}/pdf` })).statusCode).toBe(404);
    expect((await as(ctx, bob, { method: 'GET', url: `/api/devis/${id}/pdf` })).statusCode).toBe(403);

    const sent = await as(ctx, alice, { method: 'POST', url: `/api/send-devis-email/${id}` });
    expect(sent.statusCode, sent.body).toBe(200);
    const res = await as(ctx, carol, { method: 'GET', url: `/api/devis/${id}/pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="devis-D-2026-0001.pdf"');
    const input = rendered[rendered.length - 1];
    expect(input.quote).toMatchObject({ id, number: 'D-2026-0001', status: 'Envoyé' });
    expect(input.quote.issuer.siret).toBeTruthy();
    expect(input.certificates.map((c) => [c.kind, c.name, c.bytes.toString()])).toEqual(
      expect.arrayContaining([
        ['decennale', 'attestation-decennale.pdf', '%PDF-1.4 attestation'],
        ['rc_pro', 'attestation-decennale.pdf', '%PDF-1.4 attestation'],
      ]),
    );

    // The queued mail's attachment resolves to the same PDF when the mail goes out.
    const [mail] = await ctx.db.select().from(mails).where(eq(mails.toAddress, carol.email));
    const files = await ctx.app.deps.mailer.resolveAttachments(mail.attachments);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ filename: 'devis-D-2026-0001.pdf', contentType: 'application/pdf' });
    expect(files[0].content.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
