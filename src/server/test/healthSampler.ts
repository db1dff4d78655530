import { setTimeout as sleep } from 'node:timers/promises';

const GIVE_UP_MS = 2000;

export interface SampleOptions {
  /** How long to sample at most. */
  durationMs: number;
  /** Stop earlier, once this settles. */
  until?: Promise<unknown>;
  /** Start a request this often, or as soon as the last is answered when it took longer. */
  everyMs?: number;
}

/**
 * Asks GET /api/health one request at a time and returns each one's time in ms. A request that
 * fails or takes over 2 s counts as 2 s.
 */
export async function sampleHealth(baseUrl: string, { durationMs, until, everyMs = 20 }: SampleOptions): Promise<number[]> {
  let settled = false;
  void until?.finally(() => (settled = true)).catch(() => undefined);
  const times: number[] = [];
  const end = performance.now() + durationMs;
  while (!settled && performance.now() < end) {
    const start = performance.now();
    try {
      const reply = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(GIVE_UP_MS) });
      await reply.arrayBuffer();
      times.push(reply.ok ? performance.now() - start : GIVE_UP_MS);
    } catch {
      times.push(GIVE_UP_MS);
    }
    await sleep(Math.max(0, everyMs - (performance.now() - start)));
  }
  return times;
}
