/**
 * Dispatch's timed offers (decision 029) when a city's kitchens mark ORDERS orders ready at once
 * among RIDERS online riders, on PostgreSQL. Riders (verified, available, a position sent just now)
 * and restaurants (one per order) are spread at random over a square of SIDE_KM around central
 * Accra, dense enough that every order has hundreds of riders within DISPATCH_RADIUS_KM (10 km),
 * so every order must be offered. The app runs with DISPATCH_OFFER_SECONDS=10 and
 * JOB_POLL_SECONDS=1 (a delayed offer-expiry job is found by polling).
 *
 * `dispatch-offers`: dispatchOrder for every order at once (what Mark Ready runs after its move),
 * with Promise.all: the app's pool of 10 connections, as a server opens it, is the real concurrency. Each order is timed
 * from the common start to its offer (the call returning offered: true). Target: p99 under 2 s.
 * Checked: every order offered, no call failing, and, from the database once all have returned,
 * as many riders holding an open offer as orders offered (no rider or order with two).
 * `burstCpuMs`: the CPU the burst took of this process (app and bench) and of every PostgreSQL
 * process on the machine (others' work on a shared server included).
 *
 * `dispatch-offers-settle`: then (the burst is timed alone) simulated riders answer the offers,
 * watching dispatch_offers every WATCH_MS from their own connections: to each new open offer the
 * rider answers, after a random 0-3 s, Accept (PATCH /api/orders/:id/status, the real accept move)
 * with probability 0.6 or Decline (POST /api/orders/:id/decline) with 0.15, and otherwise lets it
 * run out for the app's offer-expiry and offer-next workers to end it and offer the order to the
 * next rider. Their phones send a position every 30 s (written here by SQL, 100 riders a
 * statement). It measures the time from the common start until every order is accepted
 * (`settledMs`; orders left with nobody to offer them to are counted as `stranded`), each order's
 * time to its acceptance, the offers made, accepted, declined, missed and withdrawn, the riders
 * paused for three misses in a row, the time from an offer's end (declined or missed) to the
 * order's next offer and how late missed offers ended after their expiry (both by the database's
 * clock). Checked: no rider or order seen holding two open offers at any look, every answer a 200,
 * no order accepted twice (one accept reply, one 'accepted' offer, by the rider the order names),
 * no rider carrying more orders than batching allows. A broken check makes the exit code non-zero. About 80 s in all on
 * the shared 2-core machine.
 * Run: npx tsx bench/offers.bench.ts
 */
import { sql } from 'drizzle-orm';
import { ON_THE_ROAD } from '../src/shared/orders/status.js';
import type { DriverPosition } from '../src/shared/drivers/schemas.js';
import { SERVER_POOL_SIZE, type Db } from '../src/server/db/client.js';
import { dispatchOrder } from '../src/server/dispatch/service.js';
import { insertAccountWithoutPassword } from '../src/server/restaurants/testFixtures.js';
import { openSecondConnection } from '../src/server/test/database.js';
import { insertSignedInAccounts } from './lib/bulkAccounts.js';
import { report } from './lib/measure.js';
import { postgresCpuMs } from './lib/cpu.js';
import { startBenchServer, type BenchServer } from './lib/server.js';
import { percentile } from './lib/stats.js';

const RIDERS = Number(process.env.BENCH_OFFERS_RIDERS ?? 5_000);
/** The app's pool as a server opens it; BENCH_OFFERS_POOL=20 gives the tests' larger one. */
const POOL_SIZE = Number(process.env.BENCH_OFFERS_POOL ?? SERVER_POOL_SIZE);
const ORDERS = Number(process.env.BENCH_OFFERS_ORDERS ?? 1_000);
const OFFER_SECONDS = 10;
const JOB_POLL_SECONDS = 1;
const CENTER: DriverPosition = { latitude: 5.6037, longitude: -0.187 };
const SIDE_KM = 20;
/** Half the side in degrees (a degree of latitude is about 111.2 km; at 5.6° N a degree of longitude nearly the same). */
const HALF_SIDE_DEG = SIDE_KM / 2 / 111.2;
const ACCEPT_SHARE = 0.6;
const DECLINE_SHARE = 0.15;
const ANSWER_WITHIN_MS = 3_000;
const WATCH_MS = 200;
const POSITION_EVERY_MS = 30_000;
const POSITION_BATCH = 100;
/** An order waiting without an open offer this long after its last one ended has nobody left to offer it to. */
const STRANDED_AFTER_SECONDS = 10;
const SETTLE_LIMIT_MS = 180_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
const randomOffset = () => sql`(random() * 2 - 1) * ${HALF_SIDE_DEG}::float8`;

/** RIDERS signed-in riders, verified and available, each at a random point of the square with a position sent now; userId to access token. */
async function seedRiders(server: BenchServer): Promise<Map<string, string>> {
  const db = server.app.db;
  const riders = await insertSignedInAccounts(db, server.app.config.JWT_SECRET, 'driver', RIDERS);
  await db.execute(sql`
    insert into drivers (user_id, vehicle_type, vehicle_year, vehicle_model, plate_number, drivers_license_url,
      national_id_url, vehicle_image_url, is_available, is_verified, latitude, longitude, last_location_update)
    select id, 'bike', 2020, 'Bench bike', 'GR 1234-20', '/bench/license.jpg', '/bench/id.jpg', '/bench/bike.jpg', true, true,
      ${CENTER.latitude}::float8 + ${randomOffset()}, ${CENTER.longitude}::float8 + ${randomOffset()}, now()
    from unnest(${sql.param(riders.map((rider) => rider.userId))}::uuid[]) as id`);
  await db.execute(sql`vacuum analyze drivers`);
  return new Map(riders.map((rider) => [rider.userId, rider.accessToken]));
}

/** ORDERS cash orders, ready without a driver, each at its own restaurant at a random point of the square; their ids. */
async function seedReadyOrders(db: Db): Promise<string[]> {
  const customerId = await insertAccountWithoutPassword(db, 'customer');
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      with owners as (
        insert into users (email, password_hash)
        select 'restaurant-' || gen_random_uuid() || '@bench.local', 'no-password' from generate_series(1, ${ORDERS}::int)
        returning id
      ), roles as (
        insert into user_roles (user_id, role) select id, 'restaurant' from owners
      ), places as (
        insert into restaurants (owner_id, name, description, address, phone, country, currency_symbol, latitude, longitude)
        select id, 'Bench kitchen ' || id, 'Jollof and waakye', '12 Oxford Street, Osu, Accra', '+233 30 123 4567', 'Ghana', 'GH₵',
          ${CENTER.latitude}::float8 + ${randomOffset()}, ${CENTER.longitude}::float8 + ${randomOffset()}
        from owners
        returning id, latitude, longitude
      )
      insert into orders (customer_id, restaurant_id, status, total_amount, commission_amount, restaurant_payout, commission_bps,
        currency_symbol, delivery_address, delivery_phone, delivery_code, restaurant_latitude, restaurant_longitude, ready_at)
      select ${customerId}, id, 'ready', 5000, 500, 4500, 1000, 'GH₵', '7 Spintex Road, Accra', '+233 24 555 0102', '123456',
        latitude, longitude, now()
      from places
      returning id`),
  );
  await db.execute(sql`vacuum analyze orders`);
  return rows.map((row) => row.id);
}

interface Answer {
  kind: 'accept' | 'decline';
  orderId: string;
  riderId: string;
  status: number;
  /** When the reply came, from the common start. */
  atMs: number;
}

/**
 * The riders' phones: every WATCH_MS they look for open offers (their own connections, not the
 * app's pool) and answer each new one once, as the module comment says; every POSITION_EVERY_MS
 * they send a position. Any rider or order seen holding two open offers at once is recorded.
 */
class SimulatedRiders {
  readonly answers: Answer[] = [];
  readonly doubled = new Set<string>();
  private readonly seen = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;
  private readonly watching: Promise<void>;
  private positionsSent = Promise.resolve();
  private readonly positionTimer: NodeJS.Timeout;

  constructor(
    private readonly server: BenchServer,
    private readonly db: Db,
    private readonly tokens: Map<string, string>,
    private readonly startedAt: number,
  ) {
    this.watching = this.watch();
    this.positionTimer = setInterval(() => {
      this.positionsSent = this.positionsSent.then(() => this.sendPositions());
    }, POSITION_EVERY_MS);
  }

  private async watch(): Promise<void> {
    while (!this.stopped) {
      const open = rowsOf<{ id: string; order_id: string; driver_id: string }>(
        await this.db.execute(sql`select id, order_id, driver_id from dispatch_offers where answer is null`),
      );
      const riders = new Set<string>();
      const orders = new Set<string>();
      for (const offer of open) {
        if (riders.has(offer.driver_id)) this.doubled.add(`rider ${offer.driver_id} holds two open offers`);
        if (orders.has(offer.order_id)) this.doubled.add(`order ${offer.order_id} has two open offers`);
        riders.add(offer.driver_id);
        orders.add(offer.order_id);
        if (this.seen.has(offer.id)) continue;
        this.seen.add(offer.id);
        this.answerLater(offer.order_id, offer.driver_id);
      }
      await sleep(WATCH_MS);
    }
  }

  private answerLater(orderId: string, riderId: string): void {
    const roll = Math.random();
    if (roll >= ACCEPT_SHARE + DECLINE_SHARE) return;
    const kind = roll < ACCEPT_SHARE ? 'accept' : 'decline';
    const answered = sleep(Math.random() * ANSWER_WITHIN_MS).then(async () => {
      const accepting = kind === 'accept';
      const res = await fetch(`${this.server.url}/api/orders/${orderId}/${accepting ? 'status' : 'decline'}`, {
        method: accepting ? 'PATCH' : 'POST',
        headers: {
          authorization: `Bearer ${this.tokens.get(riderId)}`,
          ...(accepting ? { 'content-type': 'application/json' } : {}),
        },
        body: accepting ? JSON.stringify({ status: 'accepted' }) : undefined,
      });
      await res.arrayBuffer();
      this.answers.push({ kind, orderId, riderId, status: res.status, atMs: performance.now() - this.startedAt });
    });
    this.inFlight.add(answered);
    void answered.finally(() => this.inFlight.delete(answered));
  }

  /** One position of every rider, POSITION_BATCH riders a statement, as their phones would send them. */
  private async sendPositions(): Promise<void> {
    const riderIds = [...this.tokens.keys()].sort();
    for (let first = 0; first < riderIds.length; first += POSITION_BATCH) {
      const batch = riderIds.slice(first, first + POSITION_BATCH);
      await this.db.execute(
        sql`update drivers set last_location_update = now() where user_id = any(${sql.param(batch)}::uuid[])`,
      );
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.positionTimer);
    await this.watching;
    await this.positionsSent;
    await Promise.all(this.inFlight);
  }
}

/** Every order offered at once; each order's ms from the common start to its offer, and those not offered or failed. */
async function offerAll(server: BenchServer, orderIds: string[], startedAt: number) {
  const offeredMs: number[] = [];
  const unoffered: string[] = [];
  const failed: string[] = [];
  await Promise.all(
    orderIds.map(async (orderId) => {
      try {
        const { outcome } = await dispatchOrder(server.app, orderId);
        if (outcome.offered) offeredMs.push(performance.now() - startedAt);
        else unoffered.push(orderId);
      } catch (error) {
        failed.push(`order ${orderId}: dispatch failed: ${(error as Error).message}`);
      }
    }),
  );
  return { offeredMs, unoffered, failed };
}

/** Waits until every order is accepted or left with nobody to offer it to (or SETTLE_LIMIT_MS); how many are still waiting, and stranded. */
async function waitUntilSettled(db: Db, startedAt: number) {
  for (;;) {
    const [row] = rowsOf<{ waiting: number; stranded: number }>(
      await db.execute(sql`
        select count(*)::int as waiting,
          count(*) filter (where not exists (select 1 from dispatch_offers f where f.order_id = o.id and f.answer is null)
            and coalesce((select max(f.answered_at) from dispatch_offers f where f.order_id = o.id), o.ready_at)
              < now() - ${STRANDED_AFTER_SECONDS}::int * interval '1 second')::int as stranded
        from orders o where o.status = 'ready' and o.driver_id is null`),
    );
    const { waiting, stranded } = row ?? { waiting: 0, stranded: 0 };
    const timedOut = performance.now() - startedAt > SETTLE_LIMIT_MS;
    if (waiting === stranded || timedOut) return { waiting, stranded, timedOut };
    await sleep(WATCH_MS);
  }
}

/** The offers as the database has them: counts by answer, riders paused, the gaps to each next offer, how late misses ended. */
async function offerFigures(db: Db) {
  const answers = rowsOf<{ answer: string | null; count: number }>(
    await db.execute(sql`select answer, count(*)::int as count from dispatch_offers group by answer`),
  );
  const countOf = (answer: string | null) => answers.find((row) => row.answer === answer)?.count ?? 0;
  const [paused] = rowsOf<{ count: number }>(
    await db.execute(sql`select count(*)::int as count from drivers where paused_for_misses_at is not null`),
  );
  const gaps = rowsOf<{ ms: number }>(
    await db.execute(sql`
      select extract(epoch from next_offered_at - answered_at)::float8 * 1000 as ms from (
        select answer, answered_at, lead(offered_at) over (partition by order_id order by offered_at) as next_offered_at
        from dispatch_offers) as offers
      where answer in ('declined', 'missed') and next_offered_at is not null`),
  ).map((row) => row.ms);
  const lateness = rowsOf<{ ms: number }>(
    await db.execute(
      sql`select extract(epoch from answered_at - expires_at)::float8 * 1000 as ms from dispatch_offers where answer = 'missed'`,
    ),
  ).map((row) => row.ms);
  return {
    offers: answers.reduce((sum, row) => sum + row.count, 0),
    accepted: countOf('accepted'),
    declined: countOf('declined'),
    missed: countOf('missed'),
    withdrawn: countOf('withdrawn'),
    stillOpen: countOf(null),
    ridersPausedForMisses: paused?.count ?? 0,
    endToNextOffer: { p50Ms: percentile(gaps, 0.5), p99Ms: percentile(gaps, 0.99), maxMs: percentile(gaps, 1) },
    missedEndedAfterExpiry: { p50Ms: percentile(lateness, 0.5), p99Ms: percentile(lateness, 0.99) },
  };
}

/**
 * Every accepted order accepted once: one accept reply of 200, one 'accepted' offer (the riders
 * here only ever accept the order offered to them), both naming the rider the order has; no
 * rider carrying more orders than batching allows (decision 032); every answer a 200.
 */
async function settleProblems(db: Db, answers: Answer[]): Promise<string[]> {
  const problems: string[] = [];
  const acceptedBy = new Map<string, string[]>();
  for (const answer of answers) {
    if (answer.status !== 200) problems.push(`${answer.kind} of order ${answer.orderId} answered ${answer.status}`);
    else if (answer.kind === 'accept')
      acceptedBy.set(answer.orderId, [...(acceptedBy.get(answer.orderId) ?? []), answer.riderId]);
  }
  const orders = rowsOf<{
    id: string;
    status: string;
    driver_id: string | null;
    accepted_offers: number;
    offer_driver: string | null;
  }>(
    await db.execute(sql`
      select o.id, o.status, o.driver_id,
        (select count(*)::int from dispatch_offers f where f.order_id = o.id and f.answer = 'accepted') as accepted_offers,
        (select f.driver_id from dispatch_offers f where f.order_id = o.id and f.answer = 'accepted' limit 1) as offer_driver
      from orders o`),
  );
  for (const order of orders) {
    const replies = acceptedBy.get(order.id) ?? [];
    if (order.status === 'ready' && order.driver_id === null && replies.length === 0 && order.accepted_offers === 0) continue;
    if (order.status !== 'accepted' || replies.length !== 1 || order.accepted_offers !== 1) {
      problems.push(
        `order ${order.id} is ${order.status}, ${replies.length} accept replies of 200, ${order.accepted_offers} accepted offers`,
      );
    } else if (order.driver_id !== replies[0] || order.offer_driver !== order.driver_id) {
      problems.push(`order ${order.id} has driver ${order.driver_id}, accepted by ${replies[0]}, offer to ${order.offer_driver}`);
    }
  }
  const carrying = rowsOf<{ driver_id: string }>(
    await db.execute(sql`
      select driver_id from orders where status = any(${sql.param([...ON_THE_ROAD])}::text[]) and driver_id is not null
      group by driver_id having count(*) > (select max_carried_orders from commission_settings where id = 1)`),
  );
  return [...problems, ...carrying.map((row) => `rider ${row.driver_id} carries more orders than batching allows`)];
}

const server = await startBenchServer('postgres', {
  settings: { DISPATCH_OFFER_SECONDS: String(OFFER_SECONDS), JOB_POLL_SECONDS: String(JOB_POLL_SECONDS) },
  poolSize: POOL_SIZE,
});
const watching = await openSecondConnection(server.database);
let riders: SimulatedRiders | undefined;
try {
  const db = server.app.db;
  const seeding = performance.now();
  const tokens = await seedRiders(server);
  const orderIds = await seedReadyOrders(db);
  process.stderr.write(
    `offers: ${tokens.size} riders, ${orderIds.length} ready orders stored in ${Math.round(performance.now() - seeding)} ms\n`,
  );

  const cpuBefore = process.cpuUsage();
  const postgresBefore = postgresCpuMs();
  const startedAt = performance.now();
  const burst = await offerAll(server, orderIds, startedAt);
  const cpu = process.cpuUsage(cpuBefore);
  const postgresAfter = postgresCpuMs();
  const [neverOffered] = rowsOf<{ count: number }>(
    await db.execute(sql`
      select count(*)::int as count from orders o where not exists (select 1 from dispatch_offers f where f.order_id = o.id)`),
  );
  const [open] = rowsOf<{ offers: number; riders: number; orders: number }>(
    await db.execute(sql`
      select count(*)::int as offers, count(distinct driver_id)::int as riders, count(distinct order_id)::int as orders
      from dispatch_offers where answer is null`),
  );
  const burstProblems = [
    ...(open && open.riders === open.offers && open.orders === open.offers
      ? []
      : [`${open?.offers} open offers held by ${open?.riders} riders, of ${open?.orders} orders`]),
    ...burst.failed,
    ...burst.unoffered.map((orderId) => `order ${orderId} was not offered though riders are free within the radius`),
  ];
  report('dispatch-offers', 'postgres', {
    poolSize: POOL_SIZE,
    riders: tokens.size,
    orders: orderIds.length,
    sideKm: SIDE_KM,
    offered: burst.offeredMs.length,
    unoffered: burst.unoffered.length,
    neverOffered: neverOffered?.count ?? 0,
    openOffers: open?.offers ?? 0,
    ridersHoldingOne: open?.riders ?? 0,
    failed: burst.failed.length,
    burstCpuMs: {
      app: Math.round((cpu.user + cpu.system) / 1000),
      postgres: postgresBefore === undefined || postgresAfter === undefined ? null : Math.round(postgresAfter - postgresBefore),
    },
    offeredWithin: {
      p50Ms: percentile(burst.offeredMs, 0.5),
      p95Ms: percentile(burst.offeredMs, 0.95),
      p99Ms: percentile(burst.offeredMs, 0.99),
      maxMs: percentile(burst.offeredMs, 1),
    },
  });

  riders = new SimulatedRiders(server, watching.db, tokens, startedAt);
  const settled = await waitUntilSettled(db, startedAt);
  const settledMs = performance.now() - startedAt;
  await riders.stop();
  const problems = [...burstProblems, ...riders.doubled, ...(await settleProblems(db, riders.answers))];
  if (settled.timedOut) problems.push(`${settled.waiting} orders still waiting after ${SETTLE_LIMIT_MS / 1000} s`);
  const acceptedMs = riders.answers.filter((answer) => answer.kind === 'accept' && answer.status === 200).map((a) => a.atMs);
  report('dispatch-offers-settle', 'postgres', {
    offerSeconds: OFFER_SECONDS,
    jobPollSeconds: JOB_POLL_SECONDS,
    settledMs: Math.round(settledMs),
    acceptedOrders: acceptedMs.length,
    stranded: settled.stranded,
    orderAccepted: { p50Ms: percentile(acceptedMs, 0.5), p99Ms: percentile(acceptedMs, 0.99), maxMs: percentile(acceptedMs, 1) },
    ...(await offerFigures(db)),
    problems: problems.length,
  });
  if (problems.length > 0) {
    process.stderr.write(`${problems.slice(0, 20).join('\n')}\n`);
    process.exitCode = 1;
  }
} finally {
  await riders?.stop();
  await watching.close();
  await server.close();
}
