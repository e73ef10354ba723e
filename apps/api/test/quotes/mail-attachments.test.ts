import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, type DatabaseHandle } from '@ouvrage/db';
import { createTestDatabase } from '@ouvrage/db/testing';
import { JobQueue } from '../../src/modules/jobs';
import { Mailer } from '../../src/modules/mail/mailer';
import { composeMail } from '../../src/modules/mail/templates';
import { startSmtp } from '../fakes/smtp-server';

/** Attachments named by a queued mail are produced at delivery and sent over SMTP (decision 0511). */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe('mail attachments', () => {
  it('resolves the reference when the mail goes out and attaches the file; no blob is stored', async () => {
    const smtp = await startSmtp();
    const queue = new JobQueue(handle.db);
    const mailer = new Mailer(handle.db, queue, { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Ouvrage <no-reply@ouvrage.test>' });
    const asked: string[] = [];
    mailer.registerAttachmentResolver('quote-pdf', async (ref) => {
      asked.push(ref);
      return { filename: `devis-${ref}.pdf`, content: Buffer.from('%PDF-1.7 test'), contentType: 'application/pdf' };
    });
    expect(() => mailer.registerAttachmentResolver('quote-pdf', async () => ({ filename: '', content: Buffer.alloc(0), contentType: '' }))).toThrow();
    await mailer.queue(handle.db, { to: 'julie@exemple.fr', ...composeMail('Votre devis', ['Bonjour']), attachments: [{ kind: 'quote-pdf', ref: '42' }] });
    const [queued] = await handle.db.select().from(mails).where(eq(mails.toAddress, 'julie@exemple.fr'));
    expect(queued.attachments).toEqual([{ kind: 'quote-pdf', ref: '42' }]);
    expect(asked).toEqual([]);
    await mailer.dispatch();
    const [row] = await handle.db.select().from(mails).where(eq(mails.id, queued.id));
    expect(row.status).toBe('sent');
    expect(asked).toEqual(['42']);
    expect(smtp.received[0]).toContain('filename=devis-42.pdf');
    expect(smtp.received[0]).toContain('Content-Type: application/pdf');

    // An unknown kind fails the sending (retried, then dead-lettered) rather than sending without the file.
    await mailer.queue(handle.db, { to: 'marc@exemple.fr', ...composeMail('Autre', ['Bonjour']), attachments: [{ kind: 'inconnu', ref: '1' }] });
    await mailer.dispatch();
    const [failed] = await handle.db.select().from(mails).where(eq(mails.toAddress, 'marc@exemple.fr'));
    expect(failed.status).toBe('failed');
    expect(smtp.received).toHaveLength(1);
    await queue.stop();
    await mailer.stop();
    await smtp.close();
  });
});
