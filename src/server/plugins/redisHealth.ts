import type { FastifyBaseLogger } from 'fastify';

export type RedisStatus = 'ok' | 'degraded';

/**
 * Whether the shared rate-limit store answers, for the health check. A change is logged once,
 * not per request: an outage would otherwise write a line for every limited request.
 */
export class RedisHealth {
  #status: RedisStatus | undefined;

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Degraded until Redis first answers. */
  get status(): RedisStatus {
    return this.#status ?? 'degraded';
  }

  answered(): void {
    if (this.#status === 'degraded') this.log.info('rate-limit store (Redis) answers again: counters are shared again');
    this.#status = 'ok';
  }

  failed(err: unknown): void {
    if (this.#status !== 'degraded') {
      this.log.warn({ err }, 'rate-limit store (Redis) is not answering: limits are counted in this process until it does');
    }
    this.#status = 'degraded';
  }
}
