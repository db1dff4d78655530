import { Worker } from 'node:worker_threads';
import type { LoadResult } from './measure.js';

export interface OpenLoadOptions {
  url: string;
  ratePerSecond: number;
  /** Measured, after warmupSeconds (default 2) at the same rate that are not. */
  durationSeconds: number;
  warmupSeconds?: number;
  /** Sent in turn, one per arrival (to `path` when given, else to url's). Plain data only: they are copied to the load thread. */
  requests: { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; path?: string; headers?: Record<string, string>; body?: string }[];
}

/**
 * An open load: requests go out at a steady rate whatever the server's pace, the way customers
 * arrive: a slow reply holds back no later request, so queueing at the server shows in the
 * latencies instead of slowing the load down. (autocannon's rate option sends each second's
 * quota in one burst, which measures a flood, not a rate.) The load runs in a worker thread so
 * that the server's event loop, in the main thread, does not share its time with it.
 */
export function openLoad(options: OpenLoadOptions): Promise<LoadResult> {
  return runLoadWorker(options);
}

export interface TimedLoadResult extends LoadResult {
  /** The first this many requests were the unmeasured warm-up. */
  warmupRequests: number;
  /** Per request, in order: when it went out and when its answer came (wall-clock ms, see wallClock()), and its status (0: none). */
  times: { sentAt: Float64Array; answeredAt: Float64Array; status: Uint16Array };
}

/** openLoad, also keeping each request's send and answer times, to match them with what happened elsewhere. */
export function openLoadWithTimes(options: OpenLoadOptions): Promise<TimedLoadResult> {
  return runLoadWorker({ ...options, keepTimes: true });
}

function runLoadWorker<T>(workerData: OpenLoadOptions & { keepTimes?: boolean }): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./openLoadWorker.mjs', import.meta.url), { workerData });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}
