import { expect, type Locator } from '@playwright/test';

/**
 * Starts waiting for something brief, such as a toast, before the action that shows it; await the
 * result after the action. A toast lasts a few seconds, which the steps between an action and its
 * check can outlast on a busy machine. A failure is reported where the result is awaited (a
 * rejection before then is not left unhandled); a result nobody awaits fails nothing.
 */
export function appears(locator: Locator, timeout = 30_000): Promise<void> {
  const seen = expect(locator).toBeVisible({ timeout });
  seen.catch(() => undefined);
  return seen;
}
