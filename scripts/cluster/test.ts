/**
 * The multi-instance test (decision 035): three app instances as separate hosts behind HAProxy
 * (scripts/cluster/up.sh) on one PostgreSQL, Redis and S3 store. Through HAProxy it runs a checkout
 * load while one instance is killed (SIGKILL) and another stopped (SIGTERM) and started again,
 * with realtime subscribers that must get events again within 5 s of their instance dying; then
 * it checks that a sign-out through one instance holds on the others, that a picture uploaded to one
 * is served by the others and that a rate limit counts requests to every instance once.
 * Prints the reconnection times (p50/p99) and orders/s. Needs root. Exits 1 on the first failure.
 * Run: node --import tsx scripts/cluster/test.ts
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import sharp from 'sharp';
import type { Db } from '../../src/server/db/client.js';
import { insertAccountWithoutPassword } from '../../src/server/restaurants/testFixtures.js';
import { startSession } from '../../src/server/auth/sessions.js';
import { percentile } from '../../bench/lib/stats.js';
import {
  appPid,
  checkoutRequest,
  clusterUp,
  followShop,
  instanceUrl,
  killInstance,
  recoveryAfter,
  startInstance,
  stopped,
  seed,
  type Shop,
} from './cluster.js';

const LOAD_SECONDS = Number(process.env.CLUSTER_LOAD_SECONDS ?? 16);
const CONCURRENCY = 24;
const SUBSCRIBERS = 30;
const RECONNECT_LIMIT_MS = 5000;
const SIGN_OUT_LIMIT_MS = 2000;
/** A minute's boundary, then pg-boss's clock pass (every 30 s), then a worker's poll: at most about 95 s. */
const SCHEDULE_WAIT_MS = 150_000;

const failures: string[] = [];
function check(condition: boolean, what: string) {
  console.log(`${condition ? 'ok  ' : 'FAIL'} ${what}`);
  if (!condition) failures.push(what);
}

type Outcome = 'created' | 'refused' | 'errored';

async function checkoutLoad(proxyUrl: string, shop: Shop, onTick: (elapsedMs: number) => Promise<void>) {
  const sent = new Map<string, Outcome>();
  const statuses = new Map<number | string, number>();
  const started = Date.now();
  const until = started + LOAD_SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < until) {
      const id = randomUUID();
      sent.set(id, 'errored');
      try {
        const request = checkoutRequest(shop);
        const response = await fetch(`${proxyUrl}/api/orders`, {
          ...request,
          headers: { ...request.headers, 'idempotency-key': id },
        });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        // HAProxy's own error pages (502, 503) are HTML.
        const body = (await response.json().catch(() => ({}))) as { id?: string };
        if (response.status === 201) {
          if (body.id !== id) failures.push(`order ${id} was acknowledged as ${String(body.id)}`);
          sent.set(id, 'created');
        } else if (response.status < 500) sent.set(id, 'refused');
      } catch (error) {
        const name = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
        statuses.set(name, (statuses.get(name) ?? 0) + 1);
      }
    }
  };
  const ticking = (async () => {
    while (Date.now() < until) {
      await onTick(Date.now() - started);
      await sleep(100);
    }
  })();
  await Promise.all([...Array.from({ length: CONCURRENCY }, worker), ticking]);
  return { sent, statuses, seconds: (Date.now() - started) / 1000 };
}

async function checkOrders(pool: pg.Pool, sent: Map<string, Outcome>) {
  const stored = (await pool.query<{ id: string }>('select id::text as id from orders')).rows.map((row) => row.id);
  const storedIds = new Set(stored);
  const count = (outcome: Outcome) => [...sent.values()].filter((o) => o === outcome).length;
  const created = [...sent].filter(([, outcome]) => outcome === 'created').map(([id]) => id);
  const storedOf = (outcome: Outcome) => [...sent].filter(([id, o]) => o === outcome && storedIds.has(id)).length;
  console.log(
    `orders: ${sent.size} sent, ${count('created')} acknowledged (201), ${count('refused')} refused (4xx), ` +
      `${count('errored')} errored (of which ${storedOf('errored')} stored), ${stored.length} stored`,
  );
  check(stored.length === storedIds.size, 'no order is stored twice');
  check(
    created.every((id) => storedIds.has(id)),
    'every acknowledged order is stored',
  );
  check(storedOf('refused') === 0, 'no refused order is stored');
  check(
    stored.every((id) => sent.has(id)),
    'every stored order is one the test sent',
  );
  check(
    stored.length === count('created') + storedOf('errored'),
    'the stored orders are the acknowledged ones and some errored ones',
  );
}

async function checkSignOut(db: Db, secret: string) {
  const customerId = await insertAccountWithoutPassword(db, 'customer');
  const { accessToken } = await startSession(db, secret, customerId);
  const me = (n: number) => fetch(`${instanceUrl(n)}/api/auth/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  check(
    (await Promise.all([1, 2, 3].map(me))).every((r) => r.status === 200),
    'a token is taken by every instance',
  );
  const signOut = await fetch(`${instanceUrl(1)}/api/auth/signout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: '{}',
  });
  check(signOut.status === 200, 'sign-out through instance 1 is taken');
  // The other instances learn of the sign-out through PostgreSQL NOTIFY: soon, not at once.
  const signedOutAt = Date.now();
  const refusedAfter = await Promise.all(
    [2, 3].map(async (n) => {
      while (Date.now() - signedOutAt < SIGN_OUT_LIMIT_MS) {
        if ((await me(n)).status === 401) return Date.now() - signedOutAt;
        await sleep(20);
      }
      return Infinity;
    }),
  );
  check(
    refusedAfter.every((ms) => ms < SIGN_OUT_LIMIT_MS),
    `the signed-out token is refused by instances 2 and 3 within ${SIGN_OUT_LIMIT_MS} ms (after ${refusedAfter.join(' and ')} ms)`,
  );
}

async function checkPicture(shop: Shop) {
  const restaurant = shop.restaurants[0]!;
  const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#e4572e' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'dish.png');
  const upload = await fetch(`${instanceUrl(1)}/api/storage/food-images?folder=${restaurant.id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${restaurant.ownerToken}` },
    body: form,
  });
  const { url } = (await upload.json()) as { url: string };
  check(upload.status === 201, 'a picture is uploaded through instance 1');
  for (const n of [2, 3]) {
    const served = await fetch(`${instanceUrl(n)}${url}`);
    const image = await sharp(Buffer.from(await served.arrayBuffer()))
      .metadata()
      .catch(() => undefined);
    check(served.status === 200 && image?.width === 64, `instance ${n} serves the picture uploaded through instance 1`);
  }
}

async function checkRateLimit() {
  // Sign-ups are limited per address, 5 a minute by default; an address of its own keeps this
  // run's other requests out of the count.
  const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const response = await fetch(`${instanceUrl((i % 3) + 1)}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: '{}',
    });
    statuses.push(response.status);
  }
  check(
    statuses.slice(0, 5).every((s) => s !== 429) && statuses[5] === 429,
    `the sign-up limit (5) counts requests to all three instances once (${statuses.join(', ')})`,
  );
}

/**
 * The order alerts are scheduled every minute on every instance: pg-boss must send one job per
 * minute between them, not one per instance, and go on sending them once an instance has died.
 * pg-boss looks at its schedules every 30 s, so a minute's job may come up to 90 s after the
 * instances start or the death; two instances sending the same minute's job would send them within
 * moments of each other.
 */
async function checkScheduledOnce(pool: pg.Pool, clusterStartedAt: number, killedAt: number) {
  const jobs = async () =>
    (
      await pool.query<{ at: number; state: string }>(`
        select (extract(epoch from created_on) * 1000)::float8 as at, state from pgboss.job
        where name = 'order-alerts' order by created_on`)
    ).rows;
  const ranAfterKill = (sent: { at: number; state: string }[]) =>
    sent.some((job) => job.state === 'completed' && job.at > killedAt);
  while (!ranAfterKill(await jobs()) && Date.now() - killedAt < SCHEDULE_WAIT_MS) await sleep(1000);
  const sent = await jobs();
  const gaps = sent.slice(1).map((job, i) => Math.round((job.at - sent[i]!.at) / 1000));
  // The minutes begun while the cluster ran: pg-boss may send the one it started in as well.
  const minutes = Math.floor(Date.now() / 60_000) - Math.floor(clusterStartedAt / 60_000) + 1;
  console.log(
    `order-alerts jobs: ${sent.length} in ${minutes} minutes begun${gaps.length > 0 ? `, ${gaps.join(', ')} s apart` : ''}`,
  );
  check(ranAfterKill(sent), 'the scheduled order alerts ran on after an instance was killed');
  check(sent.length <= minutes && gaps.every((s) => s >= 20), 'each minute made one order-alerts job across the three instances');
}

async function main() {
  const started = Date.now();
  const cluster = clusterUp();
  console.log(`cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const { proxyUrl, secret, pool, db } = cluster;
  try {
    const shop = await seed(db, secret);
    const followers = await followShop(proxyUrl, shop, SUBSCRIBERS);

    let killedAt = 0;
    let terminatedAt = 0;
    const restarts: Promise<void>[] = [];
    const load = await checkoutLoad(proxyUrl, shop, async (elapsed) => {
      if (!killedAt && elapsed > 4000) {
        killedAt = Date.now();
        const pid = appPid(2);
        killInstance(2, 'SIGKILL');
        restarts.push(
          stopped(pid)
            .then(() => sleep(4000))
            .then(() => startInstance(2)),
        );
      }
      if (!terminatedAt && elapsed > 9000) {
        terminatedAt = Date.now();
        const pid = appPid(3);
        killInstance(3, 'SIGTERM');
        restarts.push(stopped(pid).then(() => startInstance(3)));
      }
    });
    await Promise.all(restarts);
    const created = [...load.sent.values()].filter((o) => o === 'created').length;
    console.log(
      `checkout through HAProxy: ${(created / load.seconds).toFixed(0)} orders/s acknowledged over ${load.seconds.toFixed(1)} s`,
    );
    console.log(`replies: ${JSON.stringify(Object.fromEntries(load.statuses))}`);
    await sleep(1000);
    await checkOrders(pool, load.sent);

    // Unrecovered outages count as never: they fail the time limit.
    const afterKill = recoveryAfter(followers, killedAt, terminatedAt);
    const afterTerm = recoveryAfter(followers, terminatedAt);
    const closeCodes = followers.flatMap((f) => f.outages.map((o) => o.closeCode));
    console.log(
      `realtime: ${followers.reduce((sum, f) => sum + f.events, 0)} events to ${SUBSCRIBERS} subscribers; ` +
        `${closeCodes.filter((c) => c === 1006).length} sockets cut (1006), ${closeCodes.filter((c) => c === 1012).length} closed for a restart (1012)`,
    );
    console.log(
      `realtime after SIGKILL: ${afterKill.length} subscribers lost their instance; events again after ` +
        `p50 ${percentile(afterKill, 0.5)} ms, p99 ${percentile(afterKill, 0.99)} ms`,
    );
    console.log(
      `realtime after SIGTERM: ${afterTerm.length} subscribers lost their instance; events again after ` +
        `p50 ${percentile(afterTerm, 0.5)} ms, p99 ${percentile(afterTerm, 0.99)} ms`,
    );
    check(afterKill.length > 0 && afterTerm.length > 0, 'some subscribers were on the killed and on the stopped instance');
    check(
      [...afterKill, ...afterTerm].every((ms) => ms <= RECONNECT_LIMIT_MS),
      `every subscriber of the killed or stopped instance had events again within ${RECONNECT_LIMIT_MS} ms`,
    );
    for (const f of followers) f.stop();

    await checkSignOut(db, secret);
    await checkPicture(shop);
    await checkRateLimit();
    await checkScheduledOnce(pool, started, killedAt);
  } finally {
    await cluster.down();
  }
  console.log(`cluster test took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (failures.length > 0) {
    console.log(`${failures.length} failed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
}

await main();
