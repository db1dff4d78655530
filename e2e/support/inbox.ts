import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { ReceivedMail } from './mailbox.js';

function receivedMails(): ReceivedMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the global setup starts the mailbox');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as ReceivedMail);
}

function findMail(to: string, pattern: RegExp): RegExpMatchArray | null {
  for (const mail of receivedMails()) {
    const addressed = mail.to.some((address) => address.toLowerCase() === to.toLowerCase());
    const match = addressed ? mail.text.match(pattern) : null;
    if (match) return match;
  }
  return null;
}

/** Waits for a mail to this address whose text matches, and returns the match. */
export async function waitForMail(to: string, pattern: RegExp, timeout = 10_000): Promise<RegExpMatchArray> {
  await expect.poll(() => findMail(to, pattern) !== null, { timeout, message: `a mail to ${to} matching ${pattern}` }).toBe(true);
  return findMail(to, pattern)!;
}
