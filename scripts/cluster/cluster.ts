/**
 * The cluster of scripts/cluster/up.sh driven from Node, shared by the multi-instance test
 * (scripts/cluster/test.ts) and the cluster benchmark (bench/cluster.bench.ts): bringing it up and
 * down, killing and starting instances, a shop to order from, and realtime followers that
 * reconnect through HAProxy and record how long each outage lasted.
 */
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import WebSocket from 'ws';
import { startSession } from '../../src/server/auth/sessions.js';
import type { Db } from '../../src/server/db/client.js';
import * as schema from '../../src/server/db/schema.js';
import { deliveryPricing } from '../../src/server/db/schema.js';
import { insertAccountWithoutPassword, insertMenuItem, insertRestaurant } from '../../src/server/restaurants/testFixtures.js';
import { topics } from '../../src/shared/realtime/events.js';
import { pick } from '../../bench/lib/shop.js';

const run = promisify(execFile);
const here = path.dirname(new URL(import.meta.url).pathname);
const CLUSTER_DIR = process.env.CHOPCHOP_CLUSTER_DIR ?? '/tmp/chopchop-cluster';
export const INSTANCES = [1, 2, 3] as const;
export const instanceUrl = (n: number) => `http://10.77.0.1${n}:3000`;

export interface Cluster {
  proxyUrl: string;
  secret: string;
  /** A pool on the cluster's database, from this host. */
  pool: pg.Pool;
  db: Db;
  down(): Promise<void>;
}

/** Starts the cluster (up.sh), after removing whatever an earlier run left. Needs root. */
export function clusterUp(): Cluster {
  const output = execFileSync(path.join(here, 'up.sh'), [CLUSTER_DIR], { encoding: 'utf8' });
  const env = Object.fromEntries(
    output
      .trim()
      .split('\n')
      .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL!.replace('10.77.0.1', '127.0.0.1'), max: 2 });
  return {
    proxyUrl: env.PROXY_URL!,
    secret: env.JWT_SECRET!,
    pool,
    db: drizzle(pool, { schema }),
    async down() {
      await pool.end();
      execFileSync(path.join(here, 'down.sh'), [CLUSTER_DIR]);
    },
  };
}

/** The process id of instance n's Node process (its process group's too). */
export const appPid = (n: number) => Number(readFileSync(path.join(CLUSTER_DIR, 'run', `app${n}.pid`), 'utf8'));

/** HAProxy's process id. */
export const proxyPid = () => Number(readFileSync(path.join(CLUSTER_DIR, 'run', 'haproxy.pid'), 'utf8'));

export function killInstance(n: number, signal: 'SIGKILL' | 'SIGTERM') {
  process.kill(-appPid(n), signal);
}

export async function stopped(pid: number) {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(50);
  }
}

/**
 * Starts instance n again and waits until it is ready (instance.sh), without holding up this
 * process meanwhile: its realtime followers and load go on.
 */
export async function startInstance(n: number) {
  try {
    await run(path.join(here, 'instance.sh'), [CLUSTER_DIR, String(n)]);
  } catch (error) {
    throw new Error(`instance ${n} did not start again: ${(error as { stderr?: string }).stderr ?? String(error)}`, {
      cause: error,
    });
  }
}

/** HAProxy checks each instance every second and needs two passes to count one up again (docs/deploy/haproxy.cfg). */
export const PROXY_NOTICES_MS = 3000;

export interface Shop {
  restaurants: { id: string; ownerToken: string; items: string[] }[];
  customerTokens: string[];
}

/**
 * Restaurants with a few dishes, each owner signed in, and signed-in customers. Six owners: a
 * user may hold ten realtime sockets on an instance (realtime/limits.ts), and the followers of
 * the bench (60) stay within it when those of a killed instance move to the others.
 */
export async function seed(db: Db, secret: string): Promise<Shop> {
  await db
    .insert(deliveryPricing)
    .values({ currencySymbol: 'GH₵', baseFee: 800, perKmFee: 150, includedMeters: 3000, maxMeters: 15_000 });
  const restaurants: Shop['restaurants'] = [];
  for (let r = 0; r < 6; r++) {
    const ownerId = await insertAccountWithoutPassword(db, 'restaurant');
    const restaurant = await insertRestaurant(db, { ownerId });
    const items: string[] = [];
    for (let i = 0; i < 4; i++) {
      items.push((await insertMenuItem(db, { restaurantId: restaurant.id, name: `Dish ${i}`, price: 500 + i * 250 })).id);
    }
    restaurants.push({ id: restaurant.id, ownerToken: (await startSession(db, secret, ownerId)).accessToken, items });
  }
  const customerTokens: string[] = [];
  for (let c = 0; c < 60; c++) {
    const customerId = await insertAccountWithoutPassword(db, 'customer');
    customerTokens.push((await startSession(db, secret, customerId)).accessToken);
  }
  return { restaurants, customerTokens };
}

/** A cash checkout of one dish by one of the shop's customers, as fetch's or autocannon's request. */
export function checkoutRequest(shop: Shop) {
  const restaurant = pick(shop.restaurants);
  return {
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${pick(shop.customerTokens)}` },
    body: JSON.stringify({
      restaurantId: restaurant.id,
      items: [{ menuItemId: pick(restaurant.items), quantity: 1 }],
      deliveryAddress: '4 Ring Road, Accra',
      deliveryPhone: '+233 24 555 0101',
      deliveryLatitude: 5.6037,
      deliveryLongitude: -0.187,
      paymentMethod: 'cash',
    }),
  };
}

/** A realtime follower of one restaurant that reconnects through HAProxy whenever its socket closes. */
export class Follower {
  events = 0;
  /** Each time its socket closed, and when the first event after that came (undefined: none yet). */
  readonly outages: { closedAt: number; closeCode: number; recoveredAt?: number }[] = [];
  private socket?: WebSocket;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly topic: string,
  ) {}

  connect(): Promise<void> {
    return new Promise((resolve) => {
      const socket = new WebSocket(this.url);
      this.socket = socket;
      socket.on('open', () => {
        socket.send(JSON.stringify({ type: 'auth', token: this.token }));
        socket.send(JSON.stringify({ type: 'subscribe', topic: this.topic }));
      });
      socket.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString()) as { type: string; event?: { type: string } };
        if (message.type === 'subscribed') resolve();
        if (message.event?.type !== 'order.created') return;
        this.events++;
        const outage = this.outages.at(-1);
        if (outage && outage.recoveredAt === undefined) outage.recoveredAt = Date.now();
      });
      socket.on('error', () => undefined);
      socket.on('close', (closeCode) => {
        resolve();
        if (this.stopped || this.socket !== socket) return;
        // A reconnection refused while HAProxy still counts the dead instance is the same outage.
        const outage = this.outages.at(-1);
        if (!outage || outage.recoveredAt !== undefined) this.outages.push({ closedAt: Date.now(), closeCode });
        setTimeout(() => void this.connect(), 100);
      });
    });
  }

  stop() {
    this.stopped = true;
    this.socket?.close();
  }
}

/** `count` followers through HAProxy, spread over the shop's restaurants, each subscribed. */
export async function followShop(proxyUrl: string, shop: Shop, count: number): Promise<Follower[]> {
  const followers = Array.from({ length: count }, (_, i) => {
    const restaurant = shop.restaurants[i % shop.restaurants.length]!;
    return new Follower(
      `${proxyUrl.replace('http', 'ws')}/api/realtime`,
      restaurant.ownerToken,
      topics.restaurant(restaurant.id),
    );
  });
  await Promise.all(followers.map((f) => f.connect()));
  return followers;
}

/** How long after `at` each outage that began in [at, until) was over: Infinity for one never over. */
export function recoveryAfter(followers: Follower[], at: number, until = Infinity): number[] {
  return followers
    .flatMap((f) => f.outages.filter((o) => o.closedAt >= at && o.closedAt < until))
    .map((o) => (o.recoveredAt ?? Infinity) - at);
}
