import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mails, quotes, users } from '@ouvrage/db';
import { FixedClock, type Language } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { ownedQuote } from '../quotes/factories';
import { acceptedQuote } from '../signature/code-factories';

/** Mails go out in their recipient's language (decision 1031), whichever way they are sent. */

const ctx = useTestApp({}, { clock: new FixedClock('2026-11-23T10:00:00Z') });

async function speaks(user: { id: number }, language: Language) {
  await ctx.db.update(users).set({ language }).where(eq(users.id, user.id));
}
const lastMailTo = async (email: string) => (await ctx.db.select().from(mails).where(eq(mails.toAddress, email)).orderBy(desc(mails.id)).limit(1))[0];

async function client(language: Language): Promise<TestUser> {
  const user = await loginAs(ctx, { user_type: 'client' });
  await speaks(user, language);
  return user;
}

describe('the signature code', () => {
  it('goes out in English to an English client, in Arabic right to left to an Arabic one, in French to a French one', async () => {
    for (const [language, subject] of [
      ['en', /^Your signature code: \d{6}$/],
      ['ar', /^رمز التوقيع الخاص بك: \u2068\d{6}\u2069$/],
      ['fr', /^Votre code de signature : \d{6}$/],
    ] as const) {
      const signer = await client(language);
      const id = await acceptedQuote(ctx.db, signer);
      const res = await as(ctx, signer, { method: 'POST', url: `/api/sign-devis/${id}` });
      expect(res.statusCode, res.body).toBe(200);
      const mail = await lastMailTo(signer.email);
      expect(mail.subject).toMatch(subject);
      expect(mail.htmlBody).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
    }
    const english = await lastMailTo((await ctx.db.select().from(users).where(eq(users.language, 'en')).limit(1))[0].email);
    expect(english.textBody).toContain('valid for 10 minutes');
    expect(english.textBody).not.toMatch(/Bonjour|valable/);
  });
});

describe('a mail queued directly', () => {
  it('the password reset link: in the account’s language', async () => {
    const user = await client('en');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: user.email } });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await lastMailTo(user.email);
    expect(mail.subject).toBe('Resetting your Ouvrage password');
    expect(mail.textBody).toMatch(/^Hello /);
  });
});

describe('a notification’s own mail', () => {
  it('a quote accepted: its English-speaking issuer gets the quotes module’s mail in English, with the amount', async () => {
    const buyer = await client('fr');
    const id = await ownedQuote(ctx.db, { id: buyer.id, user_type: 'client' });
    const [q] = await ctx.db.select().from(quotes).where(eq(quotes.id, id));
    await speaks({ id: q.issuerId }, 'en');
    const res = await as(ctx, buyer, { method: 'POST', url: `/api/validate-devis-client/${id}`, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    const [issuer] = await ctx.db.select().from(users).where(eq(users.id, q.issuerId));
    const mail = await lastMailTo(issuer.email);
    expect(mail.subject).toMatch(/^Quote .* accepted$/);
    expect(mail.textBody).toMatch(/has accepted your quote .* for €[\d,.]+ incl\. VAT/);
    expect(mail.textBody).toContain('validate it as a contract');
  });
});
