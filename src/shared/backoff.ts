/** How retries space out: the first wait, multiplied by `factor` (2 unless given) after each failure, up to `maxMs`. */
export interface Backoff {
  firstMs: number;
  maxMs: number;
  factor?: number;
}

/** The wait before retry `attempt` (0 for the first retry). */
export const backoffDelay = ({ firstMs, maxMs, factor = 2 }: Backoff, attempt: number): number =>
  Math.min(maxMs, firstMs * factor ** attempt);

/** The waits before the first `retries` retries. */
export const backoffDelays = (backoff: Backoff, retries: number): number[] =>
  Array.from({ length: retries }, (_, attempt) => backoffDelay(backoff, attempt));

/** Half to all of `ms`, at random, so that clients that failed together do not all retry together. */
export const withJitter = (ms: number, random: () => number = Math.random): number => ms * (0.5 + random() / 2);
