import { readFileSync } from 'node:fs';
import { MESSAGES } from '@shared/auth/schemas.js';
import { badRequest } from '../http/errors.js';

/**
 * The rule for a password someone chooses (sign-up, reset, an invited manager's first password, a
 * new admin): besides being at least 6 characters long, it must not be one of the most common
 * passwords, in any letter case. The list (common-passwords.txt, lower-case) stays on the server:
 * the client learns of a refusal from the reply, as a message under the password field, rather than
 * every phone downloading some 50 KB with the sign-up form.
 */
let listedCache: Set<string> | undefined;

/**
 * The list, read on first use: config.ts imports this module, so reading it at import would cost
 * every process (scripts, every test worker) the file and a 6,000-entry set, needed or not.
 */
function listed(): Set<string> {
  listedCache ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line !== ''),
  );
  return listedCache;
}

/** What no list can hold in full: a unit of up to 3 characters repeated (aaaaaa, 121212, abcabc). */
const REPEATED = /^(.{1,3})\1+$/su;

/** A run of letters or digits going up or down one at a time (234567, 876543, bcdefg). */
function isRun(text: string): boolean {
  if (!/^[a-z0-9]+$/.test(text)) return false;
  const step = text.charCodeAt(1) - text.charCodeAt(0);
  if (Math.abs(step) !== 1) return false;
  for (let i = 2; i < text.length; i += 1) if (text.charCodeAt(i) - text.charCodeAt(i - 1) !== step) return false;
  return true;
}

export function isCommonPassword(password: string): boolean {
  const text = password.toLowerCase();
  return listed().has(text) || REPEATED.test(text) || isRun(text);
}

/** Refuses a common password with a 400 whose message goes under the password field. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw badRequest(MESSAGES.commonPassword, { password: MESSAGES.commonPassword });
}
