import type { TestProject } from 'vitest/node';
import { ensureAdmin } from '../../src/server/auth/admin.js';
import { buildClient, removeClient } from './buildClient.js';
import { startMailbox } from './mailbox.js';
import { startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The app under test, e.g. http://127.0.0.1:41234. */
    origin: string;
    /** Where the fake SMTP server leaves received mails (see inbox.ts). */
    mailDir: string;
    /** An admin account (sign-up never makes one), for the admin journeys to sign in with. */
    admin: { email: string; password: string };
  }
}

/**
 * Once per run: builds the client, then starts the fake SMTP server and the real app that every
 * journey file shares. Journeys make their own accounts with unique emails, so they do not need
 * a database of their own.
 */
export default async function setup(project: TestProject) {
  const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
  const started = Date.now();
  const clientDir = await buildClient();
  process.stdout.write(`e2e: client ready in ${seconds(started)}\n`);
  const serverStarted = Date.now();
  const mailbox = await startMailbox();
  const server = await startServer({ clientDir, smtpUrl: mailbox.url });
  process.stdout.write(`e2e: app at ${server.origin} ready in ${seconds(serverStarted)}\n`);
  project.provide('origin', server.origin);
  project.provide('mailDir', mailbox.dir);
  const admin = { email: 'admin@e2e.example.com', password: 'admin-e2e-password' };
  await ensureAdmin(server.app.db, admin);
  project.provide('admin', admin);

  return async () => {
    await server.close();
    await mailbox.close();
    removeClient(clientDir);
  };
}
