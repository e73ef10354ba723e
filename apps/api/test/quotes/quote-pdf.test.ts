import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyInsurances, mails } from '@ouvrage/db';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { certificatePdf, pdfPages } from '../pdf/pdf-text';
import { acceptedProject, completeProfile } from './factories';
import { quoteContent } from './quote-body';

/**
 * The PDF route, with the real renderer (its layout is tested in test/pdf): who may read it, its
 * file name, what it prints of the quote, and the insurance certificates annexed as pages.
 */
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
    const certificate = await ctx.app.deps.storage.save(await certificatePdf(['ATTESTATION DECENNALE PAGE UN', 'ATTESTATION DECENNALE PAGE DEUX']), 'pdf');
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
    const pages = await pdfPages(res.rawPayload);
    const text = pages.join(' ');
    expect(text).toContain('D-2026-0001');
    expect(text).toMatch(/SIRET/i);
    // Both insurances point at the same certificate: its two pages are annexed for each of them.
    expect(pages.filter((page) => page.includes('ATTESTATION DECENNALE PAGE UN'))).toHaveLength(2);
    expect(pages.filter((page) => page.includes('ATTESTATION DECENNALE PAGE DEUX'))).toHaveLength(2);

    // The queued mail's attachment resolves to the same PDF when the mail goes out.
    const [mail] = await ctx.db.select().from(mails).where(eq(mails.toAddress, carol.email));
    const files = await ctx.app.deps.mailer.resolveAttachments(mail.attachments);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ filename: 'devis-D-2026-0001.pdf', contentType: 'application/pdf' });
    expect(files[0].content.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
