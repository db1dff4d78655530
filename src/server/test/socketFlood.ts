import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

export interface FloodOptions {
  /** ws:// address of /api/realtime. */
  url: string;
  /** Access token every socket signs in with. */
  token: string;
  sockets: number;
  /** Subscribes to random orders each socket sends, as fast as it can, unless closed first. */
  messages: number;
}

export interface FloodOutcome {
  /** Subscribes sent before the socket closed. */
  sent: number;
  code: number;
  reason: string;
}

type FloodMessage = { type: 'flooding' } | { type: 'closed'; outcomes: FloodOutcome[] };

/**
 * Starts a flood of subscribes from a worker thread: `flooding` settles once every socket is
 * signed in and sending, `closed` once every socket is closed. stop() ends the worker and its sockets.
 */
export function startFlood(options: FloodOptions) {
  const worker = new Worker(new URL('./socketFlood.mjs', import.meta.url), { workerData: options });
  const failed = once(worker, 'error').then(([err]) => Promise.reject(err as Error));
  const next = <T extends FloodMessage['type']>(type: T) =>
    Promise.race([
      new Promise<Extract<FloodMessage, { type: T }>>((resolve) => {
        const listen = (message: FloodMessage) => {
          if (message.type !== type) return;
          worker.off('message', listen);
          resolve(message as Extract<FloodMessage, { type: T }>);
        };
        worker.on('message', listen);
      }),
      failed,
    ]);
  const closed = next('closed').then((message) => message.outcomes);
  closed.catch(() => undefined);
  return {
    flooding: next('flooding').then(() => undefined),
    closed,
    stop: () => worker.terminate(),
  };
}
