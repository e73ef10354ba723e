import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mails, signatureEvents, signatureSigners } from '@ouvrage/db';
import { createSignatureDocument, findSignerByToken, sendForSignature } from '../../src/modules/signature';
import { loginAs, useTestApp, type TestUser } from '../helpers';
import { quotePdf } from './fixtures';

/**
 * A document is sent once even when the send is asked several times at once (decision 0970):
 * before, each concurrent send called the provider — the built-in one mailed every signer once
 * per request, each mail's link killing the previous one's.
 */
const ctx = useTestApp();
let architect: TestUser;
beforeAll(async () => {
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
});

describe('sending a document for signature, asked four times at once', () => {
  it('sends it once: one invitation mail per signer, whose link works, one « sent » event, the other requests refused', async () => {
    const email = `signataire.${Date.now()}@exemple.fr`;
    const doc = await ctx.db.transaction(async (tx) =>
      createSignatureDocument(ctx.app.deps, tx, {
        kind: 'contract',
        ownerId: architect.id,
        title: 'Contrat de maîtrise d’œuvre',
        fileName: 'contrat.pdf',
        pdf: await quotePdf(2),
        signers: [{ name: 'Marie Durand', email }],
      }),
    );
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () =>
        sendForSignature(ctx.app.deps, doc.id).then(
          () => 'sent',
          (e: { code?: string }) => e.code,
        ),
      ),
    );
    expect(outcomes.sort()).toEqual(['SIGN_DOCUMENT_NOT_DRAFT', 'SIGN_DOCUMENT_NOT_DRAFT', 'SIGN_DOCUMENT_NOT_DRAFT', 'sent']);
    const sent = await ctx.db.select().from(mails).where(eq(mails.toAddress, email));
    expect(sent).toHaveLength(1);
    const token = decodeURIComponent(/\/signature\/([^\s]+)/.exec(sent[0].textBody)![1]);
    expect((await findSignerByToken(ctx.db, token))?.document.id).toBe(doc.id);
    expect((await ctx.db.select().from(signatureEvents).where(eq(signatureEvents.documentId, doc.id))).filter((e) => e.type === 'sent')).toHaveLength(1);
    expect(await ctx.db.select().from(signatureSigners).where(eq(signatureSigners.documentId, doc.id))).toHaveLength(1);
  });
});
