import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { avenants, invoices, quotes } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { ownedAvenant } from '../avenants/factories';
import { contractTtc, ownedInvoice, quoteInStatus } from '../invoices/factories';
import { insertConversation, projectWithAcceptedPro } from './factories';

/**
 * A message pointing to a quote, an invoice or an avenant of the conversation's project (decision
 * 1230 « References »), through `inject()` on a real database: each kind sent as a card with the
 * owning module's facts, another project's document, an unknown id or a draft the client cannot
 * see refused with one 400, the card showing the document's status of today, « indisponible » to a
 * reader who may not see it, and the picker's list per side.
 */

const clock = new FixedClock('2026-12-02T10:00:00Z');
const ctx = useTestApp({}, { clock });
let carol: TestUser;
let architect: TestUser;
let otherArchitect: TestUser;
let conversationId: number;
let projectId: number;
const doc = { sentQuote: 0, draftQuote: 0, validatedQuote: 0, invoice: 0, avenant: 0, elsewhere: 0, othersQuote: 0 };

type Json = Record<string, any>;
const UNKNOWN = 'Ce document n’est pas un document de ce projet que vous pouvez consulter.';

const send = (user: TestUser, payload: Json) => as(ctx, user, { method: 'POST', url: `/api/conversations/${conversationId}/messages`, payload });
const page = async (user: TestUser) => {
  const res = await as(ctx, user, { method: 'GET', url: `/api/conversations/${conversationId}/messages` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as Json[];
};

beforeAll(async () => {
  carol = await loginAs(ctx, { user_type: 'client', firstname: 'Carole', lastname: 'Martin' });
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  otherArchitect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  projectId = await projectWithAcceptedPro(ctx.db, carol.id, architect.id);
  conversationId = await insertConversation(ctx.db, projectId, carol.id, architect.id);
  const parties = { issuerId: architect.id, clientId: carol.id, projectId };
  doc.sentQuote = await quoteInStatus(ctx.db, { ...parties, status: 'Envoyé' });
  doc.draftQuote = await quoteInStatus(ctx.db, { ...parties, status: 'Brouillon' });
  doc.validatedQuote = await quoteInStatus(ctx.db, parties);
  doc.othersQuote = await quoteInStatus(ctx.db, { ...parties, issuerId: otherArchitect.id, status: 'Envoyé' });
  // The same client and architect, another project.
  doc.elsewhere = await quoteInStatus(ctx.db, { issuerId: architect.id, clientId: carol.id, status: 'Envoyé' });
  // An invoice and an avenant made by their factories, moved onto the validated quote of this project.
  doc.invoice = await ownedInvoice(ctx.db, { id: architect.id, user_type: 'architecte' });
  await ctx.db.update(invoices).set({ projectId, clientId: carol.id, quoteId: doc.validatedQuote }).where(eq(invoices.id, doc.invoice));
  doc.avenant = await ownedAvenant(ctx.db, { id: architect.id, user_type: 'architecte' });
  await ctx.db.update(avenants).set({ projectId, clientId: carol.id, quoteId: doc.validatedQuote }).where(eq(avenants.id, doc.avenant));
});

describe('a message referencing a document of the project', () => {
  it('sends a quote, an invoice and an avenant as cards with the owning module’s facts; the client sees the same cards', async () => {
    const quote = await send(architect, { body: 'Voici le devis.', reference: { kind: 'quote', id: doc.sentQuote } });
    expect(quote.statusCode, quote.body).toBe(201);
    expect(quote.json().data.reference).toMatchObject({
      kind: 'quote',
      id: doc.sentQuote,
      document: {
        kind: 'quote',
        id: doc.sentQuote,
        title: 'Rénovation de la cuisine',
        status: 'Envoyé',
        total_ttc_cents: contractTtc(),
        link: `/devis/${doc.sentQuote}`,
      },
    });
    expect(quote.json().data.reference.document.number).toMatch(/^D-2026-/);

    // A reference alone, without text or file, is a message.
    const invoice = await send(architect, { reference: { kind: 'invoice', id: doc.invoice } });
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect(invoice.json().data).toMatchObject({
      body: '',
      reference: { document: { kind: 'invoice', status: 'Émise', total_ttc_cents: 3_600, date: '2026-11-23', link: `/facture/${doc.invoice}` } },
    });

    const avenant = await send(architect, { body: 'Et l’avenant pour les prises.', reference: { kind: 'avenant', id: doc.avenant } });
    expect(avenant.statusCode, avenant.body).toBe(201);
    // Two sockets at 80 € HT, 10 % TVA: the change the avenant makes to the contract, as the avenants module computes it.
    expect(avenant.json().data.reference.document).toMatchObject({
      kind: 'avenant',
      status: 'Envoyé',
      title: 'Prises supplémentaires',
      total_ttc_cents: 17_600,
      link: `/devis/${doc.validatedQuote}`,
    });

    const seen = await page(carol);
    const cards = seen.filter((m) => m.reference).map((m) => m.reference.document);
    expect(cards.map((c: Json) => [c.kind, c.id])).toEqual([
      ['quote', doc.sentQuote],
      ['invoice', doc.invoice],
      ['avenant', doc.avenant],
    ]);
  });

  it('the client references a document of the project too, in a multipart form (the reference as JSON)', async () => {
    const boundary = '----ouvrage-ref';
    const payload = [
      `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="reference"\r\n\r\n${JSON.stringify({ kind: 'invoice', id: doc.invoice })}\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const res = await as(ctx, carol, {
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.reference.document).toMatchObject({ kind: 'invoice', id: doc.invoice });
    // The conversations list has no text to show for it: it says a document was sent.
    const list = await as(ctx, architect, { method: 'GET', url: '/api/conversations' });
    const item = list.json().data.items.find((c: { id: number }) => c.id === conversationId);
    expect(item.last_message).toMatchObject({ id: res.json().data.id, excerpt: '', reference: true });
  });

  it('refuses another project’s document, an unknown id and another professional’s with the same 400', async () => {
    for (const reference of [
      { kind: 'quote', id: doc.elsewhere },
      { kind: 'quote', id: 999_999 },
      { kind: 'invoice', id: doc.sentQuote + 999_999 },
      { kind: 'avenant', id: 999_999 },
      { kind: 'quote', id: doc.othersQuote },
    ]) {
      const res = await send(architect, { body: 'Regardez.', reference });
      expect(res.statusCode, JSON.stringify(reference)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'MESSAGE_REFERENCE_UNKNOWN', message: UNKNOWN });
    }
    const badKind = await send(architect, { body: 'Regardez.', reference: { kind: 'photo', id: 1 } });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().error.fields['reference.kind']).toBe('Choisissez un devis, une facture ou un avenant du projet.');
  });

  it('refuses the client a draft quote, as if it did not exist; nothing is written', async () => {
    const before = (await page(carol)).length;
    const res = await send(carol, { body: 'Et celui-ci ?', reference: { kind: 'quote', id: doc.draftQuote } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'MESSAGE_REFERENCE_UNKNOWN', message: UNKNOWN });
    expect(await page(carol)).toHaveLength(before);
  });

  it('shows the document’s status of today, not the one it had when sent', async () => {
    await ctx.db.update(quotes).set({ status: 'Accepté', acceptedAt: clock.now() }).where(eq(quotes.id, doc.sentQuote));
    const card = (await page(carol)).find((m) => m.reference?.id === doc.sentQuote)!.reference.document;
    expect(card.status).toBe('Accepté');
  });

  it('a draft the architect points to is « indisponible » to the client until she may see it', async () => {
    const res = await send(architect, { body: 'Le brouillon de la variante.', reference: { kind: 'quote', id: doc.draftQuote } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.reference.document).toMatchObject({ kind: 'quote', status: 'Brouillon' });
    const hers = (await page(carol)).find((m) => m.id === res.json().data.id)!;
    expect(hers.reference).toEqual({ kind: 'quote', id: doc.draftQuote, document: null });
    await ctx.db.update(quotes).set({ status: 'Envoyé', sentAt: clock.now() }).where(eq(quotes.id, doc.draftQuote));
    expect((await page(carol)).find((m) => m.id === res.json().data.id)!.reference.document).toMatchObject({ status: 'Envoyé' });
    await ctx.db.update(quotes).set({ status: 'Brouillon', sentAt: null }).where(eq(quotes.id, doc.draftQuote));
  });

  it('a deleted message keeps no card', async () => {
    const res = await send(architect, { reference: { kind: 'invoice', id: doc.invoice } });
    const deleted = await as(ctx, architect, { method: 'DELETE', url: `/api/conversations/messages/${res.json().data.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data.reference).toBeNull();
    expect((await page(carol)).find((m) => m.id === res.json().data.id)!.reference).toBeNull();
  });

  it('the picker lists what each side may point to: the client never a draft, the architect his own', async () => {
    const list = async (user: TestUser) => {
      const res = await as(ctx, user, { method: 'GET', url: `/api/conversations/${conversationId}/documents` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.items as Json[]).map((d) => `${d.kind}:${d.id}`);
    };
    const hers = await list(carol);
    expect(hers).toEqual(
      expect.arrayContaining([
        `quote:${doc.sentQuote}`,
        `quote:${doc.validatedQuote}`,
        `quote:${doc.othersQuote}`,
        `invoice:${doc.invoice}`,
        `avenant:${doc.avenant}`,
      ]),
    );
    expect(hers).not.toContain(`quote:${doc.draftQuote}`);
    expect(hers).not.toContain(`quote:${doc.elsewhere}`);
    const his = await list(architect);
    expect(his).toEqual(expect.arrayContaining([`quote:${doc.sentQuote}`, `quote:${doc.draftQuote}`, `invoice:${doc.invoice}`, `avenant:${doc.avenant}`]));
    expect(his).not.toContain(`quote:${doc.othersQuote}`);
    expect(his).not.toContain(`quote:${doc.elsewhere}`);
    const stranger = await loginAs(ctx, { user_type: 'client' });
    const refused = await as(ctx, stranger, { method: 'GET', url: `/api/conversations/${conversationId}/documents` });
    expect(refused.statusCode).toBe(403);
  });
});
