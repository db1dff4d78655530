/**
 * The job queue (decision 018) on each database, delivering to a local SMTP server:
 * - `jobs-drain`: JOBS email jobs queued by a process without workers (as if it had stopped), then
 *   drained by one app's workers; jobs per second, beside the yardstick of the same mailer sending
 *   as many emails directly, as many at a time as the workers (`ratio` = drained / direct).
 * - `jobs-latency`: support cancelling orders through the HTTP API at RATE per second (open load),
 *   each move queuing the customer's email and SMS; from each move's answer to the SMTP server
 *   receiving its email, and to the SMS provider (a local Africa's Talking stand-in) receiving its
 *   SMS, p50 and p99 (the target: p99 under 1 s at 100 moves/s).
 * Run: npx tsx bench/jobs.bench.ts
 */
import { rmSync } from 'node:fs';
import pino from 'pino';
import { Jobs, jobsOptionsOf } from '../src/server/jobs/jobs.js';
import { createMailer } from '../src/server/notifications/mailer.js';
import { queueEmail } from '../src/server/notifications/outbox.js';
import { startLocalSmtpServer, type LocalSmtpServer } from '../src/server/test/localSmtpServer.js';
import { startAfricasTalkingStandIn } from '../src/server/test/smsProviders.js';
import { waitForJobs } from '../src/server/test/jobs.js';
import { insertSignedInAccounts } from './lib/bulkAccounts.js';
import { report } from './lib/measure.js';
import { insertOrdersAt } from './lib/ordersAt.js';
import { openLoadWithTimes } from './lib/openLoad.js';
import { startBenchServer, type DatabaseKind } from './lib/server.js';
import { percentile } from './lib/stats.js';
import { wallClock } from './lib/socketCrowd.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
const RATE = Number(process.env.BENCH_JOB_MOVES_PER_SECOND ?? 100);
const DURATION_SECONDS = 10;
const WARMUP_SECONDS = 2;
/** The email workers' concurrency (plugins/jobs.ts), which the yardstick matches. */
const AT_ONCE = 8;
const QUEUE_BATCH = 500;

const message = (n: number) => ({ to: `diner${n}@bench.local`, subject: `Bench ${n}`, text: 'Your order is ready.' });

async function directYardstick(smtp: LocalSmtpServer): Promise<number> {
  const mailer = createMailer(
    { SMTP_URL: smtp.url, MAIL_FROM: 'bench@chopchop.test', mode: 'production' },
    pino({ level: 'silent' }),
  );
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < JOBS) await mailer.deliver(message(next++));
    }),
  );
  mailer.close();
  return JOBS / ((performance.now() - started) / 1000);
}

async function drain(kind: DatabaseKind, smtp: LocalSmtpServer, direct: number) {
  const server = await startBenchServer(kind, { settings: { SMTP_URL: smtp.url } });
  try {
    await server.app.close();
    const producer = new Jobs(server.database.jobQueue, pino({ level: 'silent' }), jobsOptionsOf(server.app.config));
    await producer.start();
    const queuedAt = performance.now();
    for (let from = 0; from < JOBS; from += QUEUE_BATCH) {
      await server.database.db.transaction(async (tx) => {
        for (let n = from; n < Math.min(JOBS, from + QUEUE_BATCH); n++) await queueEmail(tx, producer, message(n));
      });
    }
    const queueSeconds = (performance.now() - queuedAt) / 1000;
    await producer.stop();

    const before = smtp.mails.length;
    const { buildApp } = await import('../src/server/app.js');
    // A restart opens the database again, whose job queue is then no longer new: nothing to adopt.
    const database = { ...server.database, jobQueueNew: false };
    const app = await buildApp(server.app.config, { database, logger: false });
    const started = performance.now();
    await app.ready();
    await smtp.waitForMails(before + JOBS, 600_000);
    const seconds = (performance.now() - started) / 1000;
    await waitForJobs(server.database.db, 'email', (jobs) => jobs.every((job) => job.state === 'completed'), 60_000);
    await app.close();
    const drained = JOBS / seconds;
    report('jobs-drain', kind, {
      jobs: JOBS,
      queuedPerSec: Math.round(JOBS / queueSeconds),
      drainedPerSec: Math.round(drained),
      directPerSec: Math.round(direct),
      ratio: Math.round((drained / direct) * 100) / 100,
    });
  } finally {
    await server.database.close();
    rmSync(server.app.config.DATA_DIR, { recursive: true, force: true });
  }
}

/** From each move's answer to the time its message arrived (found by the order's short id), skipping the warm-up. */
function delays(
  orderIds: string[],
  load: Awaited<ReturnType<typeof openLoadWithTimes>>,
  arrivedAt: (shortId: string) => number | undefined,
) {
  const afterAnswer: number[] = [];
  let moved = 0;
  let missing = 0;
  for (let index = load.warmupRequests; index < orderIds.length; index++) {
    if (load.times.status[index] !== 200) continue;
    moved++;
    const at = arrivedAt(orderIds[index]!.slice(0, 8));
    if (at === undefined) missing++;
    else afterAnswer.push(at - (load.times.answeredAt[index] ?? 0));
  }
  return { moved, missing, p50: percentile(afterAnswer, 0.5), p99: percentile(afterAnswer, 0.99) };
}

async function latency(kind: DatabaseKind, smtp: LocalSmtpServer) {
  const sms = await startAfricasTalkingStandIn();
  const server = await startBenchServer(kind, { settings: { SMTP_URL: smtp.url, ...sms.settings } });
  const receivedAt = new Map<string, number>();
  const stopListening = smtp.onMail((mail) => {
    const shortId = /#([0-9a-f]{8}) /.exec(mail.subject)?.[1];
    if (shortId) receivedAt.set(shortId, wallClock());
  });
  try {
    const orderIds = await insertOrdersAt(server, 'confirmed', RATE * (DURATION_SECONDS + WARMUP_SECONDS));
    const before = smtp.mails.length;
    const [admin] = await insertSignedInAccounts(server.app.db, server.app.config.JWT_SECRET, 'admin', 1);
    const load = await openLoadWithTimes({
      url: `${server.url}/api/orders`,
      ratePerSecond: RATE,
      durationSeconds: DURATION_SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      requests: orderIds.map((id) => ({
        method: 'PATCH',
        path: `/api/orders/${id}/status`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin!.accessToken}` },
        body: JSON.stringify({ status: 'cancelled' }),
      })),
    });
    await smtp.waitForMails(before + orderIds.length, 60_000).catch(() => undefined);
    await sms.waitForMessages(orderIds.length, 60_000).catch(() => undefined);
    const smsAt = new Map(sms.messages.map((text) => [/#([0-9a-f]{8}) /.exec(text.text)?.[1], text.receivedAt]));
    const email = delays(orderIds, load, (shortId) => receivedAt.get(shortId));
    const text = delays(orderIds, load, (shortId) => smsAt.get(shortId));
    report('jobs-latency', kind, {
      offeredPerSec: RATE,
      movesPerSec: load.requestsPerSec,
      moved: email.moved,
      emailsMissing: email.missing,
      smsMissing: text.missing,
      moveP99Ms: load.p99Ms,
      answerToSmtpP50Ms: email.p50,
      answerToSmtpP99Ms: email.p99,
      answerToSmsProviderP50Ms: text.p50,
      answerToSmsProviderP99Ms: text.p99,
    });
  } finally {
    stopListening();
    await server.close();
    await sms.close();
  }
}

const smtp = await startLocalSmtpServer();
try {
  const direct = await directYardstick(smtp);
  for (const kind of (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as DatabaseKind[]) {
    await drain(kind, smtp, direct);
    await latency(kind, smtp);
  }
} finally {
  await smtp.close();
}
