import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mails, quotes, signatureDocuments, signatureEvents, signatureSigners } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import {
  completeSignatureDocument,
  createSignatureDocument,
  ensureQuoteSignatureDocument,
  findSignerByToken,
  readOriginalPdf,
  readSignedPdf,
  sendForSignature,
  sha256,
} from '../../src/modules/signature';
import { loginAs, useTestApp, type TestUser } from '../helpers';
import { acceptedQuote } from './code-factories';
import { quotePdf } from './fixtures';

const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let carol: TestUser;
let architect: TestUser;

beforeAll(async () => {
  carol = await loginAs(ctx, { user_type: 'client' });
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
});

const deps = () => ctx.app.deps;

describe('signature documents (decision 0640)', () => {
  it('makes one document per quote, from its PDF, signed by its client', async () => {
    const quoteId = await acceptedQuote(ctx.db, carol);
    const doc = await ensureQuoteSignatureDocument(deps(), quoteId);
    const again = await ensureQuoteSignatureDocument(deps(), quoteId);
    expect(again.id).toBe(doc.id);
    expect(doc).toMatchObject({ kind: 'quote', quoteId, status: 'draft', provider: 'builtin' });
    const pdf = await readOriginalPdf(deps(), doc);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(doc.originalSha256).toBe(sha256(pdf));
    const signers = await ctx.db.select().from(signatureSigners).where(eq(signatureSigners.documentId, doc.id));
    expect(signers).toHaveLength(1);
    expect(signers[0]).toMatchObject({ userId: carol.id, email: carol.email.toLowerCase(), status: 'pending' });
  });

  it('sends a contract: each signer gets a personal link, and only its hash is kept', async () => {
    const pdf = await quotePdf(3);
    const doc = await ctx.db.transaction((tx) =>
      createSignatureDocument(deps(), tx, {
        kind: 'contract',
        ownerId: architect.id,
        title: 'Contrat de maîtrise d’œuvre',
        fileName: 'contrat.pdf',
        pdf,
        signers: [{ name: 'Marie Durand', email: 'Marie.Durand@Exemple.fr' }],
      }),
    );
    const sent = await sendForSignature(deps(), doc.id);
    expect(sent).toMatchObject({ status: 'out_for_signature', agreementId: null });
    const [mail] = await ctx.db.select().from(mails).where(eq(mails.toAddress, 'marie.durand@exemple.fr')).orderBy(desc(mails.id)).limit(1);
    expect(mail.subject).toBe('Document à signer : Contrat de maîtrise d’œuvre');
    const token = decodeURIComponent(/\/signature\/([^\s]+)/.exec(mail.textBody)![1]);
    const found = await findSignerByToken(ctx.db, token);
    expect(found?.document.id).toBe(doc.id);
    expect(JSON.stringify(await ctx.db.select().from(signatureSigners).where(eq(signatureSigners.documentId, doc.id)))).not.toContain(token);
    expect(await findSignerByToken(ctx.db, `${token}x`)).toBeUndefined();
    const twice = await sendForSignature(deps(), doc.id).catch((e) => e);
    expect(twice.code).toBe('SIGN_DOCUMENT_NOT_DRAFT');
  });

  it('completes exactly once: the quote becomes Signé once, a second completion changes nothing', async () => {
    const quoteId = await acceptedQuote(ctx.db, carol);
    const doc = await ensureQuoteSignatureDocument(deps(), quoteId);
    await sendForSignature(deps(), doc.id);
    const signedPdf = Buffer.concat([await readOriginalPdf(deps(), doc), Buffer.from('\n% signé\n')]);
    const at = new Date('2026-11-23T10:05:00Z');
    const first = await ctx.db.transaction((tx) => completeSignatureDocument(deps(), tx, doc.id, { signedPdf, at }));
    const second = await ctx.db.transaction((tx) => completeSignatureDocument(deps(), tx, doc.id, { signedPdf: Buffer.from('autre'), at: new Date() }));
    expect([first, second]).toEqual(['completed', 'already-signed']);
    const [row] = await ctx.db.select().from(signatureDocuments).where(eq(signatureDocuments.id, doc.id));
    expect(row).toMatchObject({ status: 'signed', signedSha256: sha256(signedPdf) });
    expect(await readSignedPdf(deps(), row)).toEqual(signedPdf);
    const [quote] = await ctx.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(quote).toMatchObject({ status: 'Signé', signedAt: at });
    const completions = await ctx.db.select().from(signatureEvents).where(eq(signatureEvents.documentId, doc.id));
    expect(completions.filter((e) => e.type === 'completed')).toHaveLength(1);
  });

  it('does not sign a quote cancelled while out for signature (409), and keeps the document open', async () => {
    const quoteId = await acceptedQuote(ctx.db, carol);
    const doc = await ensureQuoteSignatureDocument(deps(), quoteId);
    await sendForSignature(deps(), doc.id);
    await ctx.db.update(quotes).set({ status: 'Annulé' }).where(eq(quotes.id, quoteId));
    const refused = await ctx.db
      .transaction((tx) => completeSignatureDocument(deps(), tx, doc.id, { signedPdf: Buffer.from('%PDF-'), at: new Date() }))
      .catch((e) => e);
    expect(refused.code).toBe('QUOTE_SIGN_NOT_ALLOWED');
    const [row] = await ctx.db.select().from(signatureDocuments).where(eq(signatureDocuments.id, doc.id));
    expect(row.status).toBe('out_for_signature');
  });
});
