import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const NEW_CHECKOUT_ID = fileURLToPath(new URL('./newCheckoutId.cjs', import.meta.url));
const START_ANYWHERE = fileURLToPath(new URL('./startAnywhere.cjs', import.meta.url));

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /**
   * Requests each connection sends in turn (e.g. a different user and cart each time), each
   * connection from its own place in the list. Plain data only: they are copied to the load thread.
   */
  requests?: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string }[];
  connections?: number;
  durationSeconds?: number;
  /**
   * Requests per second offered across all connections, whatever the server's pace (an open
   * load, like customers arriving). Without it each connection sends its next request as soon
   * as the last is answered, which finds the most the server can do.
   */
  ratePerSecond?: number;
  /** Send every request with a new Idempotency-Key (checkout places one order per key). */
  newCheckoutIdEach?: boolean;
}

export interface LoadResult {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/**
 * Runs autocannon for a bounded time against a loopback URL, from a worker thread so the load
 * generator does not share the server's event loop.
 */
export async function measure(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: options.body,
    requests: options.newCheckoutIdEach
      ? options.requests?.map((request) => ({ ...request, setupRequest: NEW_CHECKOUT_ID }))
      : options.requests,
    // A file path, as autocannon takes with workers (its README's workers section); its types name only a function.
    setupClient: (options.requests ? START_ANYWHERE : undefined) as unknown as autocannon.Options['setupClient'],
    connections: options.connections ?? 10,
    duration: options.durationSeconds ?? 10,
    overallRate: options.ratePerSecond,
    workers: 1,
  });
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** One JSON line per measurement, as `npm run bench` promises. */
export function report(name: string, database: string, ...fields: object[]) {
  process.stdout.write(`${JSON.stringify(Object.assign({ bench: name, database }, ...fields))}\n`);
}
