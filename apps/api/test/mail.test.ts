import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, mails, type DatabaseHandle } from '@ouvrage/db';
import { createTestDatabase } from '@ouvrage/db/testing';
import { DEMO_ACCOUNTS, seedDemo, users } from '@ouvrage/db';
import { JobQueue } from '../src/modules/jobs';
import { Mailer } from '../src/modules/mail/mailer';
import { composeMail } from '../src/modules/mail/templates';
import { startSmtp } from './fakes/smtp-server';

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */

// One database for the file, made in a hook (database creation is slow on a loaded machine).
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe('outbox mailer', () => {
  it('sends queued mails over SMTP when configured and marks them sent', async () => {
    const smtp = await startSmtp();
    const queue = new JobQueue(handle.db);
    const mailer = new Mailer(handle.db, queue, { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Ouvrage <no-reply@ouvrage.test>' });
    await mailer.queue(handle.db, { to: 'julie@exemple.fr', ...composeMail('Votre projet', ['Bonjour Julie,', 'Votre projet est validé.']) });
    await mailer.dispatch();
    const [row] = await handle.db.select().from(mails).where(eq(mails.toAddress, 'julie@exemple.fr'));
    expect(row.status).toBe('sent');
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain('Subject: Votre projet');
    await queue.stop();
    await mailer.stop();
    await smtp.close();
  });

  it('keeps mails for the admin when no SMTP is set, and retries failures', async () => {
    const keptQueue = new JobQueue(handle.db);
    const kept = new Mailer(handle.db, keptQueue, { from: 'x@ouvrage.test' });
    await kept.queue(handle.db, { to: 'a@exemple.fr', ...composeMail('Sujet', ['Texte']) });
    await kept.dispatch();
    const [keptRow] = await handle.db.select().from(mails).where(eq(mails.toAddress, 'a@exemple.fr'));
    expect(keptRow.status).toBe('kept');
    await keptQueue.stop();

    // An unreachable SMTP server: the mail stays, marked failed, and its job waits for a retry.
    const failingQueue = new JobQueue(handle.db);
    const failing = new Mailer(handle.db, failingQueue, { smtpUrl: 'smtp://127.0.0.1:1', from: 'x@ouvrage.test' });
    await failing.queue(handle.db, { to: 'b@exemple.fr', ...composeMail('Sujet', ['Texte']) });
    await failing.dispatch();
    const [row] = await handle.db.select().from(mails).where(eq(mails.toAddress, 'b@exemple.fr'));
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(1);
    const [job] = await handle.db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `mail:${row.id}`));
    expect(job).toMatchObject({ kind: 'mail.send', status: 'pending', attempts: 1 });
    expect(job.lastError).toBeTruthy();
    expect(job.runAt?.getTime()).toBeGreaterThan(Date.now());
    await kept.stop();
    await failingQueue.stop();
    await failing.stop();
  });

  it('escapes what users typed in HTML mails', () => {
    expect(composeMail('S', ['<script>alert(1)</script>']).html).toContain('&lt;script&gt;');
  });
});

describe('demo accounts', () => {
  it('are seeded once in development and never in production', async () => {
    // A database of its own: the demo seed must find it empty.
    const handle = await createTestDatabase();
    expect(await seedDemo(handle, { production: true })).toBe(false);
    expect(await handle.db.select().from(users)).toHaveLength(0);
    expect(await seedDemo(handle, { production: false })).toBe(true);
    const emails = (await handle.db.select().from(users)).map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining(DEMO_ACCOUNTS.map((a) => a.email)));
    expect(await seedDemo(handle, { production: false })).toBe(false);
    await handle.close();
  }, 180_000); // the whole demo data set, with password hashing, on a possibly busy machine
});
