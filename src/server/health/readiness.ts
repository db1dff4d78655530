import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { migrationsApplied } from '../db/migrationState.js';
import { pingInTime } from './ping.js';

/** Why GET /readyz answers 503. */
export const NOT_READY_REASONS = ['shutting down', 'database unreachable', 'migrations not applied'] as const;
export type NotReadyReason = (typeof NOT_READY_REASONS)[number];

/**
 * Whether this instance should be sent traffic: it is not stopping, its database answers and
 * has every migration this build ships. Once the migrations were found applied they are not
 * looked at again (they are never undone), so a probe then costs one `select 1`.
 */
export class Readiness {
  private stopping = false;
  private migrated = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** From now on the instance is not ready, for good: it is stopping (shutdown.ts). */
  stop(): void {
    this.stopping = true;
  }

  /** Null when ready, else why not. */
  async check(): Promise<NotReadyReason | null> {
    if (this.stopping) return 'shutting down';
    try {
      await pingInTime(this.db);
      this.migrated ||= await migrationsApplied(this.db);
    } catch (err) {
      this.log.warn({ err }, 'readiness check: the database did not answer');
      return 'database unreachable';
    }
    return this.migrated ? null : 'migrations not applied';
  }
}
