import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A fixed body, or one built per request (e.g. a different user each time). */
  body?: string;
  requests?: autocannon.Request[];
  connections?: number;
  durationSeconds?: number;
}

export interface LoadResult {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** Runs autocannon for a bounded time against a loopback URL. */
export async function measure(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: options.body,
    requests: options.requests,
    connections: options.connections ?? 10,
    duration: options.durationSeconds ?? 10,
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
export function report(name: string, database: string, result: LoadResult, extra: Record<string, unknown> = {}) {
  process.stdout.write(`${JSON.stringify({ bench: name, database, ...result, ...extra })}\n`);
}
