import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/** SQL of the admin's view of pg-boss's jobs (schema pgboss, decision 018). */

export interface TroubledJobRow {
  id: string;
  name: string;
  state: 'retry' | 'failed';
  retryCount: number;
  output: { message?: unknown } | null;
  createdOn: Date;
  startAfter: Date;
}

/** Jobs that failed, waiting to retry or dead, newest first. */
export async function findTroubledJobs(db: Queryable, limit: number): Promise<TroubledJobRow[]> {
  return rowsOf<TroubledJobRow>(
    await db.execute(sql`
    select id, name, state, retry_count as "retryCount", output, created_on as "createdOn", start_after as "startAfter"
    from pgboss.job
    where state in ('retry', 'failed')
    order by created_on desc, id
    limit ${limit}`),
  );
}

/** Whether `queue` holds a job not yet done (waiting, retrying or running) whose data has `key` = `value`. */
export async function hasLiveJob(db: Queryable, queue: string, key: string, value: string): Promise<boolean> {
  const [row] = rowsOf<{ live: boolean }>(
    await db.execute(sql`
    select exists (
      select 1 from pgboss.job
      where name = ${queue} and data ->> ${key} = ${value} and state in ('created', 'retry', 'active')
    ) as live`),
  );
  return row?.live === true;
}
