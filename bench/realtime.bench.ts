/**
 * How soon a kitchen hears of a new order: customers check out at a steady RATE per second
 * while each restaurant's owner follows restaurant:<id> on a realtime socket, and each
 * order.created event is matched to its checkout by the order id (the checkout's own id). Prints
 * `realtime-order-created`: from the checkout's 201 to the event on the owner's socket
 * (p50Ms, p99Ms; negative when the event came first), from sending the checkout to the event
 * (sendToEvent*), and that p99 split where the server heard the event back from PostgreSQL
 * (answerToServerHeard*, serverHeardToSocket*). The load runs in a worker thread and the
 * sockets in a process of their own, so neither shares the server's event loop. PostgreSQL
 * only: PGlite cannot take that rate.
 * Run: npx tsx bench/realtime.bench.ts
 */
import { randomUUID } from 'node:crypto';
import { topics } from '@shared/realtime/events.js';
import { startSession } from '../src/server/auth/sessions.js';
import type { RealtimeHub } from '../src/server/realtime/hub.js';
import { report } from './lib/measure.js';
import { openLoadWithTimes, type TimedLoadResult } from './lib/openLoad.js';
import { startBenchServer, type DatabaseKind } from './lib/server.js';
import { pick, randomCart, seedCustomers, seedRestaurants } from './lib/shop.js';
import { SocketCrowd, wallClock, type Arrival } from './lib/socketCrowd.js';
import { percentile } from './lib/stats.js';

const RESTAURANTS = 10;
const ITEMS_PER_RESTAURANT = 12;
const CUSTOMERS = 200;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const RATE = Number(process.env.BENCH_REALTIME_RATE ?? 500);
/** How long to wait after the last answer for events still on their way; later ones count as missing. */
const STRAGGLER_MS = 2000;

/**
 * When the server heard each order's event back from PostgreSQL (its hub got it to hand to the
 * sockets), which splits the delay into the NOTIFY's share and the socket's. Watches the hub as
 * it is; changes nothing it does.
 */
function recordHeard(hub: RealtimeHub): ReadonlyMap<string, number> {
  const heard = new Map<string, number>();
  const deliver = hub.deliver.bind(hub);
  hub.deliver = (event) => {
    if (event.type === 'order.created') heard.set(event.orderId, wallClock());
    deliver(event);
  };
  return heard;
}

/** Each measured 201 checkout against the arrival of its order.created event. */
function matchEvents(
  orderIds: readonly string[],
  load: TimedLoadResult,
  heard: ReadonlyMap<string, number>,
  arrivals: readonly Arrival[],
) {
  const arrivedAt = new Map(arrivals);
  const afterAnswer: number[] = [];
  const afterSend: number[] = [];
  const answerToHeard: number[] = [];
  const heardToArrival: number[] = [];
  let created = 0;
  let missing = 0;
  for (let index = load.warmupRequests; index < orderIds.length; index++) {
    if (load.times.status[index] !== 201) continue;
    created++;
    const at = arrivedAt.get(orderIds[index] ?? '');
    if (at === undefined) {
      missing++;
      continue;
    }
    const answeredAt = load.times.answeredAt[index] ?? 0;
    const heardAt = heard.get(orderIds[index] ?? '') ?? at;
    afterAnswer.push(at - answeredAt);
    afterSend.push(at - (load.times.sentAt[index] ?? 0));
    answerToHeard.push(heardAt - answeredAt);
    heardToArrival.push(at - heardAt);
  }
  return {
    created201: created,
    eventsMissing: missing,
    eventsBeforeAnswer: afterAnswer.filter((ms) => ms < 0).length,
    duplicateEvents: arrivals.length - arrivedAt.size,
    p50Ms: percentile(afterAnswer, 0.5),
    p99Ms: percentile(afterAnswer, 0.99),
    maxMs: percentile(afterAnswer, 1),
    sendToEventP50Ms: percentile(afterSend, 0.5),
    sendToEventP99Ms: percentile(afterSend, 0.99),
    answerToServerHeardP99Ms: percentile(answerToHeard, 0.99),
    serverHeardToSocketP99Ms: percentile(heardToArrival, 0.99),
  };
}

async function run(kind: DatabaseKind) {
  if (kind !== 'postgres') {
    process.stderr.write(`realtime: skipped on ${kind}, which cannot take ${RATE} orders/s\n`);
    return;
  }
  const server = await startBenchServer(kind);
  let crowd: SocketCrowd | undefined;
  try {
    const menus = await seedRestaurants(server, RESTAURANTS, ITEMS_PER_RESTAURANT);
    const customers = await seedCustomers(server, CUSTOMERS);
    const owners = await Promise.all(
      menus.map(async ({ ownerId, restaurantId }) => ({
        token: (await startSession(server.app.db, server.app.config.JWT_SECRET, ownerId)).accessToken,
        topics: [topics.restaurant(restaurantId)],
      })),
    );
    const heard = recordHeard(server.app.realtime);
    crowd = await SocketCrowd.open(`${server.url.replace('http', 'ws')}/api/realtime`, owners);
    process.stderr.write(`realtime: ${owners.length} kitchen sockets open, ${RATE} checkouts/s for ${DURATION_SECONDS} s\n`);

    const orderIds = Array.from({ length: RATE * (WARMUP_SECONDS + DURATION_SECONDS) }, () => randomUUID());
    const load = await openLoadWithTimes({
      url: `${server.url}/api/orders`,
      ratePerSecond: RATE,
      durationSeconds: DURATION_SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      requests: orderIds.map((orderId) => ({
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${pick(customers)}`, 'idempotency-key': orderId },
        body: randomCart(menus),
      })),
    });
    await new Promise((resolve) => setTimeout(resolve, STRAGGLER_MS));
    const arrivals = await crowd.events();

    report('realtime-order-created', kind, matchEvents(orderIds, load, heard, arrivals), {
      offeredPerSec: RATE,
      ordersPerSec: load.requestsPerSec,
      checkoutP50Ms: load.p50Ms,
      checkoutP99Ms: load.p99Ms,
      non2xx: load.non2xx,
      errors: load.errors,
      kitchenSockets: owners.length,
    });
  } finally {
    await crowd?.close();
    await server.close();
  }
}

for (const kind of (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as DatabaseKind[]) {
  await run(kind);
}
