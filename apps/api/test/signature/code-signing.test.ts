import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mails, quotes, signingSessions } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { ownedQuote } from '../quotes/factories';
import { acceptedQuote } from './code-factories';

const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let admin: TestUser;
let carol: TestUser;
let dave: TestUser;
let architect: TestUser;

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  carol = await loginAs(ctx, { user_type: 'client' });
  dave = await loginAs(ctx, { user_type: 'client' });
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
});

const start = (user: TestUser, id: number) => as(ctx, user, { method: 'POST', url: `/api/sign-devis/${id}` });
const submit = (user: TestUser, id: number, code: string) => as(ctx, user, { method: 'POST', url: `/api/sign-devis/${id}/code`, payload: { code } });

/** The code of the last mail sent to `user`, read from the outbox as the signer reads it. */
async function lastCode(user: TestUser): Promise<string> {
  const [mail] = await ctx.db.select().from(mails).where(eq(mails.toAddress, user.email)).orderBy(desc(mails.id)).limit(1);
  const match = /Code de signature : (\d{6})/.exec(mail.textBody);
  expect(match, mail.textBody).not.toBeNull();
  return match![1];
}
const mailsTo = async (user: TestUser) => (await ctx.db.select().from(mails).where(eq(mails.toAddress, user.email))).length;
/** A 6-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function started(id: number, user: TestUser = carol) {
  const res = await start(user, id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('starting a signing session', () => {
  it('mails a 6-digit code to the client and keeps only its hash', async () => {
    const id = await acceptedQuote(ctx.db, carol);
    const before = await mailsTo(carol);
    const session = await started(id);
    expect(session).toMatchObject({ quote_id: id, status: 'code_sent', tries_left: 5, code_expires_at: '2026-11-23T10:10:00.000Z' });
    expect(session.sent_to).toBe(`${carol.email[0]}***${carol.email.slice(carol.email.indexOf('@'))}`);
    expect(await mailsTo(carol)).toBe(before + 1);
    const [mail] = await ctx.db.select().from(mails).where(eq(mails.toAddress, carol.email)).orderBy(desc(mails.id)).limit(1);
    expect(mail.subject).toMatch(/^Votre code de signature : \d{6}$/);
    expect(mail.textBody).toContain('valable 10 minutes');
    const code = await lastCode(carol);
    const [row] = await ctx.db.select().from(signingSessions).where(eq(signingSessions.quoteId, id));
    expect(row.codeHash).toBeTruthy();
    expect(row.codeHash).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('is refused to anyone but the quote’s client, with a French message and a code', async () => {
    const id = await acceptedQuote(ctx.db, carol);
    const other = await start(dave, id);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toMatch(/[a-zé]/);
    const issuer = await start(architect, id);
    expect(issuer.statusCode).toBe(403);
    const byAdmin = await start(admin, id);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error.code).toBe('FORBIDDEN');
    expect(byAdmin.json().error.message).toMatch(/[a-zé]/);
    // A client does not learn that a quote she may not read does not exist.
    expect((await start(carol, 999_999)).statusCode).toBe(403);
  });

  it('is refused on a quote that is not accepted (409), without a mail', async () => {
    const id = await ownedQuote(ctx.db, { id: carol.id, user_type: 'client' }); // Envoyé
    const before = await mailsTo(carol);
    const res = await start(carol, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'SIGN_QUOTE_NOT_ACCEPTED', params: { status: 'Envoyé' } });
    expect(res.json().error.message).toContain('seul un devis accepté peut être signé');
    expect(await mailsTo(carol)).toBe(before);
    await ctx.db.update(quotes).set({ status: 'Refusé' }).where(eq(quotes.id, id));
    expect((await start(carol, id)).json().error.params).toEqual({ status: 'Refusé' });
  });
});

describe('checking the code', () => {
  it('verifies the mailed code and returns what the drawing step needs', async () => {
    const id = await acceptedQuote(ctx.db, carol, { reducedTva: true });
    const session = await started(id);
    const res = await submit(carol, id, await lastCode(carol));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ session_id: session.session_id, quote_id: id, status: 'verified', quote_title: 'Devis de test' });
    expect(data.quote_label).toMatch(/^T-2026-\d{4}$/);
    expect(data.reduced_tva_certification).toContain('immeuble achevé depuis plus de deux ans');
    const [row] = await ctx.db.select().from(signingSessions).where(eq(signingSessions.quoteId, id));
    expect(row).toMatchObject({ status: 'verified', codeHash: null });
    // Verified stays verified: starting again sends no new code.
    const before = await mailsTo(carol);
    expect((await started(id)).status).toBe('verified');
    expect(await mailsTo(carol)).toBe(before);
  });

  it('says when no reduced-TVA certification applies', async () => {
    const id = await acceptedQuote(ctx.db, carol);
    await started(id);
    const res = await submit(carol, id, await lastCode(carol));
    expect(res.json().data.reduced_tva_certification).toBeNull();
  });

  it('counts each wrong code and locks after five; a new code unlocks', async () => {
    const id = await acceptedQuote(ctx.db, carol);
    await started(id);
    const code = await lastCode(carol);
    for (const left of [4, 3, 2, 1]) {
      const res = await submit(carol, id, otherThan(code));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'SIGN_CODE_WRONG', params: { tries_left: left } });
      expect(res.json().error.message).toContain('Code incorrect');
    }
    const fifth = await submit(carol, id, otherThan(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error.code).toBe('SIGN_CODE_LOCKED');
    // Even the right code no longer works.
    const right = await submit(carol, id, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toMatchObject({ code: 'SIGN_CODE_LOCKED', message: 'Trop de codes erronés (5). Demandez un nouveau code.' });

    clock.advance(60_000);
    expect((await started(id)).tries_left).toBe(5);
    expect((await submit(carol, id, await lastCode(carol))).statusCode).toBe(200);
  });

  it('refuses a code after 10 minutes', async () => {
    const id = await acceptedQuote(ctx.db, carol);
    await started(id);
    const code = await lastCode(carol);
    clock.advance(10 * 60_000);
    const res = await submit(carol, id, code);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'SIGN_CODE_EXPIRED', message: 'Ce code a expiré. Demandez un nouveau code.' });
  });

  it('accepts a code just before its 10 minutes are over', async () => {
    const id = await acceptedQuote(ctx.db, carol);
    await started(id);
    const code = await lastCode(carol);
    clock.advance(10 * 60_000 - 1000);
    expect((await submit(carol, id, code)).statusCode).toBe(200);
  });

  it('answers 409 before any code was asked, 400 for a malformed code, 403 for another client', async () => {
    const id = await acceptedQuote(ctx.db, carol);
    const none = await submit(carol, id, '123456');
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('SIGN_NO_SESSION');
    await started(id);
    const malformed = await submit(carol, id, '12a4');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.code).toBe('Le code compte 6 chiffres.');
    expect((await submit(dave, id, await lastCode(carol))).statusCode).toBe(403);
    // Neither cost a try.
    const [row] = await ctx.db.select().from(signingSessions).where(eq(signingSessions.quoteId, id));
    expect(row.triesLeft).toBe(5);
  });
  it('refuses the code once the quote is no longer accepted', async () => {
    const id = await acceptedQuote(ctx.db, carol);
    await started(id);
    const code = await lastCode(carol);
    await ctx.db.update(quotes).set({ status: 'Annulé' }).where(eq(quotes.id, id));
    const res = await submit(carol, id, code);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'SIGN_QUOTE_NOT_ACCEPTED', params: { status: 'Annulé' } });
  });
});

describe('asking a new code', () => {
  it('invalidates the previous code', async () => {
    const id = await acceptedQuote(ctx.db, carol);
    await started(id);
    const first = await lastCode(carol);
    clock.advance(60_000);
    await started(id);
    const second = await lastCode(carol);
    if (first !== second) {
      const old = await submit(carol, id, first);
      expect(old.statusCode).toBe(400);
      expect(old.json().error.code).toBe('SIGN_CODE_WRONG');
    }
    expect((await submit(carol, id, second)).statusCode).toBe(200);
  });

  it('allows one code a minute and five an hour, saying how long to wait', async () => {
    const id = await acceptedQuote(ctx.db, carol);
    await started(id);
    clock.advance(20_000);
    const soon = await start(carol, id);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error).toMatchObject({ code: 'SIGN_CODE_RESEND_LIMIT', params: { retry_after_s: 40 } });
    expect(soon.json().error.message).toContain('40 secondes');
    clock.advance(40_000);
    for (let i = 0; i < 4; i += 1) {
      await started(id);
      clock.advance(60_000);
    }
    // Five codes sent at 0, 1, 2, 3 and 4 minutes; now is 5 minutes: the first leaves the hour at 60.
    const before = await mailsTo(carol);
    const hourly = await start(carol, id);
    expect(hourly.statusCode).toBe(429);
    expect(hourly.json().error.params).toEqual({ retry_after_s: 55 * 60 });
    expect(await mailsTo(carol)).toBe(before);
    clock.advance(55 * 60_000);
    expect((await started(id)).status).toBe('code_sent');
  });
});

describe('the code step when the signing page loads (issue 36 §3)', () => {
  const state = (user: TestUser, id: number) => as(ctx, user, { method: 'GET', url: `/api/sign-devis/${id}` });
  async function stateOf(id: number) {
    const res = await state(carol, id);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  it('says nothing is pending before the first code', async () => {
    const id = await acceptedQuote(ctx.db, carol);
    expect(await stateOf(id)).toEqual({ pending_code: null, resend_in_s: 0 });
  });

  it('gives back the code sent and still valid, and the seconds before a new one, without sending anything', async () => {
    const id = await acceptedQuote(ctx.db, carol);
    const sent = await started(id);
    expect(sent.resend_in_s).toBe(60);
    clock.advance(21_000);
    const before = await mailsTo(carol);
    const loaded = await stateOf(id);
    expect(loaded.resend_in_s).toBe(39);
    expect(loaded.pending_code).toEqual({ ...sent, resend_in_s: 39 });
    expect(await mailsTo(carol)).toBe(before);
    // Asking again before then stays a clear refusal with the wait.
    const early = await start(carol, id);
    expect(early.statusCode).toBe(429);
    expect(early.json().error.params).toEqual({ retry_after_s: 39 });
    // The pending code still signs.
    expect((await submit(carol, id, await lastCode(carol))).statusCode).toBe(200);
    expect(await stateOf(id)).toEqual({ pending_code: null, resend_in_s: 0 });
  });

  it('has nothing pending once the code expired, and a new code may then be asked', async () => {
    const id = await acceptedQuote(ctx.db, carol);
    await started(id);
    clock.advance(10 * 60_000);
    expect(await stateOf(id)).toEqual({ pending_code: null, resend_in_s: 0 });
    expect((await started(id)).status).toBe('code_sent');
  });

  it('keeps the wait when the session locked, and refuses another client', async () => {
    const id = await acceptedQuote(ctx.db, carol);
    await started(id);
    const code = await lastCode(carol);
    for (let i = 0; i < 5; i += 1) await submit(carol, id, otherThan(code));
    expect(await stateOf(id)).toMatchObject({ pending_code: null, resend_in_s: 60 });
    expect((await state(dave, id)).statusCode).toBe(403);
  });
});
