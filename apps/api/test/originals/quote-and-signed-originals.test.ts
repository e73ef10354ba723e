import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { companyInsurances, signatureDocuments } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { completeSignatureDocument, sendForSignature } from '../../src/modules/signature';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { acceptedProject, completeProfile } from '../quotes/factories';
import { quoteContent } from '../quotes/quote-body';
import { quotePdf as samplePdf } from '../signature/fixtures';
import { originalRow, sha256, storedFiles, tamper } from './helpers';

/**
 * A sent quote's version is stored once, as sent (decision 1020); the signature documents' PDFs —
 * uploaded contracts, quotes and PVs sent for signature, and their signed copies — are read back
 * only when they match the SHA-256 and size recorded with them (decision 1023).
 */
const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let alice: TestUser;
let carol: TestUser;

beforeAll(async () => {
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, alice.id);
});

afterEach(() => clock.set('2026-11-23T10:00:00Z'));

async function download(url: string, user: TestUser = alice) {
  const res = await as(ctx, user, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

describe('a sent quote', () => {
  it('a draft has no original; once sent, its version is stored, and every download and the mail serve those bytes, whatever changes after', async () => {
    const project = await acceptedProject(ctx.db, alice.id, carol.id);
    const draft = await as(ctx, alice, { method: 'POST', url: '/api/devis', payload: { project_id: project.id, ...quoteContent() } });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().data.id as number;
    await download(`/api/devis/${id}/pdf`);
    expect(await originalRow(ctx, 'quote', id)).toBeUndefined();

    const sent = await as(ctx, alice, { method: 'POST', url: `/api/send-devis-email/${id}` });
    expect(sent.statusCode, sent.body).toBe(200);
    await ctx.app.deps.jobs.kick();
    const row = await originalRow(ctx, 'quote', id);
    expect(row).toBeDefined();
    const first = await download(`/api/devis/${id}/pdf`, carol);
    expect(sha256(first)).toBe(row!.sha256);
    expect(first.length).toBe(row!.sizeBytes);

    // Later: another day, another colour in the settings, the client's answer with an option.
    clock.set('2026-12-02T16:00:00Z');
    const settings = (await as(ctx, alice, { method: 'GET', url: '/api/devis/parametre' })).json().data;
    const saved = await as(ctx, alice, { method: 'PATCH', url: '/api/devis/parametre', payload: { ...settings, accent_color: '#aa3300' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const detail = (await as(ctx, carol, { method: 'GET', url: `/api/get-details-devis/${id}` })).json().data;
    const option = (detail.lots as Array<{ lines: Array<{ id: number; optional: boolean }> }>).flatMap((l) => l.lines).find((l) => l.optional);
    const accepted = await as(ctx, carol, {
      method: 'POST',
      url: `/api/validate-devis-client/${id}`,
      payload: { chosen_option_ids: option ? [option.id] : [] },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    expect((await download(`/api/devis/${id}/pdf`)).equals(first)).toBe(true);
    expect((await download(`/api/devis/${id}/pdf`, carol)).equals(first)).toBe(true);
    const [attachment] = await ctx.app.deps.mailer.resolveAttachments([{ kind: 'quote-pdf', ref: String(id) }]);
    expect(attachment.content.equals(first)).toBe(true);
    expect(await originalRow(ctx, 'quote', id)).toEqual(row);
  });
});

describe('a rendering that fails', () => {
  it('stores nothing and leaves no row: the next read renders again, and what it stores is the one original', async () => {
    const project = await acceptedProject(ctx.db, alice.id, carol.id);
    const draft = await as(ctx, alice, { method: 'POST', url: '/api/devis', payload: { project_id: project.id, ...quoteContent() } });
    const id = draft.json().data.id as number;
    // The certificate the PDF annexes is gone from the store: the rendering fails.
    const missing = `2026/11/${crypto.randomUUID()}.pdf`;
    await ctx.db
      .update(companyInsurances)
      .set({ certificatePath: missing, certificateName: 'attestation.pdf', certificateMime: 'application/pdf' })
      .where(eq(companyInsurances.userId, alice.id));
    const pdfs = () => storedFiles(ctx).filter((f) => f.endsWith('.pdf')).length;
    const pdfsBefore = pdfs();
    expect((await as(ctx, alice, { method: 'POST', url: `/api/send-devis-email/${id}` })).statusCode).toBe(200);
    await ctx.app.deps.jobs.kick();
    expect(await originalRow(ctx, 'quote', id)).toBeUndefined();
    const refused = await as(ctx, carol, { method: 'GET', url: `/api/devis/${id}/pdf` });
    expect(refused.statusCode).toBe(404);
    expect(await originalRow(ctx, 'quote', id)).toBeUndefined();
    // No PDF was left in the store by the failed renderings.
    expect(pdfs()).toBe(pdfsBefore);

    await ctx.db.update(companyInsurances).set({ certificatePath: null }).where(eq(companyInsurances.userId, alice.id));
    const first = await download(`/api/devis/${id}/pdf`, carol);
    expect(sha256(first)).toBe((await originalRow(ctx, 'quote', id))!.sha256);
    expect((await download(`/api/devis/${id}/pdf`)).equals(first)).toBe(true);
  });
});

describe('signature documents', () => {
  async function uploadedContract(): Promise<{ id: number; pdf: Buffer }> {
    const pdf = await samplePdf(1);
    const project = await acceptedProject(ctx.db, alice.id, carol.id);
    const boundary = '----ouvrage-originals';
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.concat([
      Buffer.from(
        part('title', 'Contrat de maîtrise d’œuvre') +
          part('project_id', String(project.id)) +
          part('signers', JSON.stringify([{ name: 'Carole Client', email: carol.email }])),
      ),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contrat.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await as(ctx, alice, {
      method: 'POST',
      url: '/api/documents/contrats',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().data.id, pdf };
  }

  const documentRow = async (id: number) => (await ctx.db.select().from(signatureDocuments).where(eq(signatureDocuments.id, id)))[0];

  it('keep each PDF’s size with its SHA-256, and serve a changed original or signed copy to nobody', async () => {
    const { id, pdf } = await uploadedContract();
    let doc = await documentRow(id);
    expect(doc).toMatchObject({ originalSha256: sha256(pdf), originalSize: pdf.length, signedSize: null });
    expect((await download(`/api/documents/${id}/original`)).equals(pdf)).toBe(true);

    await sendForSignature(ctx.app.deps, id);
    const signedPdf = Buffer.concat([pdf, Buffer.from('\n% signé\n')]);
    await ctx.db.transaction((tx) => completeSignatureDocument(ctx.app.deps, tx, id, { signedPdf, at: clock.now() }));
    doc = await documentRow(id);
    expect(doc).toMatchObject({ status: 'signed', signedSha256: sha256(signedPdf), signedSize: signedPdf.length });
    const signed = await download(`/api/documents/${id}/signe`, carol);
    expect(signed.equals(signedPdf)).toBe(true);

    const filesBefore = storedFiles(ctx).length;
    tamper(ctx, doc.signedKey!);
    const refused = await as(ctx, carol, { method: 'GET', url: `/api/documents/${id}/signe` });
    expect(refused.statusCode).toBe(500);
    expect(refused.json().error.code).toBe('DOCUMENT_ORIGINAL_ALTERED');
    tamper(ctx, doc.originalKey);
    expect((await as(ctx, alice, { method: 'GET', url: `/api/documents/${id}/original` })).json().error.code).toBe('DOCUMENT_ORIGINAL_ALTERED');
    // Nothing was made again in their place.
    expect(storedFiles(ctx).length).toBe(filesBefore);
  });
});
