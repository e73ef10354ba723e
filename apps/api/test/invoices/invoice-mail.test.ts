import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mails } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { completeProfile } from '../quotes/factories';
import { quoteInStatus } from './factories';

/** The e-mail an issued invoice sends its client (decision 0706). */
const ctx = useTestApp({}, { clock: new FixedClock('2026-11-23T10:00:00Z') });

const issue = (user: TestUser, body: Record<string, unknown>) => as(ctx, user, { method: 'POST', url: '/api/facture', payload: body });
async function issued(user: TestUser, body: Record<string, unknown>) {
  const res = await issue(user, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; number: string };
}

function pdftotext(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'ouvrage-invoice-mail-'));
  try {
    writeFileSync(join(dir, 'f.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'f.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the issued invoice’s mail', () => {
  it('mails the client the issued invoice, its PDF attached when the mail goes out; a refused issue mails nothing (decision 0706)', async () => {
    const erin = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
    const fanny = await loginAs(ctx, { user_type: 'client' });
    await completeProfile(ctx.db, erin.id);
    const quoteId = await quoteInStatus(ctx.db, { issuerId: erin.id, clientId: fanny.id, retentionBp: 500 });
    const before = await ctx.db.select().from(mails).where(eq(mails.toAddress, fanny.email));
    const d = await issued(erin, { quote_id: quoteId, kind: 'acompte', percent_bp: 3000 });
    const after = await ctx.db.select().from(mails).where(eq(mails.toAddress, fanny.email));
    const mail = after.find((m) => !before.some((b) => b.id === m.id) && m.subject.includes(d.number));
    expect(mail, 'un e-mail au client').toBeDefined();
    // The issuer « Atelier … » elides « de » (decision 1200).
    expect(mail!.subject).toMatch(new RegExp(`^Facture ${d.number} d’Atelier `));
    expect(mail!.textBody).toContain(`/facture/${d.id}`);
    expect(mail!.textBody).toContain('à régler au plus tard le 23/12/2026');
    expect(mail!.attachments).toEqual([{ kind: 'invoice-pdf', ref: String(d.id) }]);
    const [pdf] = await ctx.app.deps.mailer.resolveAttachments(mail!.attachments);
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.filename).toContain(d.number);
    expect(pdftotext(pdf.content)).toContain(d.number);

    // Over the quote: refused, and no mail.
    const count = (await ctx.db.select().from(mails).where(eq(mails.toAddress, fanny.email))).length;
    expect((await issue(erin, { quote_id: quoteId, kind: 'acompte', percent_bp: 9000 })).statusCode).toBe(409);
    expect((await ctx.db.select().from(mails).where(eq(mails.toAddress, fanny.email))).length).toBe(count);
  });
});
