import { describe, expect, it } from 'vitest';
import { IdChecker, IdCheckError } from './idChecker.js';

/** The checker's queue, failures and shutdown; analyses themselves are tested through the route (routes.test.ts). */
describe('IdChecker', () => {
  const image = new Uint8Array([1, 2, 3]);
  const kindOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (error: unknown) => (error instanceof IdCheckError ? error.kind : String(error)),
    );

  it('refuses an analysis as busy when too many wait, and fails those waiting when it closes', async () => {
    const checker = new IdChecker({ maxWaiting: 1 });
    const running = kindOf(checker.analyse(image, image, 30_000));
    const waiting = kindOf(checker.analyse(image, image, 30_000));
    expect(await kindOf(checker.analyse(image, image, 30_000))).toBe('busy');
    // Closed (most likely) while its worker thread is still loading the models: the thread ends at once.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await checker.close();
    expect(await running).toBe('unavailable');
    expect(await waiting).toBe('unavailable');
    expect(await kindOf(checker.analyse(image, image, 30_000))).toBe('unavailable');
  });

  it('fails an analysis of images it cannot decode without losing its worker, and lets the worker go when idle', async () => {
    const checker = new IdChecker({ idleMs: 200 });
    try {
      await expect(checker.analyse(image, image, 30_000)).rejects.toThrow(/^The ID check failed: /);
      expect(checker.warm).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(checker.warm).toBe(false);
    } finally {
      await checker.close();
    }
  });
});
