import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { startLocalSmtpServer, type LocalSmtpServer } from '../test/localSmtpServer.js';
import { queueEmail } from '../notifications/outbox.js';
import { testConfig } from '../test/app.js';
import { openTestDatabase } from '../test/database.js';

describe('app.mailer', () => {
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

  it('finishes the work it was given (queue an email, then deliver it) before the app closes', async () => {
    const app = await buildApp(testConfig({ SMTP_URL: smtp.url }), { database, logger: false });
    await app.ready();
    const message = { to: 'yaa@example.com', subject: 'Your order is on its way', text: 'Kofi is bringing it.' };

    app.mailer.runLater('could not queue the test email', async () => {
      app.mailer.deliverLater(await queueEmail(app.db, message), message);
    });
    await app.close();

    expect(smtp.mails).toEqual([expect.objectContaining({ to: ['yaa@example.com'], subject: message.subject })]);
  });
});
