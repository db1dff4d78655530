import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { hasJobQueue } from '../db/jobQueue.js';
import { emailOutbox, refunds } from '../db/schema.js';
import { queueEmail } from '../notifications/outbox.js';
import { testConfig } from '../test/app.js';
import { openTestDatabase, resetDatabase } from '../test/database.js';
import { claimedByAWorkerThatDies, heartbeatsLapsed, jobsOf, retriesDueNow, waitForJobs } from '../test/jobs.js';
import { startLocalSmtpServer, type LocalSmtpServer } from '../test/localSmtpServer.js';
import { Jobs, jobsOptionsOf } from './jobs.js';
import { QUEUES } from './queues.js';

const message = (n: number) => ({
  to: `ama${n}@example.com`,
  subject: `Your order ${n} is ready`,
  text: 'A driver will pick it up soon.',
});

describe('durable jobs: nothing lost, nothing doubled', () => {
  let smtp: LocalSmtpServer;
  let database: Database;
  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    database = await openTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await smtp?.close();
  });

  const instance = async (overrides: Record<string, string> = {}) => {
    const app = await buildApp(testConfig({ SMTP_URL: smtp.url, ...overrides }), { database, logger: false });
    await app.ready();
    return app;
  };
  const outbox = () => database.db.select().from(emailOutbox).orderBy(emailOutbox.subject);

  it('sends an email queued by a process that stopped before sending it, once, after a restart', async () => {
    await resetDatabase(database);
    // A process with no workers: it commits the email and its job, and is gone before any send.
    const stopped = new Jobs(database.jobQueue, pino({ level: 'silent' }), jobsOptionsOf(testConfig()));
    await stopped.start();
    await database.db.transaction((tx) => queueEmail(tx, stopped, message(1)));
    await stopped.stop();
    expect(await jobsOf(database.db, 'email')).toEqual([expect.objectContaining({ state: 'created' })]);

    const before = smtp.mails.length;
    const restarted = await instance();
    try {
      await waitForJobs(database.db, 'email', ([job]) => job?.state === 'completed');
      expect(smtp.mails.slice(before)).toEqual([expect.objectContaining({ to: ['ama1@example.com'] })]);
      expect(await outbox()).toEqual([expect.objectContaining({ status: 'sent' })]);
    } finally {
      await restarted.close();
    }
  });

  it('never sends a job twice when two instances work the same queue', async () => {
    await resetDatabase(database);
    const [first, second] = [await instance(), await instance()];
    try {
      const before = smtp.mails.length;
      await database.db.transaction(async (tx) => {
        for (let n = 0; n < 40; n++) await queueEmail(tx, first.jobs, message(n));
      });
      await waitForJobs(database.db, 'email', (jobs) => jobs.every((job) => job.state === 'completed'), 30_000);
      const sent = smtp.mails.slice(before).map((mail) => mail.to[0]);
      expect(sent).toHaveLength(40);
      expect(new Set(sent).size).toBe(40);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  // Several instances share one PostgreSQL; the embedded database has one process, whose restart the first test covers.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'has another instance take over the work of an instance that died holding it once its heartbeats lapse: the email is retried, the next sweep runs',
    async () => {
      await resetDatabase(database);
      const sender = new Jobs(database.jobQueue, pino({ level: 'silent' }), jobsOptionsOf(testConfig()));
      await sender.start();
      try {
        await database.db.transaction((tx) => queueEmail(tx, sender, message(1)));
        await sender.send(database.db, 'order-alerts', {});
        const [email, sweep] = [
          await claimedByAWorkerThatDies(database, 'email'),
          await claimedByAWorkerThatDies(database, 'order-alerts'),
        ];
        // The schedule's next run comes while the dead instance still holds the sweep (one at a time).
        await sender.send(database.db, 'order-alerts', {});
        const before = smtp.mails.length;
        const survivor = await instance({ JOB_SUPERVISE_SECONDS: '1' });
        try {
          // Its supervision passes leave work whose worker still beats where it is.
          await new Promise((resolve) => setTimeout(resolve, 2500));
          expect((await jobsOf(database.db, 'email')).map((job) => [job.id, job.state])).toEqual([[email, 'active']]);
          expect((await jobsOf(database.db, 'order-alerts'))[0]).toMatchObject({ id: sweep, state: 'active' });

          // Twenty seconds on (HEARTBEAT_SECONDS, queues.ts) without a beat: the next pass fails both,
          // the email is retried (its backoff skipped here) and the waiting sweep runs.
          await heartbeatsLapsed(database.db);
          await waitForJobs(database.db, 'email', ([job]) => job?.state === 'retry');
          await retriesDueNow(database.db, 'email');
          await waitForJobs(database.db, 'email', ([job]) => job?.state === 'completed');
          const sweeps = await waitForJobs(database.db, 'order-alerts', (jobs) => jobs[1]?.state === 'completed');
          expect(smtp.mails.slice(before)).toEqual([expect.objectContaining({ to: ['ama1@example.com'] })]);
          expect(sweeps.map((job) => [job.id === sweep, job.state])).toEqual([
            [true, 'failed'],
            [false, 'completed'],
          ]);
        } finally {
          await survivor.close();
        }
      } finally {
        await sender.stop();
      }
    },
  );

  it('queues nothing when the transaction that queued the job rolls back', async () => {
    await resetDatabase(database);
    const app = await instance();
    try {
      await expect(
        database.db.transaction(async (tx) => {
          await queueEmail(tx, app.jobs, message(1));
          throw new Error('the move failed');
        }),
      ).rejects.toThrow('the move failed');
      expect(await jobsOf(database.db, 'email')).toEqual([]);
      expect(await outbox()).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('retries a mail server that cannot take the email with backoff, then lets the job die with its error, and an admin retry sends it', async () => {
    await resetDatabase(database);
    const app = await instance();
    smtp.rejectRecipients('mailbox busy, try again later', 451);
    try {
      await database.db.transaction((tx) => queueEmail(tx, app.jobs, message(1)));
      const tries: number[] = [];
      for (;;) {
        const [job] = await waitForJobs(database.db, 'email', ([one]) => one?.state === 'retry' || one?.state === 'failed');
        tries.push(job!.retryCount);
        if (job!.state === 'failed') break;
        // As if the backoff had passed.
        await retriesDueNow(database.db, 'email');
        await waitForJobs(database.db, 'email', ([one]) => one!.retryCount > job!.retryCount);
      }
      const limit = QUEUES.email.retryLimit!;
      expect(tries).toEqual(Array.from({ length: limit + 1 }, (_, n) => n));
      const [dead] = await jobsOf(database.db, 'email');
      expect(dead).toMatchObject({ retryCount: limit, output: { message: expect.stringMatching(/mailbox busy/) } });
      expect(await outbox()).toEqual([
        expect.objectContaining({ status: 'failed', error: expect.stringMatching(/mailbox busy/) }),
      ]);

      smtp.rejectRecipients(null);
      const before = smtp.mails.length;
      expect(await app.jobs.retry(app.db, 'email', dead!.id)).toBe(true);
      await waitForJobs(database.db, 'email', ([job]) => job?.state === 'completed');
      expect(smtp.mails.slice(before)).toHaveLength(1);
      expect(await outbox()).toEqual([expect.objectContaining({ status: 'sent', error: null })]);
      expect(await app.jobs.retry(app.db, 'email', dead!.id)).toBe(false);
    } finally {
      smtp.rejectRecipients(null);
      await app.close();
    }
  }, 60_000);

  it('gives the emails still queued and the refunds still owed in a database from before the job queue their jobs, once', async () => {
    await resetDatabase(database);
    // As in a database from before the job queue: the check inside a transaction that is then undone.
    let withoutQueue: boolean | undefined;
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`drop schema pgboss cascade`);
        withoutQueue = await hasJobQueue(tx);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(withoutQueue).toBe(false);
    expect(await hasJobQueue(database.db)).toBe(true);

    await database.db.insert(emailOutbox).values({ toAddress: 'ama1@example.com', subject: 'Left queued', body: 'From before.' });
    const [owed] = await database.db
      .insert(refunds)
      .values({ reference: 'ref-before-jobs', amount: 5000, reason: 'The restaurant closed' })
      .returning({ id: refunds.id });
    const before = smtp.mails.length;
    const app = await buildApp(testConfig({ SMTP_URL: smtp.url }), {
      database: { ...database, jobQueueNew: true },
      logger: false,
    });
    try {
      await app.ready();
      await waitForJobs(database.db, 'email', ([job]) => job?.state === 'completed');
      expect(smtp.mails.slice(before)).toEqual([expect.objectContaining({ subject: 'Left queued' })]);
      expect((await jobsOf(database.db, 'refund')).map((job) => job.data)).toEqual([{ refundId: owed!.id }]);
    } finally {
      await app.close();
    }
    // An instance opening a database whose queue existed adopts nothing again.
    const later = await instance();
    await later.close();
    expect(await jobsOf(database.db, 'email')).toHaveLength(1);
  });

  it('lets a job die at once on a refusal for good, recording the email failed', async () => {
    await resetDatabase(database);
    const app = await instance();
    smtp.rejectRecipients('no such mailbox');
    try {
      await database.db.transaction((tx) => queueEmail(tx, app.jobs, message(1)));
      const [dead] = await waitForJobs(database.db, 'email', ([job]) => job?.state === 'failed');
      expect(dead).toMatchObject({ retryCount: 0, output: { message: expect.stringMatching(/no such mailbox/) } });
      const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'ama1@example.com'));
      expect(row).toMatchObject({ status: 'failed' });
    } finally {
      smtp.rejectRecipients(null);
      await app.close();
    }
  });

  it('keeps a database error as its SQLSTATE, never the statement or its parameters, for the admin’s Jobs page', async () => {
    await resetDatabase(database);
    const jobs = new Jobs(database.jobQueue, pino({ level: 'silent' }), jobsOptionsOf(testConfig()));
    jobs.work('order-alerts', async () => {
      await database.db.execute(
        sql`insert into password_resets (user_id, token_hash, expires_at) values (${randomUUID()}, 'secret-token-hash', now())`,
      );
    });
    await jobs.start();
    try {
      await jobs.send(database.db, 'order-alerts', {});
      const [dead] = await waitForJobs(database.db, 'order-alerts', ([job]) => job?.state === 'failed');
      expect(dead!.output).toEqual({ message: "The database refused the job's work (SQLSTATE 23503)" });
    } finally {
      await jobs.stop();
    }
  });
});
