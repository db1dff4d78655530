import { expect } from 'vitest';

const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Matches a 429 message that starts with `start` and names the wait left in a one-minute window:
 * "1 minute" when refused at once, "59 seconds" once a second of the window has gone by (as on a
 * busy machine).
 */
export const triesAgainWithinAMinute = (start: string) =>
  expect.stringMatching(new RegExp(`^${escapeForRegExp(start)} Please try again in (1 minute|[1-5]?[0-9] seconds)\\.$`));
