import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { insertConversation, insertMessages, projectWithAcceptedPro } from '../conversations/factories';
import { ownedInvoice } from '../invoices/factories';
import { ownedQuote } from '../quotes/factories';

/**
 * A person's data export (RGPD art. 15 and 20, decision 1233), through `inject()` on a real
 * database: the ZIP opened and its JSON read — the client's conversations with every message and
 * file, the journal she reads, nobody else's conversation; a professional's export; once every 10
 * minutes; and, once the client's account is deleted, her messages and comments kept under
 * « Compte supprimé » for the professional.
 */

const clock = new FixedClock('2026-12-02T10:00:00Z');
const ctx = useTestApp({}, { clock });
let carol: TestUser;
let architect: TestUser;
let otherClient: TestUser;
let otherPro: TestUser;
let admin: TestUser;
let projectId: number;
let conversationId: number;
let entryId: number;

type Json = Record<string, any>;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');

function multipart(fields: Record<string, string>, files: { filename: string; type: string; bytes: Buffer }[]) {
  const boundary = '----ouvrage' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`));
    chunks.push(f.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function exportOf(user: TestUser): Promise<{ files: Record<string, Uint8Array>; data: Json; readme: string }> {
  const res = await as(ctx, user, { method: 'GET', url: '/api/profil/export' });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ouvrage-mes-donnees-2026-12-0\d\.zip"/);
  const files = unzipSync(new Uint8Array(res.rawPayload));
  return { files, data: JSON.parse(strFromU8(files['donnees.json'])), readme: strFromU8(files['README.txt']) };
}

beforeAll(async () => {
  carol = await loginAs(ctx, { user_type: 'client', firstname: 'Carole', lastname: 'Martin' });
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé', firstname: 'Alain', lastname: 'Durand' });
  otherClient = await loginAs(ctx, { user_type: 'client', firstname: 'Olga', lastname: 'Autre' });
  otherPro = await loginAs(ctx, { user_type: 'professionnel', is_validate: 'Validé' });
  admin = await loginAs(ctx, { user_type: 'admin' });
  projectId = await projectWithAcceptedPro(ctx.db, carol.id, architect.id);
  conversationId = await insertConversation(ctx.db, projectId, carol.id, architect.id);

  const form = multipart({ body: 'Bonjour, pouvez-vous passer mardi ?' }, [{ filename: 'plan étage.pdf', type: 'application/pdf', bytes: PDF }]);
  const sent = await as(ctx, carol, { method: 'POST', url: `/api/conversations/${conversationId}/messages`, payload: form.payload, headers: form.headers });
  expect(sent.statusCode, sent.body).toBe(201);
  clock.advance(60_000);
  const reply = await as(ctx, architect, { method: 'POST', url: `/api/conversations/${conversationId}/messages`, payload: { body: 'Oui, mardi à 9 h.' } });
  expect(reply.statusCode, reply.body).toBe(201);

  // Someone else's conversation: never in Carole's export.
  const elsewhere = await insertConversation(ctx.db, await projectWithAcceptedPro(ctx.db, otherClient.id, otherPro.id), otherClient.id, otherPro.id);
  await insertMessages(ctx.db, elsewhere, otherClient.id, 2);

  const entry = await as(ctx, architect, {
    method: 'POST',
    url: `/api/projet/${projectId}/journal`,
    payload: { work_date: '2026-12-01', body: 'Ouverture du chantier.' },
  });
  expect(entry.statusCode, entry.body).toBe(201);
  entryId = entry.json().data.id;
  const comment = await as(ctx, carol, { method: 'POST', url: `/api/journal/${entryId}/commentaires`, payload: { body: 'Merci, tout est clair.' } });
  expect(comment.statusCode, comment.body).toBe(201);
});

describe('data export', () => {
  it('gives the client a ZIP: README, her profile, her conversation with every message and file, the journal she reads', async () => {
    const { files, data, readme } = await exportOf(carol);
    expect(readme).toContain('Vos données sur Ouvrage');
    expect(readme).toContain('article 15');
    expect(data).toMatchObject({ user_id: carol.id, language: 'fr', profile: { email: carol.email, firstname: 'Carole', user_type: 'client' } });
    expect(data.profile).not.toHaveProperty('password_hash');
    expect(data.projects.map((p: Json) => p.id)).toEqual([projectId]);

    expect(data.conversations).toHaveLength(1);
    const [conversation] = data.conversations;
    expect(conversation).toMatchObject({ id: conversationId, project: { id: projectId }, with: { id: architect.id, name: 'Alain Durand' } });
    expect(conversation.messages.map((m: Json) => [m.author, m.text])).toEqual([
      ['vous', 'Bonjour, pouvez-vous passer mardi ?'],
      ['Alain Durand', 'Oui, mardi à 9 h.'],
    ]);
    const [attachment] = conversation.messages[0].attachments;
    expect(attachment).toMatchObject({ name: 'plan étage.pdf', content_type: 'application/pdf' });
    expect(attachment.file).toBe(`fichiers/conversations/${conversationId}/${conversation.messages[0].id}-plan étage.pdf`);
    expect(Buffer.from(files[attachment.file]).equals(PDF)).toBe(true);

    // Nobody else's conversation, message or name.
    const text = strFromU8(files['donnees.json']);
    expect(text).not.toContain('Olga');
    expect(text).not.toContain('Message 1');

    expect(data.site_log).toHaveLength(1);
    const [entry] = data.site_log[0].entries;
    expect(entry).toMatchObject({ id: entryId, number: 1, author: 'Alain Durand', author_is_you: false, text: 'Ouverture du chantier.' });
    expect(entry.comments).toEqual([expect.objectContaining({ author: 'vous', author_is_you: true, text: 'Merci, tout est clair.' })]);
  });

  it('once every 10 minutes: a second export is a 429 that says when to try again', async () => {
    const again = await as(ctx, carol, { method: 'GET', url: '/api/profil/export' });
    expect(again.statusCode).toBe(429);
    expect(again.json().error).toMatchObject({ code: 'DATA_EXPORT_TOO_SOON', params: { minutes: 10 } });
    expect(again.json().error.message).toContain('réessayez dans 10 min');
    clock.advance(10 * 60_000);
    const later = await as(ctx, carol, { method: 'GET', url: '/api/profil/export' });
    expect(later.statusCode).toBe(200);
  });

  it('lists the quotes and invoices a client is party to, with the PDF of a quote already issued', async () => {
    const denise = await loginAs(ctx, { user_type: 'client', firstname: 'Denise' });
    const quoteId = await ownedQuote(ctx.db, { id: denise.id, user_type: 'client' });
    const invoiceId = await ownedInvoice(ctx.db, { id: denise.id, user_type: 'client' });
    // Reading the quote's PDF makes its original: the export then carries it, never rendering one itself.
    const pdf = await as(ctx, denise, { method: 'GET', url: `/api/devis/${quoteId}/pdf` });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const { files, data } = await exportOf(denise);
    const quote = data.quotes.find((q: Json) => q.id === quoteId);
    expect(quote).toMatchObject({ role: 'client', status: 'Envoyé', total_ttc_cents: 12_000 });
    expect(quote.pdf).toMatch(/^fichiers\/quotes\/T-2026-\d{4}-v1\.pdf$/);
    expect(Buffer.from(files[quote.pdf]).equals(pdf.rawPayload)).toBe(true);
    expect(data.invoices.invoices.map((i: Json) => [i.id, i.role])).toEqual([[invoiceId, 'client']]);
    expect(data.conversations).toEqual([]);
    expect(strFromU8(files['donnees.json'])).not.toContain(carol.email);
  });

  it('asks for a session', async () => {
    expect((await as(ctx, null, { method: 'GET', url: '/api/profil/export' })).statusCode).toBe(401);
  });

  it('gives a professional his conversation, his tender and the journal he writes, in his language', async () => {
    await ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, architect.id));
    const { data, readme } = await exportOf(architect);
    expect(readme).toContain('Your data on Ouvrage');
    expect(data.profile).toMatchObject({ user_type: 'architecte', lastname: 'Durand' });
    expect(data.projects).toEqual([]);
    expect(data.tenders).toEqual([expect.objectContaining({ project_id: projectId, status: 'Acceptée' })]);
    expect(data.conversations[0].messages.map((m: Json) => m.author)).toEqual(['Carole Martin', 'you']);
    expect(data.site_log[0].entries[0]).toMatchObject({ author: 'you', author_is_you: true });
  });

  it('keeps a deleted client’s messages and comments: the professional sees « Compte supprimé » as their author', async () => {
    const deleted = await as(ctx, admin, { method: 'DELETE', url: `/api/delete-client/${carol.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data.mode).toBe('anonymised');

    const conversation = (await as(ctx, architect, { method: 'GET', url: `/api/conversations/${conversationId}` })).json().data;
    expect(conversation.members.find((m: Json) => m.id === carol.id).name).toBe('Compte supprimé');
    const page = (await as(ctx, architect, { method: 'GET', url: `/api/conversations/${conversationId}/messages` })).json().data;
    expect(page.items.find((m: Json) => m.author_id === carol.id)).toMatchObject({ body: 'Bonjour, pouvez-vous passer mardi ?', deleted: false });
    const list = (await as(ctx, architect, { method: 'GET', url: '/api/conversations' })).json().data;
    expect(list.items[0].counterpart.name).toBe('Compte supprimé');

    const journal = (await as(ctx, architect, { method: 'GET', url: `/api/journal/${entryId}` })).json().data;
    expect(journal.comments[0]).toMatchObject({ author: expect.objectContaining({ name: 'Compte supprimé' }), body: 'Merci, tout est clair.' });

    clock.advance(10 * 60_000);
    const { data } = await exportOf(architect);
    expect(data.conversations[0].with.name).toBe('Compte supprimé');
    expect(data.conversations[0].messages[0]).toMatchObject({ author: 'Compte supprimé', text: 'Bonjour, pouvez-vous passer mardi ?' });
    expect(data.site_log[0].entries[0].comments[0]).toMatchObject({ author: 'Compte supprimé', text: 'Merci, tout est clair.' });
  });
});
