/**
 * Location ingest: the framing is 150,000 drivers online, each sending a position every 30 s,
 * which is 5,000 PUT /api/drivers/me/location a second on one instance. DRIVERS signed-in,
 * verified drivers (a tenth of them out on a delivery, so their positions also go to that
 * order's customer), each once signed in by a first position, then send positions around Accra
 * at a steady RATE per second (an open load: a
 * slow answer holds back no later position). Prints `location-ingest`: the rate achieved, p50
 * and p99 latency (target p99 < 50 ms), and how many answers were not 200; then
 * `location-stored`: how many drivers' rows carry a position stamped during the run.
 * PostgreSQL only: PGlite cannot take that rate.
 * Run: npx tsx bench/location.bench.ts
 */
import { sql } from 'drizzle-orm';
import { insertSignedInAccounts, insertVerifiedDrivers, type SignedInAccount } from './lib/bulkAccounts.js';
import { report } from './lib/measure.js';
import { openLoad } from './lib/openLoad.js';
import { startBenchServer, type BenchServer } from './lib/server.js';
import { seedCustomers, seedRestaurants } from './lib/shop.js';

const DRIVERS = Number(process.env.BENCH_DRIVERS ?? 5000);
const RATE = Number(process.env.BENCH_LOCATION_RATE ?? 5000);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ON_DELIVERY_SHARE = 0.1;
const ACCRA = { latitude: 5.6037, longitude: -0.187 };

/** A picked-up order for each of `drivers`, from one restaurant to one customer. */
async function sendOutOnDeliveries(server: BenchServer, drivers: readonly SignedInAccount[]) {
  const [menu] = await seedRestaurants(server, 1, 1);
  await seedCustomers(server, 1);
  await server.app.db.execute(sql`
    insert into orders (customer_id, restaurant_id, driver_id, status, total_amount, commission_amount,
      restaurant_payout, commission_bps, currency_symbol, delivery_address, delivery_phone, delivery_code)
    select (select user_id from user_roles where role = 'customer' limit 1), ${menu!.restaurantId}, driver_id, 'picked_up',
      2500, 250, 2250, 1000, 'GH₵', '7 Spintex Road, Accra', '+233 24 555 0102', '123456'
    from unnest(${sql.param(drivers.map((driver) => driver.userId))}::uuid[]) as driver_id`);
}

/**
 * Each driver's first position, a few at a time: a process verifies an access token once (its
 * signature and one query) and then remembers it for the token's 15 minutes, so the measured
 * load is the steady state of drivers already online.
 */
async function signInEveryDriver(url: string, requests: readonly { headers: Record<string, string>; body: string }[]) {
  let next = 0;
  const sender = async () => {
    while (next < requests.length) {
      const request = requests[next++]!;
      const res = await fetch(url, { method: 'PUT', headers: request.headers, body: request.body });
      if (res.status !== 200) throw new Error(`a first position was refused: ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 20 }, sender));
}

/** A position within about 10 km of central Accra. */
const somewhereInAccra = () => ({
  latitude: ACCRA.latitude + (Math.random() - 0.5) * 0.18,
  longitude: ACCRA.longitude + (Math.random() - 0.5) * 0.18,
});

const server = await startBenchServer('postgres');
try {
  const { app } = server;
  const drivers = await insertSignedInAccounts(app.db, app.config.JWT_SECRET, 'driver', DRIVERS);
  await insertVerifiedDrivers(
    app.db,
    drivers.map((driver) => driver.userId),
  );
  await sendOutOnDeliveries(server, drivers.slice(0, Math.round(DRIVERS * ON_DELIVERY_SHARE)));
  const startedAt = new Date();

  // Two rounds of every driver, each with their own token and a fresh position; the load cycles through them.
  const requests = [...drivers, ...drivers].map((driver) => ({
    method: 'PUT' as const,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${driver.accessToken}` },
    body: JSON.stringify(somewhereInAccra()),
  }));
  const url = `${server.url}/api/drivers/me/location`;
  await signInEveryDriver(url, requests.slice(0, DRIVERS));
  const result = await openLoad({
    url,
    ratePerSecond: RATE,
    durationSeconds: DURATION_SECONDS,
    requests,
  });
  report('location-ingest', 'postgres', result, {
    positionsPerSec: result.requestsPerSec,
    offeredPerSec: RATE,
    drivers: DRIVERS,
  });

  const stored = (await app.db.execute(sql`
    select count(*)::int as drivers from drivers where last_location_update >= ${startedAt.toISOString()}::timestamptz`)) as {
    rows: { drivers: number }[];
  };
  report('location-stored', 'postgres', { driversWithFreshPosition: stored.rows[0]?.drivers ?? 0, drivers: DRIVERS });
} finally {
  await server.close();
}
