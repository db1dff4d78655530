import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalSmtpServer } from '../../src/server/test/localSmtpServer.js';

export type { ReceivedMail } from '../../src/server/test/localSmtpServer.js';

export interface Mailbox {
  /** smtp://127.0.0.1:<port> to hand the app as SMTP_URL. */
  url: string;
  /** Folder holding one JSON file per received mail. */
  dir: string;
  close(): Promise<void>;
}

/**
 * The server tests' SMTP server (src/server/test/localSmtpServer.ts), whose mails are also copied to a folder:
 * the journeys run in other processes and read them there (see inbox.ts).
 */
export async function startMailbox(): Promise<Mailbox> {
  const smtp = await startLocalSmtpServer();
  const dir = mkdtempSync(path.join(tmpdir(), 'chopchop-e2e-mail-'));
  let written = 0;
  const timer = setInterval(() => {
    for (; written < smtp.mails.length; written += 1) {
      const file = path.join(dir, `${String(written + 1).padStart(6, '0')}.json`);
      writeFileSync(`${file}.part`, JSON.stringify(smtp.mails[written]));
      renameSync(`${file}.part`, file);
    }
  }, 20);

  return {
    url: smtp.url,
    dir,
    async close() {
      clearInterval(timer);
      await smtp.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
