import { DrizzleQueryError, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, PgBoss, type JobResult } from 'pg-boss';
import type { Config } from '../config.js';
import type { Db, JobQueueConnection, Queryable } from '../db/client.js';
import { messageOf } from '../http/errors.js';
import { withoutEmails } from '../http/logging.js';
import { QUEUE_NAMES, QUEUES, type JobData, type QueueName } from './queues.js';

/** Thrown by a handler when trying again cannot help (the mail server refused the address for good): the job dies at once. */
export class PermanentJobError extends Error {}

export interface RunningJob {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

export type JobHandler<Q extends QueueName> = (data: JobData[Q], job: RunningJob) => Promise<void>;

interface Worker {
  queue: QueueName;
  run: JobHandler<QueueName>;
  concurrency: number;
}

export interface JobsOptions {
  /** How often an idle worker looks for jobs NOTIFY did not announce (retries coming due, another instance's jobs when notifications are lost). */
  pollingIntervalSeconds: number;
  /** How long stop() lets the jobs in hand finish; those still running then go back to their queue to be retried. */
  stopTimeoutSeconds: number;
  /** How often one of the instances counts each queue's jobs and fails those whose worker stopped beating (queues.ts) or that are past their expiry. */
  superviseIntervalSeconds: number;
}

/** The queue's settings from the server's (config.ts), which hold their defaults. */
export const jobsOptionsOf = (
  config: Pick<Config, 'JOB_POLL_SECONDS' | 'SHUTDOWN_GRACE_SECONDS' | 'JOB_SUPERVISE_SECONDS'>,
): JobsOptions => ({
  pollingIntervalSeconds: config.JOB_POLL_SECONDS,
  stopTimeoutSeconds: config.SHUTDOWN_GRACE_SECONDS,
  superviseIntervalSeconds: config.JOB_SUPERVISE_SECONDS,
});

/** A queue's jobs, as pg-boss last counted them (its monitor, every superviseIntervalSeconds). */
export interface QueueCounts {
  queue: QueueName;
  /** Waiting to run: new, retrying, or due later. */
  queued: number;
  active: number;
  /** Dead: out of tries, kept until pg-boss deletes them. */
  failed: number;
}

/**
 * pg-boss's statements on the caller's connection. Both drivers answer `execute` with `{ rows }`
 * (node-postgres' QueryResult, PGlite's Results); the app's Db type leaves it unknown.
 */
function inTransaction(db: Queryable) {
  return fromDrizzle({ execute: (query) => db.execute(query as SQL) as Promise<{ rows: unknown[] }> }, sql);
}

/** What the log may say of a failure: the error's class and code, never its message (it can name the recipient). */
function failureCodes(err: unknown) {
  const { code, responseCode } = ((err as { cause?: unknown }).cause ?? err) as { code?: unknown; responseCode?: unknown };
  return { error: err instanceof Error ? err.name : typeof err, code, responseCode };
}

/**
 * What a failed job keeps as its error, which the admin's Jobs page shows: a database error's
 * SQLSTATE, never its statement and parameters (a token's hash, a phone number); any other error's
 * message without the email addresses a mail server's refusal echoes.
 */
function storedError(err: unknown): string {
  if (err instanceof DrizzleQueryError) {
    const code = (err.cause as { code?: unknown } | undefined)?.code;
    return `The database refused the job's work${typeof code === 'string' ? ` (SQLSTATE ${code})` : ''}`;
  }
  return withoutEmails(messageOf(err));
}

/**
 * Durable background work (decision 018): a job is a row of pg-boss's tables, written in the
 * transaction of the event that causes it, claimed by one worker of one instance
 * (FOR UPDATE SKIP LOCKED), retried with backoff and kept with its last error, dead after its
 * queue's retry limit. Handlers are registered before start(); stop() lets jobs in hand finish.
 */
export class Jobs {
  private boss: PgBoss | undefined;
  private readonly workers: Worker[] = [];
  private readonly schedules = new Map<QueueName, string>();

  constructor(
    private readonly connection: JobQueueConnection,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobsOptions,
  ) {}

  private started(): PgBoss {
    if (!this.boss) throw new Error('the job queue has not started');
    return this.boss;
  }

  /** Queues a job in the caller's transaction: it exists, and runs, only if that transaction commits. */
  async send<Q extends QueueName>(db: Queryable, queue: Q, data: JobData[Q]): Promise<string> {
    const id = await this.started().send(queue, data, { db: inTransaction(db) });
    if (!id) throw new Error(`the ${queue} queue refused a job`);
    return id;
  }

  /** Queues a job in the caller's transaction that runs `seconds` after it commits, by the database's clock. */
  async sendLater<Q extends QueueName>(db: Queryable, queue: Q, data: JobData[Q], seconds: number): Promise<string> {
    const id = await this.started().send(queue, data, { db: inTransaction(db), startAfter: seconds });
    if (!id) throw new Error(`the ${queue} queue refused a job`);
    return id;
  }

  /** Queues one job per item of `data` in the caller's transaction, in one statement: they exist only if it commits. */
  async sendMany<Q extends QueueName>(db: Queryable, queue: Q, data: JobData[Q][]): Promise<void> {
    if (data.length === 0) return;
    await this.started().insert(
      queue,
      data.map((item) => ({ data: item })),
      { db: inTransaction(db) },
    );
  }

  /** Runs `handler` for each job of `queue`, up to `concurrency` at once in this instance. */
  work<Q extends QueueName>(queue: Q, handler: JobHandler<Q>, concurrency = 2): void {
    this.workers.push({ queue, run: handler as JobHandler<QueueName>, concurrency });
  }

  /** Runs `queue`'s handler on a cron schedule (six fields: seconds first), once across every instance. */
  every(queue: QueueName, cron: string): void {
    this.schedules.set(queue, cron);
  }

  /** Starts the workers and schedules registered so far; the tables are installed already (db/jobQueue.ts). */
  async start(): Promise<void> {
    // Only an instance with schedules runs pg-boss's clock for them.
    const superviseSeconds = this.options.superviseIntervalSeconds;
    const boss = new PgBoss({
      ...this.connection,
      useListenNotify: true,
      migrate: false,
      schedule: this.schedules.size > 0,
      // A queue's supervision (expiry, lost heartbeats) rides its monitoring pass (the counts), which
      // one instance claims at most once per monitorIntervalSeconds: both run at the one interval.
      superviseIntervalSeconds: superviseSeconds,
      monitorIntervalSeconds: superviseSeconds,
    });
    boss.on('error', (err: unknown) => this.log.error({ ...failureCodes(err) }, 'job queue error'));
    await boss.start();
    this.boss = boss;
    for (const queue of QUEUE_NAMES) {
      await boss.createQueue(queue, QUEUES[queue]);
      const { policy: _policy, ...settings } = QUEUES[queue];
      await boss.updateQueue(queue, settings);
    }
    for (const worker of this.workers) {
      await boss.work(
        worker.queue,
        {
          perJobResults: true,
          // One fetch claims up to `concurrency` jobs, run together; while fetches come back full
          // the worker fetches again at once instead of waiting for its next poll.
          batchSize: worker.concurrency,
          burstWhenBatchFull: true,
          // NOTIFY wakes a worker for a new job, not for a retry coming due: both intervals are the same.
          pollingIntervalSeconds: this.options.pollingIntervalSeconds,
          notifyPollingIntervalSeconds: this.options.pollingIntervalSeconds,
        },
        (jobs) => Promise.all(jobs.map((job) => this.settle(worker, job))),
      );
    }
    for (const [queue, cron] of this.schedules) await boss.schedule(queue, cron, {}, { key: queue });
  }

  private async settle(worker: Worker, job: { id: string; data: unknown; retryCount: number }): Promise<JobResult> {
    try {
      await worker.run(job.data as JobData[QueueName], { id: job.id, retryCount: job.retryCount });
      return { id: job.id, status: 'completed' };
    } catch (err) {
      const permanent = err instanceof PermanentJobError;
      this.log.warn(
        { queue: worker.queue, jobId: job.id, attempt: job.retryCount + 1, permanent, ...failureCodes(err) },
        'job failed',
      );
      return { id: job.id, status: permanent ? 'deadletter' : 'failed', output: { message: storedError(err) } };
    }
  }

  /** Cancels a job that has not run yet: it never will. */
  async cancel(queue: QueueName, id: string): Promise<void> {
    await this.started().cancel(queue, id);
  }

  /** Gives a dead job one more try, at the next poll; false when the job is not dead (run since, or unknown). */
  async retry(db: Db, queue: QueueName, id: string): Promise<boolean> {
    const boss = this.started();
    return db.transaction(async (tx) => {
      const connection = { db: inTransaction(tx) };
      // pg-boss types the answer as an empty interface; it carries the count of jobs it moved.
      const { affected } = (await boss.retry(queue, id, connection)) as { affected?: number };
      if (!affected) return false;
      // A job that died on a refusal for good with tries left keeps the backoff its failure set (up
      // to half an hour): due now instead, and its queue's workers woken as the retry commits.
      await boss.update({ name: queue, options: { id, startAfter: new Date(), ...connection } });
      return true;
    });
  }

  /** Whether `queue` holds a job of this id, in any state (pg-boss deletes jobs some days after they end). */
  async has(queue: QueueName, id: string): Promise<boolean> {
    return (await this.started().findJobs(queue, { id: id.toLowerCase(), limit: 1 })).length > 0;
  }

  /** Every queue's jobs, in one statement on pg-boss's table of queues; none before start(). */
  async counts(): Promise<QueueCounts[]> {
    if (!this.boss) return [];
    const queues = await this.boss.getQueues(QUEUE_NAMES);
    return queues.map((queue) => ({
      queue: queue.name as QueueName,
      queued: queue.queuedCount,
      active: queue.activeCount,
      failed: queue.failedCount,
    }));
  }

  /**
   * Stops claiming jobs and waits for those in hand, at most stopTimeoutSeconds: pg-boss then
   * fails the ones still running, so that they are retried (here after a restart, or by another
   * instance), and lets go of the database. Calls while it stops wait for the same stop.
   */
  async stop(): Promise<void> {
    await this.boss?.stop({ graceful: true, timeout: this.options.stopTimeoutSeconds * 1000 });
  }
}
