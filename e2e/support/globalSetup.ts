import { makeTestDatabaseTemplate } from '../../src/server/test/globalSetup.js';
import { buildClient, removeClient } from './buildClient.js';
import { startMailbox } from './mailbox.js';
import { startServer } from './server.js';

/**
 * Once per run: builds the client, then starts the fake SMTP server and the real app that the
 * journeys share. Journeys make their own accounts with unique emails, so they do not need a
 * database of their own. The test workers are started after this and inherit what it puts in
 * process.env: the app's origin (E2E_ORIGIN), the mail folder (E2E_MAIL_DIR, see inbox.ts), the
 * built client (E2E_CLIENT_DIR), which the few journeys with a server of their own serve, and the
 * migrated database template their databases are copied from (TEST_DATABASE_TEMPLATE).
 */
export default async function globalSetup() {
  const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
  const started = Date.now();
  const clientDir = await buildClient();
  process.stdout.write(`e2e: client ready in ${seconds(started)}\n`);
  const serverStarted = Date.now();
  // Migrated once: the shared server and those the journeys start of their own copy it.
  const { template, remove: removeTemplate } = await makeTestDatabaseTemplate();
  process.env.TEST_DATABASE_TEMPLATE = JSON.stringify(template);
  const mailbox = await startMailbox();
  const server = await startServer({ clientDir, smtpUrl: mailbox.url, admin: true });
  process.stdout.write(`e2e: app at ${server.origin} ready in ${seconds(serverStarted)}\n`);
  process.env.E2E_ORIGIN = server.origin;
  process.env.E2E_MAIL_DIR = mailbox.dir;
  process.env.E2E_CLIENT_DIR = clientDir;

  return async () => {
    await server.close();
    await mailbox.close();
    await removeTemplate();
    removeClient(clientDir);
  };
}
