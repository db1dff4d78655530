import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import type { ReceivedMail } from './mailbox.js';

function receivedMails(): ReceivedMail[] {
  const dir = inject('mailDir');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as ReceivedMail);
}

/** Waits for a mail to this address whose text matches, and returns the match. */
export async function waitForMail(to: string, pattern: RegExp, timeoutMs = 10_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const mail of receivedMails()) {
      const addressed = mail.to.some((address) => address.toLowerCase() === to.toLowerCase());
      const match = addressed ? mail.text.match(pattern) : null;
      if (match) return match;
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
