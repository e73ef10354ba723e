import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectFiles, signatureDocuments, signatureSigners } from '@ouvrage/db';
import { createUser } from '@ouvrage/db/testing';
import { completeSignatureDocument, sendForSignature } from '../../src/modules/signature';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { insertProject } from '../projects/factories';
import { acceptedProject, ownedQuote } from '../quotes/factories';
import { quotePdf } from '../signature/fixtures';

/** The documents area (decisions 0680–0684): the list per role, the contract upload, the PDFs. */
const MAX = 600_000;
const ctx = useTestApp({ uploadMaxBytes: MAX });
let pdf: Buffer;
let architect: TestUser;
let otherArchitect: TestUser;
let client: TestUser;
let otherClient: TestUser;
let admin: TestUser;
let pro: TestUser;

type Part = { name: string; value: string } | { name: string; filename: string; bytes: Buffer; type?: string };

function multipart(parts: Part[]) {
  const boundary = '----ouvrage-documents';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('bytes' in p) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/pdf'}\r\n\r\n`,
        ),
        p.bytes,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const signers = (list: Array<{ name: string; email: string }>) => JSON.stringify(list);

function upload(
  user: TestUser,
  fields: { title?: string; project_id?: number; signers?: string },
  file: { bytes: Buffer; filename?: string } | null = { bytes: pdf },
) {
  const parts: Part[] = [];
  if (fields.title !== undefined) parts.push({ name: 'title', value: fields.title });
  if (fields.project_id !== undefined) parts.push({ name: 'project_id', value: String(fields.project_id) });
  if (fields.signers !== undefined) parts.push({ name: 'signers', value: fields.signers });
  if (file) parts.push({ name: 'file', filename: file.filename ?? 'contrat.pdf', bytes: file.bytes });
  return as(ctx, user, { method: 'POST', url: '/api/documents/contrats', ...multipart(parts) });
}

const list = (user: TestUser, query = '') => as(ctx, user, { method: 'GET', url: `/api/documents${query}` });
const keysOf = async (user: TestUser, query = '') => {
  const res = await list(user, query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as Array<{ key: string }>).map((i) => i.key);
};

beforeAll(async () => {
  pdf = await quotePdf(2);
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  otherArchitect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  client = await loginAs(ctx, { user_type: 'client' });
  otherClient = await loginAs(ctx, { user_type: 'client' });
  admin = await loginAs(ctx, { user_type: 'admin' });
  pro = await loginAs(ctx, { user_type: 'professionnel', is_validate: 'Validé' });
}, 60_000);

describe('POST /api/documents/contrats', () => {
  it('makes a draft contract of the uploader, its signers linked to their accounts, on his project', async () => {
    const project = await acceptedProject(ctx.db, architect.id, client.id);
    const res = await upload(architect, {
      title: 'Contrat de maîtrise d’œuvre',
      project_id: project.id,
      signers: signers([
        { name: 'Carole Client', email: client.email.toUpperCase() },
        { name: 'Marie Durand', email: 'marie.durand@exemple.fr' },
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json().data;
    expect(item).toMatchObject({
      kind: 'contract',
      title: 'Contrat de maîtrise d’œuvre',
      status: 'draft',
      file_name: 'contrat.pdf',
      project: { id: project.id },
      actions: { download: `/api/documents/${item.id}/original`, view: { kind: 'signature-original', id: item.id }, send: true },
    });
    // The project by its parts, composed by the web (decision 1206).
    expect(item.project.name).toEqual({ category_name: expect.any(String), bien_name: expect.any(String), city: expect.any(String) });
    expect(item.project.name.category_name).not.toBe('');
    expect(item.project).not.toHaveProperty('title');
    expect(item.signers).toEqual([
      { name: 'Carole Client', email: client.email.toLowerCase(), status: 'pending', signed_at: null },
      { name: 'Marie Durand', email: 'marie.durand@exemple.fr', status: 'pending', signed_at: null },
    ]);
    const rows = await ctx.db.select().from(signatureSigners).where(eq(signatureSigners.documentId, item.id));
    expect(rows.map((r) => r.userId)).toEqual([client.id, null]);
    const [doc] = await ctx.db.select().from(signatureDocuments).where(eq(signatureDocuments.id, item.id));
    expect(doc).toMatchObject({ kind: 'contract', ownerId: architect.id, provider: 'builtin' });

    const original = await as(ctx, architect, { method: 'GET', url: `/api/documents/${item.id}/original` });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(pdf)).toBe(true);
    expect(original.headers['content-disposition']).toBe(`attachment; filename="contrat.pdf"; filename*=UTF-8''contrat.pdf`);
    expect(original.headers['cache-control']).toBe('private, no-store');

    // « Voir »: a signed link for its owner, none for a stranger nor for a signature not made yet.
    const link = (user: TestUser, kind: string) => as(ctx, user, { method: 'POST', url: '/api/document-links', payload: { kind, id: item.id } });
    const made = await link(architect, 'signature-original');
    expect(made.statusCode, made.body).toBe(201);
    const shown = await ctx.app.inject({ method: 'GET', url: `/api/document-links/${made.json().data.token}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(pdf)).toBe(true);
    expect((await link(otherArchitect, 'signature-original')).statusCode).toBe(403);
    expect((await link(client, 'signature-original')).statusCode).toBe(403);
    expect((await link(architect, 'signature-signed')).statusCode).toBe(404);
  });

  it('refuses what is not a readable PDF, too big, without a signer, with a bad e-mail, in French', async () => {
    const base = { title: 'Contrat', signers: signers([{ name: 'Marie Durand', email: 'marie@exemple.fr' }]) };
    const text = await upload(architect, base, { bytes: Buffer.from('Bonjour, ceci est un texte.'), filename: 'contrat.pdf' });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toBe("Le fichier « contrat.pdf » n'est pas accepté. Formats acceptés : PDF.");
    const broken = await upload(architect, base, { bytes: Buffer.from('%PDF-1.7\nceci n’est pas un PDF\n'), filename: 'faux.pdf' });
    expect(broken.statusCode).toBe(415);
    expect(broken.json().error.message).toBe('Le fichier « faux.pdf » n’est pas un PDF lisible.');
    const big = await upload(architect, base, { bytes: Buffer.concat([pdf, Buffer.alloc(MAX + 1 - pdf.length, 0x20)]) });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toMatch(/^Le fichier « contrat\.pdf » dépasse/);
    const none = await upload(architect, { title: 'Contrat', signers: '[]' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ signers: 'Ajoutez au moins un signataire.' });
    const bad = await upload(architect, { title: 'Contrat', signers: signers([{ name: 'Marie', email: 'marie@' }]) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ 'signers.0.email': "L'adresse e-mail n'est pas valide." });
    const untitled = await upload(architect, { title: ' ', signers: base.signers });
    expect(untitled.json().error.fields).toEqual({ title: 'Le titre est obligatoire.' });
    const noFile = await upload(architect, base, null);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.fields).toEqual({ file: 'Choisissez le contrat (PDF).' });
    const garbled = await upload(architect, { title: 'Contrat', signers: '[{' });
    expect(garbled.json().error.fields).toEqual({ signers: 'La liste des signataires est illisible.' });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `S ${i}`, email: `s${i}@exemple.fr` }));
    expect((await upload(architect, { title: 'Contrat', signers: signers(eleven) })).json().error.fields).toEqual({ signers: 'Au plus 10 signataires.' });
    const twice = await upload(architect, {
      title: 'Contrat',
      signers: signers([
        { name: 'A', email: 'a@exemple.fr' },
        { name: 'B', email: 'A@exemple.fr' },
      ]),
    });
    expect(twice.json().error.fields).toEqual({ signers: 'Le signataire a@exemple.fr figure deux fois.' });
    expect(await ctx.db.select().from(signatureDocuments).where(eq(signatureDocuments.title, 'Contrat'))).toEqual([]);
  });

  it('refuses someone else’s project, and callers who may not upload', async () => {
    const foreign = await acceptedProject(ctx.db, otherArchitect.id, otherClient.id);
    const res = await upload(architect, { title: 'Contrat volé', project_id: foreign.id, signers: signers([{ name: 'X', email: 'x@exemple.fr' }]) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe("Vous n'avez pas accès à cette ressource.");
    expect((await upload(client, { title: 'Contrat', signers: signers([{ name: 'X', email: 'x@exemple.fr' }]) })).statusCode).toBe(403);
    expect((await upload(pro, { title: 'Contrat', signers: signers([{ name: 'X', email: 'x@exemple.fr' }]) })).statusCode).toBe(403);
    const adminUpload = await upload(admin, { title: 'Contrat de l’administrateur', signers: signers([{ name: 'X', email: 'x@exemple.fr' }]) });
    expect(adminUpload.statusCode, adminUpload.body).toBe(201);
    expect(adminUpload.json().data.project).toBeNull();
  });
});

describe('GET /api/documents', () => {
  it('shows each caller only their documents: quotes, signed quotes, contracts once sent, project files', async () => {
    const alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
    const carol = await loginAs(ctx, { user_type: 'client' });
    const stranger = await loginAs(ctx, { user_type: 'client' });
    const project = await acceptedProject(ctx.db, alice.id, carol.id);
    const [file] = await ctx.db
      .insert(projectFiles)
      .values({
        projectId: project.id,
        uploadedBy: carol.id,
        originalName: 'plan-rdc.pdf',
        storageKey: `t/${crypto.randomUUID()}.pdf`,
        mimeType: 'application/pdf',
        sizeBytes: 10,
      })
      .returning();
    const strangerProject = await insertProject(ctx.db, stranger.id);
    const [strangerFile] = await ctx.db
      .insert(projectFiles)
      .values({
        projectId: strangerProject.id,
        uploadedBy: stranger.id,
        originalName: 'secret.pdf',
        storageKey: `t/${crypto.randomUUID()}.pdf`,
        mimeType: 'application/pdf',
        sizeBytes: 10,
      })
      .returning();

    // A quote alice sent to carol, then signed: a quote and a signed quote.
    const quoteId = await ownedQuote(ctx.db, { id: carol.id, user_type: 'client' });
    const issuer = (await ctx.db.select().from(signatureDocuments).where(eq(signatureDocuments.quoteId, quoteId)))[0];
    expect(issuer).toBeUndefined();
    const [signedQuote] = await ctx.db
      .insert(signatureDocuments)
      .values({
        kind: 'quote',
        quoteId,
        ownerId: alice.id,
        title: 'Devis signé de test',
        fileName: 'devis.pdf',
        originalKey: 'x.pdf',
        originalSha256: '0'.repeat(64),
        provider: 'builtin',
        status: 'signed',
        signedKey: 'y.pdf',
        signedAt: new Date(),
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning();
    await ctx.db
      .insert(signatureSigners)
      .values({ documentId: signedQuote.id, position: 0, userId: carol.id, name: 'Carol', email: carol.email, status: 'signed', signedAt: new Date() });

    const contract = (await upload(alice, { title: 'Contrat Alice', project_id: project.id, signers: signers([{ name: 'Carol', email: carol.email }]) })).json()
      .data;
    const strangerQuote = await ownedQuote(ctx.db, { id: stranger.id, user_type: 'client' });

    const aliceKeys = await keysOf(alice);
    expect(aliceKeys).toEqual(expect.arrayContaining([`signature:${contract.id}`, `signature:${signedQuote.id}`, `file:${file.id}`]));
    expect(aliceKeys).not.toContain(`file:${strangerFile.id}`);
    expect(aliceKeys).not.toContain(`quote:${strangerQuote}`);

    // The client sees the quote, the signed quote, his project's file; the contract only once sent.
    let carolKeys = await keysOf(carol);
    expect(carolKeys).toEqual(expect.arrayContaining([`quote:${quoteId}`, `signature:${signedQuote.id}`, `file:${file.id}`]));
    expect(carolKeys).not.toContain(`signature:${contract.id}`);
    expect(carolKeys).not.toContain(`file:${strangerFile.id}`);
    expect((await as(ctx, carol, { method: 'GET', url: `/api/documents/${contract.id}/original` })).statusCode).toBe(403);
    await sendForSignature(ctx.app.deps, contract.id);
    carolKeys = await keysOf(carol);
    expect(carolKeys).toContain(`signature:${contract.id}`);
    const carolItems = (await list(carol)).json().data.items as Array<Record<string, any>>;
    expect(carolItems.find((i) => i.key === `signature:${contract.id}`)).toMatchObject({ status: 'out_for_signature', actions: { send: false } });
    expect(carolItems.find((i) => i.key === `quote:${quoteId}`)).toMatchObject({
      kind: 'quote',
      actions: { download: `/api/devis/${quoteId}/pdf`, view: { kind: 'quote-pdf', id: quoteId }, open: `/devis/${quoteId}` },
    });
    expect(carolItems.find((i) => i.key === `signature:${signedQuote.id}`)).toMatchObject({
      kind: 'signed-quote',
      status: 'signed',
      actions: { download: `/api/documents/${signedQuote.id}/signe` },
    });
    expect(carolItems.find((i) => i.key === `file:${file.id}`)).toMatchObject({ kind: 'project-file', actions: { download: `/api/project/file/${file.id}` } });
    expect((await as(ctx, carol, { method: 'GET', url: `/api/documents/${contract.id}/original` })).statusCode).toBe(200);
    expect((await as(ctx, carol, { method: 'GET', url: `/api/documents/${contract.id}/signe` })).statusCode).toBe(409);

    // Someone else's documents are never shown, nor downloadable.
    const strangerKeys = await keysOf(stranger);
    expect(strangerKeys).toEqual(expect.arrayContaining([`quote:${strangerQuote}`, `file:${strangerFile.id}`]));
    for (const key of [`quote:${quoteId}`, `signature:${signedQuote.id}`, `signature:${contract.id}`, `file:${file.id}`])
      expect(strangerKeys).not.toContain(key);
    expect((await as(ctx, stranger, { method: 'GET', url: `/api/documents/${contract.id}/original` })).statusCode).toBe(403);
    expect((await as(ctx, otherArchitect, { method: 'GET', url: `/api/documents/${contract.id}/original` })).statusCode).toBe(403);

    // The admin sees everything.
    const adminKeys = await keysOf(admin, '?per_page=100&search=');
    expect((await list(admin)).json().data.total).toBeGreaterThanOrEqual(6);
    expect(adminKeys.length).toBeGreaterThan(0);
    expect(await keysOf(admin, '?kind=project-file&per_page=100')).toEqual(expect.arrayContaining([`file:${file.id}`, `file:${strangerFile.id}`]));

    // Completion: the signed contract offers its signed PDF and still its original.
    const signedPdf = Buffer.concat([pdf, Buffer.from('\n% signé\n')]);
    await ctx.db.transaction((tx) => completeSignatureDocument(ctx.app.deps, tx, contract.id, { signedPdf, at: new Date() }));
    const done = ((await list(alice, '?kind=contract&status=signed')).json().data.items as Array<Record<string, any>>)[0];
    expect(done).toMatchObject({
      id: contract.id,
      actions: { download: `/api/documents/${contract.id}/signe`, original: `/api/documents/${contract.id}/original`, view: { kind: 'signature-signed' } },
    });
    expect(done.signers[0]).toMatchObject({ status: 'signed' });
    const signed = await as(ctx, carol, { method: 'GET', url: `/api/documents/${contract.id}/signe` });
    expect(signed.statusCode).toBe(200);
    expect(signed.rawPayload.equals(signedPdf)).toBe(true);
    expect(signed.headers['content-disposition']).toContain(`filename*=UTF-8''contrat%20%28sign%C3%A9%29.pdf`);
  });

  it('gives a professional the files of projects whose tender he may see, through the tender route', async () => {
    const owner = await createUser(ctx.db, { user_type: 'client' });
    const project = await insertProject(ctx.db, owner.id);
    const [file] = await ctx.db
      .insert(projectFiles)
      .values({
        projectId: project.id,
        uploadedBy: owner.id,
        originalName: 'facade.jpg',
        storageKey: `t/${crypto.randomUUID()}.jpg`,
        mimeType: 'image/jpeg',
        sizeBytes: 10,
      })
      .returning();
    expect(await keysOf(pro)).not.toContain(`file:${file.id}`);
    const { offers } = await import('@ouvrage/db');
    await ctx.db
      .insert(offers)
      .values({ projectId: project.id, professionalId: pro.id, status: 'Disponible', validation: '1', replyDeadline: new Date(Date.now() + 86_400_000) });
    const items = (await list(pro)).json().data.items as Array<Record<string, any>>;
    expect(items.find((i) => i.key === `file:${file.id}`)).toMatchObject({
      actions: { download: `/api/professionnel/mes-offres/fichier/${file.id}`, view: null },
    });
  });

  it('filters by kind, status and title words (accents ignored), and pages', async () => {
    const bob = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
    for (const title of ['Étude de sol', 'Contrat de chantier', 'Avenant au contrat']) {
      expect((await upload(bob, { title, signers: signers([{ name: 'X', email: 'x@exemple.fr' }]) })).statusCode).toBe(201);
    }
    const titles = async (query: string) => ((await list(bob, query)).json().data.items as Array<{ title: string }>).map((i) => i.title);
    expect(await titles('?search=etude')).toEqual(['Étude de sol']);
    expect((await titles('?search=CONTRAT')).sort()).toEqual(['Avenant au contrat', 'Contrat de chantier']);
    expect(await titles('?kind=quote')).toEqual([]);
    expect((await titles('?status=draft')).length).toBe(3);
    expect(await titles('?status=signed')).toEqual([]);
    const page2 = (await list(bob, '?per_page=2&page=2')).json().data;
    expect(page2).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(page2.items).toHaveLength(1);
    const wrong = await list(bob, '?kind=facture');
    expect(wrong.statusCode).toBe(400);
  });
});
