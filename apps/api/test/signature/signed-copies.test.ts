import { createHash } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mails, quotes, signatureDocuments, users } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { completeSignatureDocument, createSignatureDocument, findSignatureDocumentOfQuote, readSignedPdf, sendForSignature } from '../../src/modules/signature';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { quoteInStatus } from '../invoices/factories';
import { dataUrl, signaturePng } from './png';
import { completeQuoteSignature } from './sign-helpers';

/**
 * The signer gets the signed copy (issue 34 §6, decision 1070): when a quote, a PV de réception or
 * an uploaded contract is signed, each signer is mailed the signed PDF, attached, in their
 * language, and the architect's mail about the signature carries it too — queued once, in the
 * completing transaction, read back from the stored signed original.
 */
const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
const deps = () => ctx.app.deps;
let architect: TestUser;
let client: TestUser;

beforeAll(async () => {
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  client = await loginAs(ctx, { user_type: 'client' });
});

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const mailsTo = (email: string) => ctx.db.select().from(mails).where(eq(mails.toAddress, email)).orderBy(desc(mails.id));
const setLanguage = (id: number, language: 'fr' | 'en' | 'ar') => ctx.db.update(users).set({ language }).where(eq(users.id, id));

/** The files a mail names, produced as they would be when it goes out. */
async function attachedPdfs(mail: { attachments: Array<{ kind: string; ref: string }> | null }) {
  return deps().mailer.resolveAttachments(mail.attachments);
}

describe('a signed quote', () => {
  it('is mailed to its client in their language and to its architect, the signed PDF attached, once', async () => {
    await setLanguage(client.id, 'en');
    const quoteId = await quoteInStatus(ctx.db, { issuerId: architect.id, clientId: client.id, status: 'Accepté' });
    const [q] = await ctx.db.select().from(quotes).where(eq(quotes.id, quoteId));
    const before = (
      await ctx.db
        .select({ id: mails.id })
        .from(mails)
        .where(inArray(mails.toAddress, [client.email, architect.email]))
    ).length;

    await completeQuoteSignature(deps(), quoteId);
    const doc = (await findSignatureDocumentOfQuote(ctx.db, quoteId))!;
    expect(doc.status).toBe('signed');
    const signed = await readSignedPdf(deps(), doc);

    const [toClient] = await mailsTo(client.email);
    expect(toClient.subject).toBe(`Your signed copy: ${doc.title}`);
    expect(toClient.textBody).toContain('is attached to this e-mail: keep it.');
    expect(toClient.textBody).toMatch(/^Hello /);
    expect(toClient.attachments).toEqual([{ kind: 'signed-document', ref: String(doc.id) }]);
    const [file] = await attachedPdfs(toClient);
    expect(file).toMatchObject({ contentType: 'application/pdf' });
    expect(file.filename).toMatch(/-signe\.pdf$/);
    expect(sha(file.content)).toBe(doc.signedSha256);
    expect(file.content.equals(signed)).toBe(true);

    const [toArchitect] = await mailsTo(architect.email);
    expect(toArchitect.subject).toBe(`Devis ${q.number} signé`);
    expect(toArchitect.textBody).toContain('est joint à cet e-mail');
    expect(toArchitect.attachments).toEqual([{ kind: 'signed-document', ref: String(doc.id) }]);

    // The completion again (a job re-run, a duplicated event): no second copy.
    const count = (
      await ctx.db
        .select({ id: mails.id })
        .from(mails)
        .where(inArray(mails.toAddress, [client.email, architect.email]))
    ).length;
    expect(count).toBe(before + 2);
    expect(await ctx.db.transaction((tx) => completeSignatureDocument(deps(), tx, doc.id, { signedPdf: signed, at: clock.now() }))).toBe('already-signed');
    expect(
      (
        await ctx.db
          .select({ id: mails.id })
          .from(mails)
          .where(inArray(mails.toAddress, [client.email, architect.email]))
      ).length,
    ).toBe(count);
  });
});

describe('a signed procès-verbal de réception', () => {
  it('is mailed to its client in Arabic and to its architect, the signed PV attached', async () => {
    const arabic = await loginAs(ctx, { user_type: 'client' });
    await setLanguage(arabic.id, 'ar');
    const quoteId = await quoteInStatus(ctx.db, { issuerId: architect.id, clientId: arabic.id, status: 'Validé' });
    const recorded = await as(ctx, architect, {
      method: 'POST',
      url: `/api/devis/${quoteId}/reception`,
      payload: { reception_date: '2026-11-20', reservations: [] },
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const receptionId = recorded.json().data.id as number;

    expect((await as(ctx, arabic, { method: 'POST', url: `/api/reception/${receptionId}/signature` })).statusCode).toBe(200);
    const [codeMail] = await mailsTo(arabic.email);
    const code = /(\d{6})/.exec(codeMail.textBody)![1];
    const verified = await as(ctx, arabic, { method: 'POST', url: `/api/reception/${receptionId}/signature/code`, payload: { code } });
    expect(verified.statusCode, verified.body).toBe(200);
    const signedRes = await as(ctx, arabic, {
      method: 'POST',
      url: `/api/reception/${receptionId}/signature/signer`,
      payload: { image: dataUrl(signaturePng()), mode: 'drawn', accepted: true, document_sha256: verified.json().data.document_sha256 },
    });
    expect(signedRes.statusCode, signedRes.body).toBe(200);
    const [doc] = await ctx.db.select().from(signatureDocuments).where(eq(signatureDocuments.id, signedRes.json().data.document_id));
    expect(doc.status).toBe('signed');

    const [toClient] = await mailsTo(arabic.email);
    // The title isolated in its own direction (decision 0981).
    expect(toClient.subject).toBe(`نسختك الموقّعة: \u2068${doc.title}\u2069`);
    expect(toClient.htmlBody).toContain('dir="rtl"');
    expect(toClient.attachments).toEqual([{ kind: 'signed-document', ref: String(doc.id) }]);
    const [file] = await attachedPdfs(toClient);
    expect(sha(file.content)).toBe(doc.signedSha256);

    const [toArchitect] = await mailsTo(architect.email);
    expect(toArchitect.subject).toMatch(/^Procès-verbal de réception signé/);
    expect(toArchitect.attachments).toEqual([{ kind: 'signed-document', ref: String(doc.id) }]);
  });
});

describe('a signed uploaded contract', () => {
  it('is mailed to a signer without an account in French, and to its owner, the signed PDF attached', async () => {
    const created = await ctx.db.transaction((tx) =>
      createSignatureDocument(deps(), tx, {
        kind: 'contract',
        ownerId: architect.id,
        title: 'Contrat de maîtrise d’œuvre',
        fileName: 'contrat.pdf',
        pdf: Buffer.from('%PDF-1.7 contrat à signer'),
        signers: [{ name: 'Marie Durand', email: 'marie.durand@exemple.fr' }],
      }),
    );
    await sendForSignature(deps(), created.id);
    const signedPdf = Buffer.from('%PDF-1.7 contrat signé');
    expect(await ctx.db.transaction((tx) => completeSignatureDocument(deps(), tx, created.id, { signedPdf, at: clock.now() }))).toBe('completed');

    const [toSigner] = await mailsTo('marie.durand@exemple.fr');
    expect(toSigner.subject).toBe('Votre exemplaire signé : Contrat de maîtrise d’œuvre');
    expect(toSigner.textBody).toContain('Bonjour Marie Durand,');
    expect(toSigner.attachments).toEqual([{ kind: 'signed-document', ref: String(created.id) }]);
    const [file] = await attachedPdfs(toSigner);
    expect(file.content.equals(signedPdf)).toBe(true);
    expect(file.filename).toBe('contrat-signe.pdf');

    const [toOwner] = await ctx.db
      .select()
      .from(mails)
      .where(and(eq(mails.toAddress, architect.email), eq(mails.subject, 'Document signé : Contrat de maîtrise d’œuvre')));
    expect(toOwner.attachments).toEqual([{ kind: 'signed-document', ref: String(created.id) }]);
  });
});
