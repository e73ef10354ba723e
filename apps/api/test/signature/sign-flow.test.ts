import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mails, quoteEvents, quotes, signatureDocuments, signatureEvents, signatureSigners } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { completeBuiltinSignature, createSignatureDocument, SIGNATURE_COMPLETE_JOB, sendForSignature, sha256 } from '../../src/modules/signature';
import { enqueue } from '../../src/modules/jobs';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { acceptedQuote } from './code-factories';
import { quotePdf } from './fixtures';
import { pdfsig } from './pdfsig';
import { dataUrl, signaturePng } from './png';

const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
const deps = () => ctx.app.deps;
let admin: TestUser;
let carol: TestUser;
let architect: TestUser;

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  carol = await loginAs(ctx, { user_type: 'client' });
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
});

const ink = dataUrl(signaturePng());

function pdftotext(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'ouvrage-text-'));
  try {
    writeFileSync(join(dir, 'f.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'f.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
function pageCount(pdf: Buffer): number {
  const dir = mkdtempSync(join(tmpdir(), 'ouvrage-info-'));
  try {
    writeFileSync(join(dir, 'f.pdf'), pdf);
    return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [join(dir, 'f.pdf')], { encoding: 'utf8' }))![1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function lastCodeTo(email: string): Promise<string> {
  const [mail] = await ctx.db.select().from(mails).where(eq(mails.toAddress, email)).orderBy(desc(mails.id)).limit(1);
  return /Code de signature : (\d{6})/.exec(mail.textBody)![1];
}

/** An accepted quote whose client verified the code: what the signature step starts from. */
async function verifiedQuote(options: { reducedTva?: boolean } = {}) {
  const id = await acceptedQuote(ctx.db, carol, options);
  expect((await as(ctx, carol, { method: 'POST', url: `/api/sign-devis/${id}` })).statusCode).toBe(200);
  const res = await as(ctx, carol, { method: 'POST', url: `/api/sign-devis/${id}/code`, payload: { code: await lastCodeTo(carol.email) } });
  expect(res.statusCode, res.body).toBe(200);
  return { id, verified: res.json().data as { document_id: number; document_sha256: string; reduced_tva_certification: string | null } };
}

const signBody = (sha: string, extra: Record<string, unknown> = {}) => ({ image: ink, mode: 'drawn', accepted: true, document_sha256: sha, ...extra });
const sign = (id: number, payload: object, user = carol) => as(ctx, user, { method: 'POST', url: `/api/sign-devis/${id}/signature`, payload });

describe('signing a quote in the app', () => {
  it('makes the quote’s document with its « Bon pour accord » box, out for signature without a link mail', async () => {
    const id = await acceptedQuote(ctx.db, carol);
    const before = (await ctx.db.select().from(mails).where(eq(mails.toAddress, carol.email))).length;
    expect((await as(ctx, carol, { method: 'POST', url: `/api/sign-devis/${id}` })).statusCode).toBe(200);
    const [doc] = await ctx.db.select().from(signatureDocuments).where(eq(signatureDocuments.quoteId, id));
    expect(doc).toMatchObject({ kind: 'quote', status: 'out_for_signature', provider: 'builtin' });
    // The consumer's mentions (mediator, withdrawal) come before the box: it is on the first or second page (decisions 1042, 1044).
    expect([0, 1]).toContain(doc.signatureBox!.page);
    expect(doc.signatureBox!.width).toBeGreaterThan(150);
    expect(doc.signatureBox!.height).toBeGreaterThan(30);
    const sent = await ctx.db.select().from(mails).where(eq(mails.toAddress, carol.email));
    // One mail: the code. No invitation link.
    expect(sent.length).toBe(before + 1);
    expect(sent.at(-1)!.subject).toMatch(/^Votre code de signature/);
    const [signer] = await ctx.db.select().from(signatureSigners).where(eq(signatureSigners.documentId, doc.id));
    expect(signer.accessTokenHash).toBeNull();
  });

  it('shows the original PDF only once the code is verified; its SHA-256 is the one displayed', async () => {
    const id = await acceptedQuote(ctx.db, carol);
    await as(ctx, carol, { method: 'POST', url: `/api/sign-devis/${id}` });
    const early = await as(ctx, carol, { method: 'GET', url: `/api/sign-devis/${id}/document` });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('SIGN_NOT_VERIFIED');
    await as(ctx, carol, { method: 'POST', url: `/api/sign-devis/${id}/code`, payload: { code: await lastCodeTo(carol.email) } });
    const res = await as(ctx, carol, { method: 'GET', url: `/api/sign-devis/${id}/document` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const [doc] = await ctx.db.select().from(signatureDocuments).where(eq(signatureDocuments.quoteId, id));
    expect(sha256(res.rawPayload)).toBe(doc.originalSha256);
  });

  it('refuses a blank, oversized, non-PNG image, a wrong hash, a missing acceptance, and signing before the code', async () => {
    const unverified = await acceptedQuote(ctx.db, carol);
    await as(ctx, carol, { method: 'POST', url: `/api/sign-devis/${unverified}` });
    const early = await sign(unverified, signBody('a'.repeat(64)));
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('SIGN_NOT_VERIFIED');

    const { id, verified } = await verifiedQuote();
    const blank = await sign(id, signBody(verified.document_sha256, { image: dataUrl(signaturePng({ blank: true })) }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.code).toBe('SIGN_IMAGE_BLANK');
    const heavy = await sign(id, signBody(verified.document_sha256, { image: dataUrl(signaturePng({ width: 600, height: 300, noise: true })) }));
    expect([400, 413]).toContain(heavy.statusCode);
    const notPng = await sign(
      id,
      signBody(verified.document_sha256, { image: `data:image/png;base64,${Buffer.from('GIF89a not a png at all, really not').toString('base64')}` }),
    );
    expect(notPng.statusCode).toBe(400);
    expect(notPng.json().error.code).toBe('SIGN_IMAGE_INVALID');
    const otherDoc = await sign(id, signBody('b'.repeat(64)));
    expect(otherDoc.statusCode).toBe(409);
    expect(otherDoc.json().error.code).toBe('SIGN_DOCUMENT_CHANGED');
    const notAccepted = await sign(id, signBody(verified.document_sha256, { accepted: false }));
    expect(notAccepted.statusCode).toBe(400);
    expect((await ctx.db.select().from(quotes).where(eq(quotes.id, id)))[0].status).toBe('Accepté');
  });

  it('asks the reduced-TVA certification when the quote has one', async () => {
    const { id, verified } = await verifiedQuote({ reducedTva: true });
    expect(verified.reduced_tva_certification).toContain('immeuble achevé');
    const res = await sign(id, signBody(verified.document_sha256));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('SIGN_CERTIFICATION_REQUIRED');
    const ok = await sign(id, signBody(verified.document_sha256, { certified: true }));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('signs: one sealed PDF that pdfsig verifies, the original a prefix, the audit page with its hash; the quote Signé once', async () => {
    const { id, verified } = await verifiedQuote();
    const res = await sign(id, signBody(verified.document_sha256));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ document_status: 'signed', completed: true });
    expect((await ctx.db.select().from(quotes).where(eq(quotes.id, id)))[0].status).toBe('Signé');

    for (const user of [carol, architect, admin]) {
      const file = await as(ctx, user, { method: 'GET', url: `/api/devis/${id}/pdf-signe` });
      if (user === architect) {
        // Not this quote's issuer: the ownership check refuses.
        expect(file.statusCode).toBe(403);
        continue;
      }
      expect(file.statusCode).toBe(200);
    }
    const signed = (await as(ctx, carol, { method: 'GET', url: `/api/devis/${id}/pdf-signe` })).rawPayload;
    const [doc] = await ctx.db.select().from(signatureDocuments).where(eq(signatureDocuments.quoteId, id));
    const original = (await as(ctx, carol, { method: 'GET', url: `/api/devis/${id}/pdf` })).rawPayload;
    expect(sha256(signed)).toBe(doc.signedSha256);

    const report = pdfsig(signed);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    expect(report).toContain('ETSI.CAdES.detached');

    // The signed document starts with the original's bytes, whose SHA-256 the audit page prints.
    const stored = await deps().storage.read(doc.originalKey);
    expect(signed.subarray(0, stored.length).equals(stored)).toBe(true);
    const text = pdftotext(signed);
    expect(text).toContain('Certificat de signature électronique');
    expect(text.replace(/\s+/g, '')).toContain(verified.document_sha256);
    expect(sha256(stored)).toBe(verified.document_sha256);
    expect(text).toContain(carol.email);
    expect(text).toContain('Document signé');
    expect(text).toContain('heure de Paris');
    expect(pageCount(signed)).toBe(pageCount(stored) + 1);
    expect(original.length).toBeGreaterThan(0);

    // One byte changed after signing: pdfsig no longer says the signature is valid.
    const tampered = Buffer.from(signed);
    const at = Math.floor(stored.length / 2);
    tampered[at] = tampered[at] === 0x30 ? 0x31 : 0x30;
    expect(pdfsig(tampered)).not.toContain('Signature is Valid');
  });

  it('the public verification page names the document and its signer, by upload and by pasted SHA-256 (decision 0635)', async () => {
    const { id, verified } = await verifiedQuote();
    expect((await sign(id, signBody(verified.document_sha256))).statusCode).toBe(200);
    const signed = (await as(ctx, carol, { method: 'GET', url: `/api/devis/${id}/pdf-signe` })).rawPayload;
    const [doc] = await ctx.db.select().from(signatureDocuments).where(eq(signatureDocuments.quoteId, id));

    const boundary = '----ouvrage-record';
    const body = (bytes: Buffer) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const upload = (bytes: Buffer) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/verification-signature',
        payload: body(bytes),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });

    const res = await upload(signed);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.verdict).toBe('sealed');
    expect(data.record.title).toBe(doc.title);
    expect(data.record.signers).toHaveLength(1);
    expect(data.record.signers[0].signed_at).not.toBeNull();
    const [signer] = await ctx.db.select().from(signatureSigners).where(eq(signatureSigners.documentId, doc.id));
    expect(data.record.signers[0].name).toBe(signer.name);

    // A copy changed after sealing is no longer the recorded file: no one is named.
    const tampered = Buffer.from(signed);
    tampered[100] = tampered[100] === 0x30 ? 0x31 : 0x30;
    const changed = await upload(tampered);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.record).toBeNull();

    // By hash, logged out, any case: found; another hash: not found; garbage: 400 in French.
    const byHash = await ctx.app.inject({ method: 'GET', url: `/api/verification-signature/empreinte/${sha256(signed).toUpperCase()}` });
    expect(byHash.statusCode, byHash.body).toBe(200);
    expect(byHash.json().data).toMatchObject({ found: true, sha256: sha256(signed), record: { title: doc.title } });
    expect(byHash.json().data.record.signers[0].name).toBe(signer.name);
    const unknown = await ctx.app.inject({ method: 'GET', url: `/api/verification-signature/empreinte/${'ab'.repeat(32)}` });
    expect(unknown.json().data).toMatchObject({ found: false, record: null });
    // The original (unsigned) PDF's hash names nobody: only the sealed file is the signed document.
    const original = await ctx.app.inject({ method: 'GET', url: `/api/verification-signature/empreinte/${verified.document_sha256}` });
    expect(original.json().data.found).toBe(false);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/verification-signature/empreinte/pas-une-empreinte' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('64 caractères');
  });

  it('completes exactly once: the job, run twice, and a second completion change nothing', async () => {
    const { id, verified } = await verifiedQuote();
    expect((await sign(id, signBody(verified.document_sha256))).statusCode).toBe(200);
    const docId = verified.document_id;
    const [doc] = await ctx.db.select().from(signatureDocuments).where(eq(signatureDocuments.id, docId));
    expect(await completeBuiltinSignature(deps(), docId)).toBe('already-signed');
    const again = await enqueue(deps().db, { kind: SIGNATURE_COMPLETE_JOB, payload: { documentId: docId }, idempotencyKey: `signature-complete:${docId}` });
    expect(again.created).toBe(false);
    await enqueue(deps().db, { kind: SIGNATURE_COMPLETE_JOB, payload: { documentId: docId }, idempotencyKey: `signature-complete:${docId}:replay` });
    await deps().jobs.kick();
    const completed = await ctx.db
      .select()
      .from(signatureEvents)
      .where(and(eq(signatureEvents.documentId, docId), eq(signatureEvents.type, 'completed')));
    expect(completed).toHaveLength(1);
    const signedEvents = await ctx.db
      .select()
      .from(quoteEvents)
      .where(and(eq(quoteEvents.quoteId, id), eq(quoteEvents.action, 'signed')));
    expect(signedEvents).toHaveLength(1);
    const [after] = await ctx.db.select().from(signatureDocuments).where(eq(signatureDocuments.id, docId));
    expect(after.signedSha256).toBe(doc.signedSha256);
    // Signing again is refused.
    const twice = await sign(id, signBody(verified.document_sha256));
    expect(twice.statusCode).toBe(409);
  });

  it('a completion interrupted before the end is finished by the queue, once, even run concurrently', async () => {
    const { id, verified } = await verifiedQuote();
    // The signature recorded and its job queued, as if the process died before completing.
    const docId = verified.document_id;
    await ctx.db
      .update(signatureSigners)
      .set({ status: 'signed', signedAt: clock.now(), ip: '203.0.113.7', userAgent: 'Test', signatureKey: await deps().storage.save(signaturePng(), 'png') })
      .where(eq(signatureSigners.documentId, docId));
    await enqueue(deps().db, { kind: SIGNATURE_COMPLETE_JOB, payload: { documentId: docId }, idempotencyKey: `signature-complete:${docId}` });
    const both = await Promise.all([
      completeBuiltinSignature(deps(), docId),
      deps()
        .jobs.kick()
        .then(() => 'kicked'),
    ]);
    expect(both[0]).toMatch(/completed|already-signed/);
    await deps().jobs.kick();
    expect(
      await ctx.db
        .select()
        .from(signatureEvents)
        .where(and(eq(signatureEvents.documentId, docId), eq(signatureEvents.type, 'completed'))),
    ).toHaveLength(1);
    expect((await ctx.db.select().from(quotes).where(eq(quotes.id, id)))[0].status).toBe('Signé');
    expect(pdfsig((await as(ctx, carol, { method: 'GET', url: `/api/devis/${id}/pdf-signe` })).rawPayload)).toContain('Signature is Valid');
  });
});

describe('signing a contract through personal links', () => {
  it('two signers, each with their code; the signatures on a page before the audit page; the signed PDF through the spent links', async () => {
    const pdf = await quotePdf();
    const doc = await deps().db.transaction((tx) =>
      createSignatureDocument(deps(), tx, {
        kind: 'contract',
        ownerId: architect.id,
        title: 'Contrat de maîtrise d’œuvre',
        fileName: 'contrat.pdf',
        pdf,
        signers: [
          { name: 'Marie Durand', email: 'marie.durand@exemple.fr' },
          { name: 'Paul Martin', email: 'paul.martin@exemple.fr' },
        ],
      }),
    );
    await sendForSignature(deps(), doc.id);
    const tokenOf = async (email: string) => {
      const [mail] = await ctx.db.select().from(mails).where(eq(mails.toAddress, email)).orderBy(desc(mails.id)).limit(1);
      return decodeURIComponent(/\/signature\/([^\s"<>]+)/.exec(mail.textBody)![1]);
    };
    const tokens = [await tokenOf('marie.durand@exemple.fr'), await tokenOf('paul.martin@exemple.fr')];
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url, payload, headers: { 'user-agent': 'Mozilla/5.0 (Test)' } });

    const info = await call('GET', `/api/signature/${encodeURIComponent(tokens[0])}`);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data).toMatchObject({
      kind: 'contract',
      title: 'Contrat de maîtrise d’œuvre',
      signer_name: 'Marie Durand',
      session_status: null,
      document_status: 'out_for_signature',
      code_state: { pending_code: null, resend_in_s: 0 },
    });
    expect((await call('GET', '/api/signature/not-a-real-token')).json().error.code).toBe('SIGN_LINK_INVALID');
    expect((await call('GET', `/api/signature/${encodeURIComponent(tokens[0])}/document`)).statusCode).toBe(409);

    for (const [i, email] of ['marie.durand@exemple.fr', 'paul.martin@exemple.fr'].entries()) {
      const t = encodeURIComponent(tokens[i]);
      const started = await call('POST', `/api/signature/${t}/demande-code`);
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json().data).toMatchObject({ document_id: doc.id, quote_id: null, status: 'code_sent' });
      // A reload of the link's page finds the code sent, still valid (issue 36 §3).
      const reloaded = (await call('GET', `/api/signature/${t}`)).json().data;
      expect(reloaded.code_state).toEqual({ pending_code: started.json().data, resend_in_s: started.json().data.resend_in_s });
      const verified = await call('POST', `/api/signature/${t}/code`, { code: await lastCodeTo(email) });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json().data).toMatchObject({ document_title: 'Contrat de maîtrise d’œuvre', document_sha256: sha256(pdf), quote_label: null });
      const shown = await call('GET', `/api/signature/${t}/document`);
      expect(sha256(shown.rawPayload)).toBe(sha256(pdf));
      const signed = await call('POST', `/api/signature/${t}/signer`, {
        image: ink,
        mode: i === 0 ? 'drawn' : 'typed',
        accepted: true,
        document_sha256: sha256(pdf),
      });
      expect(signed.statusCode, signed.body).toBe(200);
      expect(signed.json().data.completed).toBe(i === 1);
      if (i === 0) expect((await call('GET', `/api/signature/${t}/document-signe`)).statusCode).toBe(404);
    }
    // Both links are spent for signing, still good for the signed PDF.
    const again = await call('POST', `/api/signature/${encodeURIComponent(tokens[0])}/demande-code`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('SIGN_ALREADY_COMPLETED');
    const info2 = await call('GET', `/api/signature/${encodeURIComponent(tokens[0])}`);
    expect(info2.json().data).toMatchObject({ document_status: 'signed', signer_status: 'signed', session_status: 'completed' });
    const file = await call('GET', `/api/signature/${encodeURIComponent(tokens[1])}/document-signe`);
    expect(file.statusCode).toBe(200);
    const report = pdfsig(file.rawPayload);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    expect(file.rawPayload.subarray(0, pdf.length).equals(pdf)).toBe(true);
    expect(pageCount(file.rawPayload)).toBe(pageCount(pdf) + 2);
    const text = pdftotext(file.rawPayload);
    expect(text).toContain('Signatures');
    expect(text).toContain('Marie Durand');
    expect(text).toContain('paul.martin@exemple.fr');
    expect(text).toContain('Mozilla/5.0 (Test)');
  });
});
