import { sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import type { Database, Queryable } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import type { QueueName } from '../jobs/queues.js';

export interface JobRow {
  id: string;
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  data: unknown;
  retryCount: number;
  retryLimit: number;
  output: { message?: string } | null;
}

/** The jobs of `queue` as pg-boss keeps them (schema pgboss), oldest first. */
export async function jobsOf(db: Queryable, queue: QueueName): Promise<JobRow[]> {
  return rowsOf<JobRow>(
    await db.execute(sql`
    select id, name, state, data, retry_count as "retryCount", retry_limit as "retryLimit", output
    from pgboss.job where name = ${queue} order by created_on, id`),
  );
}

/** Waits until `check` passes on the jobs of `queue`, polling; the last failure if it never does. */
export async function waitForJobs(
  db: Queryable,
  queue: QueueName,
  check: (jobs: JobRow[]) => boolean,
  timeoutMs = 15_000,
): Promise<JobRow[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const jobs = await jobsOf(db, queue);
    if (check(jobs)) return jobs;
    if (Date.now() > deadline) throw new Error(`the ${queue} jobs never got there: ${JSON.stringify(jobs)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Makes every waiting retry of `queue` due now, as if its backoff had passed: the next poll runs it. */
export async function retriesDueNow(db: Queryable, queue: QueueName): Promise<void> {
  await db.execute(sql`update pgboss.job set start_after = now() where name = ${queue} and state = 'retry'`);
}

/**
 * Claims the oldest waiting job of `queue` as a worker of another instance would, and that instance
 * then dies without settling it or beating for it: the job stays active. Its id.
 */
export async function claimedByAWorkerThatDies(database: Database, queue: QueueName): Promise<string> {
  const boss = new PgBoss({ ...database.jobQueue, migrate: false, supervise: false, schedule: false });
  await boss.start();
  const [job] = await boss.fetch(queue);
  await boss.stop({ graceful: false });
  if (!job) throw new Error(`no ${queue} job to claim`);
  return job.id;
}

/**
 * Moves the last heartbeat of every active job back by its heartbeat time, as if the worker holding
 * it had died that long ago: the next supervision pass fails it.
 */
export async function heartbeatsLapsed(db: Queryable): Promise<void> {
  await db.execute(
    sql`update pgboss.job set heartbeat_on = heartbeat_on - make_interval(secs => heartbeat_seconds) where state = 'active'`,
  );
}

/**
 * Claims the oldest waiting job of `queue` as a worker of another process would, which then dies
 * without settling it: the job stays active, started longer ago than its expiry, as a worker that
 * died long ago leaves it.
 */
export async function claimedByADeadWorker(database: Database, queue: QueueName): Promise<void> {
  const id = await claimedByAWorkerThatDies(database, queue);
  await database.db.execute(
    sql`update pgboss.job set started_on = now() - make_interval(secs => expire_seconds + 60) where id = ${id}`,
  );
}
