import { setTimeout as sleep } from 'node:timers/promises';

const GIVE_UP_MS = 2000;

/**
 * Asks GET /api/health one request at a time for durationMs, starting one every everyMs (or as
 * soon as the last is answered when it took longer), and returns each one's time in ms. A request
 * that fails or takes over 2 s counts as 2 s.
 */
export async function sampleHealth(baseUrl: string, durationMs: number, everyMs = 20): Promise<number[]> {
  const times: number[] = [];
  const end = performance.now() + durationMs;
  while (performance.now() < end) {
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
