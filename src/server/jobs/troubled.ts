import type { TroubledJob } from '@shared/jobs/schemas.js';
import type { Db } from '../db/client.js';
import { findTroubledJobs } from './repository.js';
import { QUEUE_NAMES, type QueueName } from './queues.js';

/** Jobs the admin's page lists at most. */
const TROUBLED_JOBS_SHOWN = 100;

const isQueue = (name: string): name is QueueName => (QUEUE_NAMES as string[]).includes(name);
const iso = (value: Date | string) => new Date(value).toISOString();

/** The jobs in trouble, for the admin's Jobs page: retrying ones with their next try, dead ones with their last error. */
export async function listTroubledJobs(db: Db): Promise<TroubledJob[]> {
  const rows = await findTroubledJobs(db, TROUBLED_JOBS_SHOWN);
  return rows.flatMap((row) => {
    if (!isQueue(row.name)) return [];
    const retrying = row.state === 'retry';
    const message = row.output?.message;
    return [
      {
        id: row.id,
        queue: row.name,
        state: retrying ? ('retrying' as const) : ('dead' as const),
        tries: row.retryCount + 1,
        error: typeof message === 'string' ? message : null,
        createdAt: iso(row.createdOn),
        nextTryAt: retrying ? iso(row.startAfter) : null,
      },
    ];
  });
}
