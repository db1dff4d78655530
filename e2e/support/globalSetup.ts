import type { TestProject } from 'vitest/node';
import { buildClient } from './buildClient.js';
import { startMailbox } from './mailbox.js';
import { startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The app under test, e.g. http://127.0.0.1:41234. */
    origin: string;
    /** Where the fake SMTP server leaves received mails (see inbox.ts). */
    mailDir: string;
  }
}

/**
 * Once per run: builds the client (or reuses the build of the same sources), then starts the
 * fake SMTP server and the real app that every journey file shares. Journeys make their own
 * accounts with unique emails, so they do not need a database of their own.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const clientDir = await buildClient();
  const mailbox = await startMailbox();
  const server = await startServer({ clientDir, smtpUrl: mailbox.url });
  process.stdout.write(`e2e: ${server.origin} ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  project.provide('origin', server.origin);
  project.provide('mailDir', mailbox.dir);

  return async () => {
    await server.close();
    await mailbox.close();
  };
}
