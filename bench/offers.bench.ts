/**
 * Timed offers at scale (issue 24, decision 029), on PostgreSQL: RIDERS verified, available riders
 * with fresh positions spread over a square of SIDE_KM around central Accra, and ORDERS ready
 * orders at random restaurant points inside it, all written by SQL. Then:
 *
 * - `offers-made`: every order is marked ready at once: dispatchOrder, as the kitchen's Mark Ready
 *   runs it right after its move, started for all of them together (they queue for the app's
 *   connection pool, 10): the time from the common start to each order's offer (target: p99
 *   under 2 s), how many were offered, and, from the database, that no rider holds two open offers
 *   and no order has two.
 * - `offers-settled`: simulated riders answer the offers they get through the HTTP API, as the
 *   dashboard does: ACCEPT_SHARE of the offers are accepted and DECLINE_SHARE declined, each after
 *   0 to 3 s, the rest are let run out (DISPATCH_OFFER_SECONDS is 10 s here, and job workers poll
 *   every second), until no offer is open and no offer job is left. It reports the seconds that
 *   took, the offers made, accepted, declined, missed and withdrawn, the riders paused after three
 *   misses in a row, the orders nobody was left to take, and the time from an offer's end (its
 *   decline, or its expiry) to the order's next offer (p50, p99); and checks that every order was
 *   accepted at most once, by the rider whose offer it was, and that no rider carries two.
 *
 * Run: npx tsx bench/offers.bench.ts
 */
import { sql } from 'drizzle-orm';
import type { DriverPosition } from '../src/shared/drivers/schemas.js';
import { dispatchOrder } from '../src/server/dispatch/service.js';
import { rowsOf } from '../src/server/db/rows.js';
import { insertSignedInAccounts, insertVerifiedDrivers } from './lib/bulkAccounts.js';
import { report } from './lib/measure.js';
import { insertOrdersAt } from './lib/ordersAt.js';
import { startBenchServer, type BenchServer } from './lib/server.js';
import { percentile } from './lib/stats.js';

const RIDERS = Number(process.env.BENCH_OFFER_RIDERS ?? 5_000);
const ORDERS = Number(process.env.BENCH_OFFER_ORDERS ?? 1_000);
const OFFER_SECONDS = 10;
const ACCEPT_SHARE = 0.6;
const DECLINE_SHARE = 0.15;
const CENTER: DriverPosition = { latitude: 5.6037, longitude: -0.187 };
const SIDE_KM = 20;
const HALF_SIDE_DEG = SIDE_KM / 2 / 111.2;
/** Riders' positions count for dispatch for two minutes: the simulation keeps them fresh, as phones do. */
const REFRESH_POSITIONS_MS = 30_000;
const POLL_MS = 200;

const randomPoint = sql`${CENTER.latitude}::float8 + (random() * 2 - 1) * ${HALF_SIDE_DEG}::float8`;
const randomLongitude = sql`${CENTER.longitude}::float8 + (random() * 2 - 1) * ${HALF_SIDE_DEG}::float8`;

async function seed(server: BenchServer) {
  const db = server.app.db;
  const started = performance.now();
  const riders = await insertSignedInAccounts(db, server.app.config.JWT_SECRET, 'driver', RIDERS);
  await insertVerifiedDrivers(
    db,
    riders.map((rider) => rider.userId),
  );
  await db.execute(
    sql`update drivers set latitude = ${randomPoint}, longitude = ${randomLongitude}, last_location_update = now()`,
  );
  const orderIds = await insertOrdersAt(server, 'ready', ORDERS);
  await db.execute(sql`update orders set restaurant_latitude = ${randomPoint}, restaurant_longitude = ${randomLongitude},
    ready_at = now() where status = 'ready'`);
  await db.execute(sql`vacuum analyze drivers`);
  await db.execute(sql`vacuum analyze orders`);
  process.stderr.write(
    `offers: ${RIDERS} riders and ${ORDERS} ready orders stored in ${Math.round(performance.now() - started)} ms\n`,
  );
  return { tokens: new Map(riders.map((rider) => [rider.userId, rider.accessToken])), orderIds };
}

async function count(server: BenchServer, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await server.app.db.execute(query));
  return Number(row?.n ?? 0);
}

/** Fails the run when a rule the issue names does not hold. */
function mustBe(what: string, actual: number, expected: number) {
  if (actual !== expected) {
    process.stderr.write(`offers: ${what}: ${actual}, expected ${expected}\n`);
    process.exitCode = 1;
  }
}

async function offerAll(server: BenchServer, orderIds: string[]) {
  const started = performance.now();
  const made: number[] = [];
  let offered = 0;
  await Promise.all(
    orderIds.map(async (orderId) => {
      const { outcome } = await dispatchOrder(server.app, orderId);
      if (!outcome.offered) return;
      offered += 1;
      made.push(performance.now() - started);
    }),
  );
  const twoOffersPerRider = await count(
    server,
    sql`select count(*) as n from (select driver_id from dispatch_offers where answer is null group by driver_id having count(*) > 1) d`,
  );
  const twoOffersPerOrder = await count(
    server,
    sql`select count(*) as n from (select order_id from dispatch_offers where answer is null group by order_id having count(*) > 1) o`,
  );
  report('offers-made', 'postgres', {
    riders: RIDERS,
    orders: ORDERS,
    offered,
    p50Ms: Math.round(percentile(made, 0.5)),
    p95Ms: Math.round(percentile(made, 0.95)),
    p99Ms: Math.round(percentile(made, 0.99)),
    maxMs: Math.round(Math.max(...made)),
    ridersWithTwoOpenOffers: twoOffersPerRider,
    ordersWithTwoOpenOffers: twoOffersPerOrder,
  });
  mustBe('orders offered', offered, ORDERS);
  mustBe('riders holding two open offers', twoOffersPerRider, 0);
  mustBe('orders with two open offers', twoOffersPerOrder, 0);
}

interface OpenOffer {
  id: string;
  orderId: string;
  driverId: string;
}

/** One simulated rider's answer to an offer, through the API as their dashboard sends it. */
async function answer(server: BenchServer, token: string, offer: OpenOffer, accept: boolean): Promise<number> {
  const request = accept
    ? { method: 'PATCH', path: 'status', body: JSON.stringify({ status: 'accepted' }) }
    : { method: 'POST', path: 'decline', body: undefined };
  const response = await fetch(`${server.url}/api/orders/${offer.orderId}/${request.path}`, {
    method: request.method,
    headers: { authorization: `Bearer ${token}`, ...(request.body ? { 'content-type': 'application/json' } : {}) },
    body: request.body,
  });
  await response.arrayBuffer();
  return response.status;
}

async function settle(server: BenchServer, tokens: Map<string, string>) {
  const db = server.app.db;
  const started = performance.now();
  const seen = new Set<string>();
  const answers: Promise<void>[] = [];
  const statuses = new Map<number, number>();
  let lastRefresh = performance.now();
  let quietPolls = 0;
  let answering = 0;
  while (quietPolls < 3) {
    const open = rowsOf<OpenOffer>(
      await db.execute(sql`select id, order_id as "orderId", driver_id as "driverId" from dispatch_offers where answer is null`),
    );
    for (const offer of open) {
      if (seen.has(offer.id)) continue;
      seen.add(offer.id);
      const roll = Math.random();
      if (roll >= ACCEPT_SHARE + DECLINE_SHARE) continue;
      const token = tokens.get(offer.driverId);
      if (!token) throw new Error('an offer to a rider the bench did not make');
      answering += 1;
      answers.push(
        (async () => {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 3000));
          const status = await answer(server, token, offer, roll < ACCEPT_SHARE);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          answering -= 1;
        })(),
      );
    }
    const jobsLeft = await count(
      server,
      sql`select count(*) as n from pgboss.job where name like 'offer-%' and state in ('created', 'retry', 'active')`,
    );
    quietPolls = open.length === 0 && jobsLeft === 0 && answering === 0 ? quietPolls + 1 : 0;
    if (performance.now() - lastRefresh > REFRESH_POSITIONS_MS) {
      await db.execute(sql`update drivers set last_location_update = now()`);
      lastRefresh = performance.now();
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  await Promise.all(answers);
  const seconds = (performance.now() - started - 3 * POLL_MS) / 1000;

  const answersCounted = rowsOf<{ answer: string | null; n: number }>(
    await db.execute(sql`select answer, count(*)::int as n from dispatch_offers group by answer`),
  );
  const byAnswer = Object.fromEntries(answersCounted.map((row) => [row.answer ?? 'open', Number(row.n)]));
  const [gap] = rowsOf<{ p50: number | null; p99: number | null }>(
    await db.execute(sql`
      with ended as (
        select o.order_id, case when o.answer = 'missed' then o.expires_at else o.answered_at end as ended_at,
          (select min(n.offered_at) from dispatch_offers n where n.order_id = o.order_id and n.offered_at > o.offered_at) as next_at
        from dispatch_offers o where o.answer in ('declined', 'missed'))
      select percentile_cont(0.5) within group (order by extract(epoch from next_at - ended_at) * 1000) as p50,
        percentile_cont(0.99) within group (order by extract(epoch from next_at - ended_at) * 1000) as p99
      from ended where next_at is not null`),
  );
  const accepted = await count(server, sql`select count(*) as n from orders where status = 'accepted'`);
  const waiting = await count(server, sql`select count(*) as n from orders where status = 'ready'`);
  const paused = await count(server, sql`select count(*) as n from drivers where paused_for_misses_at is not null`);
  const carryingTwo = await count(
    server,
    sql`select count(*) as n from (select driver_id from orders where status in ('accepted', 'picked_up') group by driver_id having count(*) > 1) d`,
  );
  const notByTheirOffer = await count(
    server,
    sql`select count(*) as n from orders o where o.status = 'accepted' and
      (select count(*) from dispatch_offers f where f.order_id = o.id and f.answer = 'accepted' and f.driver_id = o.driver_id) <> 1`,
  );
  report('offers-settled', 'postgres', {
    offerSeconds: OFFER_SECONDS,
    acceptShare: ACCEPT_SHARE,
    declineShare: DECLINE_SHARE,
    settledSeconds: Math.round(seconds * 10) / 10,
    offers: { ...byAnswer, total: seen.size },
    answersByStatus: Object.fromEntries(statuses),
    ordersAccepted: accepted,
    ordersLeftWithNobody: waiting,
    ridersPausedForMisses: paused,
    nextOfferAfterEndMs: { p50: Math.round(gap?.p50 ?? 0), p99: Math.round(gap?.p99 ?? 0) },
    ridersCarryingTwo: carryingTwo,
    ordersNotAcceptedThroughTheirOffer: notByTheirOffer,
  });
  mustBe('orders accepted plus orders left', accepted + waiting, ORDERS);
  mustBe('riders carrying two orders', carryingTwo, 0);
  mustBe('accepted orders not taken through their own offer', notByTheirOffer, 0);
}

const server = await startBenchServer('postgres', {
  settings: { DISPATCH_OFFER_SECONDS: String(OFFER_SECONDS), JOB_POLL_SECONDS: '1' },
});
try {
  const { tokens, orderIds } = await seed(server);
  await offerAll(server, orderIds);
  await settle(server, tokens);
} finally {
  await server.close();
}
