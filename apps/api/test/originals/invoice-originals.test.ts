import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { invoices } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { ownedInvoice, quoteInStatus } from '../invoices/factories';
import { completeProfile } from '../quotes/factories';
import { facturXmlOf, originalRow, sha256, storedFiles, tamper } from './helpers';

/**
 * The original is the document (issue 34 §4, decisions 1020–1023): an issued invoice and a credit
 * note are stored once, right after they are issued, and every download serves those bytes.
 */
const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let alice: TestUser;
let carol: TestUser;
let admin: TestUser;

beforeAll(async () => {
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client' });
  admin = await loginAs(ctx, { user_type: 'admin' });
  await completeProfile(ctx.db, alice.id);
});

afterEach(() => clock.set('2026-11-23T10:00:00Z'));

async function issued(body: Record<string, unknown>): Promise<{ id: number; number: string }> {
  const res = await as(ctx, alice, { method: 'POST', url: '/api/facture', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function download(url: string, user: TestUser = alice): Promise<Buffer> {
  const res = await as(ctx, user, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
}

const deposit = async () => issued({ quote_id: await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id }), kind: 'acompte', percent_bp: 3000 });

describe('an issued invoice', () => {
  it('is stored right after its issue, once, with its SHA-256 and size; every download serves those bytes', async () => {
    const invoice = await deposit();
    // The kick after the commit (the one that sends its mail) makes the original: no download needed.
    await ctx.app.deps.jobs.kick();
    const row = await originalRow(ctx, 'invoice', invoice.id);
    expect(row).toMatchObject({ kind: 'invoice', subjectId: invoice.id, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const stored = await ctx.app.deps.storage.read(row!.storageKey);
    expect(sha256(stored)).toBe(row!.sha256);
    expect(stored.length).toBe(row!.sizeBytes);

    const first = await download(`/api/facture/${invoice.id}/pdf`);
    clock.set('2027-03-02T15:30:00Z');
    const second = await download(`/api/facture/${invoice.id}/pdf`, carol);
    const third = await download(`/api/facture/${invoice.id}/pdf`, admin);
    expect(first.equals(stored)).toBe(true);
    expect(second.equals(first)).toBe(true);
    expect(third.equals(first)).toBe(true);
    expect(await originalRow(ctx, 'invoice', invoice.id)).toEqual(row);
  });

  it('does not change when the IBAN, the frozen facts or anything a new rendering would read changes after its issue', async () => {
    const saved = await as(ctx, alice, {
      method: 'PATCH',
      url: '/api/facture/parametre',
      payload: { iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP', tva_on_debits: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const invoice = await deposit();
    const before = await download(`/api/facture/${invoice.id}/pdf`);
    expect(await facturXmlOf(before)).toContain('FR7630006000011234567890189');

    clock.set('2027-01-15T09:00:00Z');
    const changed = await as(ctx, alice, {
      method: 'PATCH',
      url: '/api/facture/parametre',
      payload: { iban: 'FR14 2004 1010 0505 0001 3M02 606', bic: 'PSSTFRPP', tva_on_debits: true },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // What a template change or a data fix would do to a document rendered again: never to this one.
    await ctx.db.execute(
      sql`UPDATE invoices SET document = jsonb_set(document, '{payment_terms}', '"Conditions réécrites"'), paid_cents = total_ttc_cents WHERE id = ${invoice.id}`,
    );
    const after = await download(`/api/facture/${invoice.id}/pdf`, carol);
    expect(after.equals(before)).toBe(true);
    expect(await facturXmlOf(after)).not.toContain('FR1420041010050500013M02606');
  });

  it('an avoir is its own stored original, and the invoice it credits keeps its bytes', async () => {
    const invoice = await deposit();
    const invoiceBefore = await download(`/api/facture/${invoice.id}/pdf`);
    const res = await as(ctx, alice, {
      method: 'POST',
      url: `/api/facture/${invoice.id}/avoir`,
      payload: { amount_cents: 10_000, reason: 'Geste commercial' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const noteId = (res.json().data.credit_notes as Array<{ id: number }>)[0].id;
    await ctx.app.deps.jobs.kick();
    const row = await originalRow(ctx, 'credit-note', noteId);
    expect(row).toBeDefined();

    const first = await download(`/api/facture/avoir/${noteId}/pdf`);
    clock.set('2027-02-01T08:00:00Z');
    const second = await download(`/api/facture/avoir/${noteId}/pdf`, carol);
    expect(second.equals(first)).toBe(true);
    expect(sha256(first)).toBe(row!.sha256);
    expect(await facturXmlOf(first)).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect((await download(`/api/facture/${invoice.id}/pdf`)).equals(invoiceBefore)).toBe(true);
  });
});

describe('invoices issued before originals were kept (migration 0038)', () => {
  it('get their original at their first read, then keep it; the row is fixed in the database', async () => {
    const id = await ownedInvoice(ctx.db, { id: alice.id, user_type: 'architecte' });
    expect(await originalRow(ctx, 'invoice', id)).toBeUndefined();
    const first = await download(`/api/facture/${id}/pdf`);
    const row = await originalRow(ctx, 'invoice', id);
    expect(row?.sha256).toBe(sha256(first));
    clock.set('2027-05-05T05:05:00Z');
    await ctx.db
      .update(invoices)
      .set({ title: 'Titre changé après coup' })
      .where(sql`${invoices.id} = ${id}`);
    expect((await download(`/api/facture/${id}/pdf`)).equals(first)).toBe(true);

    await expect(ctx.db.execute(sql`UPDATE document_originals SET sha256 = repeat('0', 64) WHERE subject_id = ${id} AND kind = 'invoice'`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`DELETE FROM document_originals WHERE subject_id = ${id} AND kind = 'invoice'`)).rejects.toThrow();
  });

  it('concurrent first reads, on two instances, leave one original and one stored object, and all serve its bytes', async () => {
    const id = await ownedInvoice(ctx.db, { id: alice.id, user_type: 'architecte' });
    const { buildApp } = await import('../../src/app');
    const other = await buildApp({ config: ctx.app.deps.config, handle: ctx.handle, logger: false, clock });
    await other.ready();
    try {
      const filesBefore = storedFiles(ctx).length;
      const url = `/api/facture/${id}/pdf`;
      const answers = await Promise.all([
        as(ctx, alice, { method: 'GET', url }),
        other.inject({ method: 'GET', url, headers: { authorization: `Bearer ${alice.token}` } }),
        as(ctx, carol, { method: 'GET', url }),
        other.inject({ method: 'GET', url, headers: { authorization: `Bearer ${alice.token}` } }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 403, 200]);
      const bodies = answers.filter((a) => a.statusCode === 200).map((a) => a.rawPayload);
      const row = await originalRow(ctx, 'invoice', id);
      for (const body of bodies) expect(sha256(body)).toBe(row!.sha256);
      expect(storedFiles(ctx).length).toBe(filesBefore + 1);
    } finally {
      await other.close();
    }
  });
});

describe('a stored original whose bytes changed', () => {
  it('is refused with DOCUMENT_ORIGINAL_ALTERED, logged at error level with the document id, and never rendered again', async () => {
    const invoice = await deposit();
    await download(`/api/facture/${invoice.id}/pdf`);
    const row = (await originalRow(ctx, 'invoice', invoice.id))!;
    tamper(ctx, row.storageKey);
    const logged = vi.spyOn(ctx.app.log, 'error');
    try {
      const res = await as(ctx, carol, { method: 'GET', url: `/api/facture/${invoice.id}/pdf` });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json().error).toEqual({ code: 'DOCUMENT_ORIGINAL_ALTERED', message: expect.stringContaining('ne correspond plus à son empreinte') });
      expect(res.body).not.toContain(row.storageKey);
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ document_kind: 'invoice', document_id: invoice.id, expected_sha256: row.sha256 }),
        'stored original does not match its SHA-256: refused',
      );
    } finally {
      logged.mockRestore();
    }
    // The link viewer and the mail attachment read the same original: refused too.
    const attachment = ctx.app.deps.mailer.resolveAttachments([{ kind: 'invoice-pdf', ref: String(invoice.id) }]);
    await expect(attachment).rejects.toMatchObject({ code: 'DOCUMENT_ORIGINAL_ALTERED' });
    expect(await originalRow(ctx, 'invoice', invoice.id)).toEqual(row);
  });

  it('gone from the store: a 404 in the user’s language, logged, and not made again', async () => {
    const invoice = await deposit();
    await download(`/api/facture/${invoice.id}/pdf`);
    const row = (await originalRow(ctx, 'invoice', invoice.id))!;
    await ctx.app.deps.storage.remove(row.storageKey);
    const res = await as(ctx, alice, { method: 'GET', url: `/api/facture/${invoice.id}/pdf` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    expect(await originalRow(ctx, 'invoice', invoice.id)).toEqual(row);
  });
});
