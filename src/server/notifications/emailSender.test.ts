import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { emailOutbox } from '../db/schema.js';
import { openTestDatabase } from '../test/database.js';
import { EmailSender } from './emailSender.js';
import { startLocalSmtpServer, type LocalSmtpServer } from '../test/localSmtpServer.js';
import { createMailer } from './mailer.js';
import { queueEmail } from './outbox.js';

const message = { to: 'kwame@example.com', subject: 'Your order is ready', text: 'A driver will pick it up soon.' };

function memoryLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

describe('EmailSender: retries a mail server that cannot take an email for now', () => {
  let smtp: LocalSmtpServer;
  let database: Database;
  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    database = await openTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await smtp?.close();
  });

  function sender(lines = memoryLogger()) {
    const mailer = createMailer({ SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@chopchop.test', mode: 'production' }, lines.log);
    return new EmailSender(database.db, mailer, lines.log, [30, 30, 30]);
  }
  const row = async (id: string) => (await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];

  it('tries again after a "try later" answer (4xx) and records the email sent once it goes through', async () => {
    const emails = sender();
    const id = await queueEmail(database.db, message);
    const before = smtp.mails.length;
    smtp.rejectRecipients('greylisted, try again later', 451);
    const delivery = emails.deliver(id, message);
    setTimeout(() => smtp.rejectRecipients(null), 45);

    expect(await delivery).toBe('sent');
    expect(smtp.mails.slice(before)).toEqual([expect.objectContaining({ to: [message.to], subject: message.subject })]);
    expect(await row(id)).toMatchObject({ status: 'sent', error: null });
    await emails.close();
  });

  it('gives up at once on a refusal for good (5xx), records it, and logs the failure without the address', async () => {
    const logger = memoryLogger();
    const emails = sender(logger);
    const id = await queueEmail(database.db, message);
    smtp.rejectRecipients('no such mailbox');
    try {
      expect(await emails.deliver(id, message)).toBe('failed');
    } finally {
      smtp.rejectRecipients(null);
    }
    expect(await row(id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/no such mailbox/) });
    expect(logger.lines).toHaveLength(1);
    expect(JSON.parse(logger.lines[0]!)).toMatchObject({
      msg: 'email delivery failed',
      responseCode: 550,
      attempt: 1,
      retry: false,
    });
    expect(logger.lines.join('')).not.toContain('kwame');
    await emails.close();
  });

  it('stops retrying when it closes, recording the email as failed', async () => {
    const logger = memoryLogger();
    const mailer = createMailer({ SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@chopchop.test', mode: 'production' }, logger.log);
    const emails = new EmailSender(database.db, mailer, logger.log, [60_000]);
    const id = await queueEmail(database.db, message);
    smtp.rejectRecipients('try again later', 421);
    try {
      emails.deliverLater(id, message);
      await expect.poll(() => logger.lines.length).toBe(1);
      expect(await row(id)).toMatchObject({ status: 'queued' });
      const started = performance.now();
      await emails.close();
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      smtp.rejectRecipients(null);
    }
    expect(await row(id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/try again later/) });
  });
});
