import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { quotes } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { ownedQuote } from '../quotes/factories';

/** Signed, expiring links to a quote's PDF for the viewer (decision 0610), through inject(). */
const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let issuer: TestUser;
let client: TestUser;
let stranger: TestUser;
let admin: TestUser;
let quoteId: number;

beforeAll(async () => {
  issuer = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  stranger = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  client = await loginAs(ctx, { user_type: 'client' });
  admin = await loginAs(ctx, { user_type: 'admin' });
  quoteId = await ownedQuote(ctx.db, { id: issuer.id, user_type: 'architecte' });
  await ctx.db.update(quotes).set({ clientId: client.id }).where(eq(quotes.id, quoteId));
});

async function linkFor(user: TestUser | null, id = quoteId) {
  return as(ctx, user, { method: 'POST', url: '/api/document-links', payload: { kind: 'quote-pdf', id } });
}

const open = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/document-links/${encodeURIComponent(token)}` });

describe('POST /api/document-links', () => {
  it('gives the issuer, the client and an admin a viewer link valid 30 minutes', async () => {
    for (const user of [issuer, client, admin]) {
      const res = await linkFor(user);
      expect(res.statusCode, res.body).toBe(201);
      const { url, token, expires_at } = res.json().data;
      expect(url).toBe(`/viewpdf?t=${encodeURIComponent(token)}`);
      expect(expires_at).toBe('2026-11-23T10:30:00.000Z');
    }
  });

  it('refuses someone else’s quote, an unknown quote, an unknown kind and an anonymous caller', async () => {
    expect((await linkFor(stranger)).statusCode).toBe(403);
    expect((await linkFor(stranger, 999_999)).statusCode).toBe(403);
    expect((await linkFor(admin, 999_999)).statusCode).toBe(404);
    expect((await linkFor(null)).statusCode).toBe(401);
    const kind = await as(ctx, issuer, { method: 'POST', url: '/api/document-links', payload: { kind: 'contrat', id: quoteId } });
    expect(kind.statusCode).toBe(400);
  });

  it('never gives a client a link to a draft', async () => {
    await ctx.db.update(quotes).set({ status: 'Brouillon' }).where(eq(quotes.id, quoteId));
    try {
      expect((await linkFor(client)).statusCode).toBe(404);
      expect((await linkFor(issuer)).statusCode).toBe(201);
    } finally {
      await ctx.db.update(quotes).set({ status: 'Envoyé' }).where(eq(quotes.id, quoteId));
    }
  });
});

describe('GET /api/document-links/{token}', () => {
  it('streams the PDF inline to anyone holding a valid link, logged out', async () => {
    const { token } = (await linkFor(client)).json().data;
    const res = await open(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="devis-T-2026-\d{4}\.pdf"/);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('refuses an expired link with its own code and a French message', async () => {
    const { token } = (await linkFor(issuer)).json().data;
    clock.advance(29 * 60_000);
    expect((await open(token)).statusCode).toBe(200);
    clock.advance(60_000);
    const res = await open(token);
    clock.set('2026-11-23T10:00:00Z');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'DOCUMENT_LINK_EXPIRED' } });
    expect(res.json().error.message).toContain('a expiré');
  });

  it('refuses a tampered, truncated or foreign link with a 4xx, never a 5xx', async () => {
    const { token } = (await linkFor(issuer)).json().data as { token: string };
    const [kind, id, exp, signature] = token.split('.');
    const other = await ownedQuote(ctx.db, { id: stranger.id, user_type: 'architecte' });
    const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const forged = [
      [kind, other, exp, signature].join('.'), // another quote, same signature
      [kind, id, Number(exp) + 3600, signature].join('.'), // extended expiry
      [kind, id, exp, flipped].join('.'),
      [kind, id, exp].join('.'),
      ['contrat', id, exp, signature].join('.'),
      'nimportequoi',
      'x'.repeat(300),
    ];
    for (const t of forged) {
      const res = await open(t);
      expect(res.statusCode, t).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, t).toBeLessThan(500);
    }
    const res = await open(forged[0]);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('DOCUMENT_LINK_INVALID');
  });

  it('answers 404 when the quote of a valid link is gone', async () => {
    const gone = await ownedQuote(ctx.db, { id: issuer.id, user_type: 'architecte' });
    const { token } = (await linkFor(issuer, gone)).json().data;
    await ctx.db.delete(quotes).where(eq(quotes.id, gone));
    expect((await open(token)).statusCode).toBe(404);
  });
});
