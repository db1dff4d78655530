import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';
import { startLocalSmtpServer, type LocalSmtpServer } from '../test/localSmtpServer.js';

const message = {
  to: 'ama@example.com',
  subject: 'Reset your ChopChop password',
  text: 'Open https://food.example.com/auth?reset=abc_DEF-123 to choose a new password.\nÀ bientôt, akwaaba.',
};

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

describe('createMailer', () => {
  let smtp: LocalSmtpServer;
  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
  });
  afterAll(() => smtp.close());

  it('without SMTP_URL in development writes the whole email, link included, to the log', async () => {
    const { log, lines } = memoryLogger();
    const mailer = createMailer(
      { SMTP_URL: undefined, MAIL_FROM: 'ChopChop <no-reply@chopchop.local>', mode: 'development' },
      log,
    );
    expect(await mailer.deliver(message)).toBe('logged');
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({ level: 30, to: 'ama@example.com', subject: message.subject });
    expect(entry.msg).toContain('https://food.example.com/auth?reset=abc_DEF-123');
  });

  it('without SMTP_URL in production logs the subject only, never the link or the recipient', async () => {
    const { log, lines } = memoryLogger();
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM: 'no-reply@chopchop.test', mode: 'production' }, log);
    expect(await mailer.deliver(message)).toBe('logged');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ subject: message.subject });
    expect(lines[0]).not.toContain('reset=');
    expect(lines[0]).not.toContain('ama@example.com');
  });

  it('with SMTP_URL sends through the SMTP server from MAIL_FROM', async () => {
    const { log } = memoryLogger();
    const mailer = createMailer({ SMTP_URL: smtp.url, MAIL_FROM: 'ChopChop <no-reply@chopchop.test>', mode: 'production' }, log);
    expect(await mailer.deliver(message)).toBe('sent');
    mailer.close();
    const [mail] = await smtp.waitForMails(1);
    expect(mail).toEqual({
      from: 'no-reply@chopchop.test',
      to: ['ama@example.com'],
      subject: message.subject,
      text: expect.stringContaining(message.text),
    });
  });

  it('throws when the SMTP server refuses the recipient', async () => {
    const { log } = memoryLogger();
    const mailer = createMailer({ SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@chopchop.test', mode: 'production' }, log);
    smtp.rejectRecipients('no such user');
    try {
      await expect(mailer.deliver(message)).rejects.toThrow(/no such user/);
    } finally {
      smtp.rejectRecipients(null);
      mailer.close();
    }
  });
});
