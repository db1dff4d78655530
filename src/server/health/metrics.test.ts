import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { App } from '../app.js';
import { QUEUE_NAMES } from '../jobs/queues.js';
import { forceStatus, openRestaurant, placeOrder } from '../orders/testOrders.js';
import { createUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';

const METRICS_TOKEN = 'metrics-token-for-the-tests';
const scrape = (app: App, authorization?: string) =>
  app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of the sample `series` (name and labels, as the text format writes them). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics without METRICS_TOKEN', () => {
  const t = useTestApp();

  it('does not exist', async () => {
    const res = await scrape(t.app, `Bearer ${METRICS_TOKEN}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  const t = useTestApp({ METRICS_TOKEN });

  it('asks for the token, and refuses a wrong one', async () => {
    const missing = await scrape(t.app);
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expect((await scrape(t.app, `Basic ${Buffer.from(`x:${METRICS_TOKEN}`).toString('base64')}`)).statusCode).toBe(401);

    const wrong = await scrape(t.app, 'Bearer not-the-metrics-token-at-all');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('chopchop_');
  });

  it("reports Node's, the realtime sockets' and the job queues' families to the token's holder", async () => {
    const res = await scrape(t.app, `Bearer ${METRICS_TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const family of [
      'nodejs_eventloop_lag_seconds',
      'process_cpu_seconds_total',
      'chopchop_http_request_duration_seconds',
      'chopchop_realtime_sockets_open',
      'chopchop_jobs',
      'chopchop_orders_active',
      'chopchop_riders_online',
    ]) {
      expect(res.body).toContain(`# TYPE ${family} `);
    }
    for (const queue of QUEUE_NAMES) {
      for (const state of ['queued', 'active', 'failed']) {
        expect(sample(res.body, `chopchop_jobs{queue="${queue}",state="${state}"}`)).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('counts a request under its route pattern and status code, never its URL', async () => {
    const orderId = randomUUID();
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}` })).statusCode).toBe(401);
    await t.app.inject({ method: 'GET', url: `/no/such/${orderId}` });

    const { body } = await scrape(t.app, `Bearer ${METRICS_TOKEN}`);
    expect(
      sample(body, 'chopchop_http_request_duration_seconds_count{method="GET",route="/api/orders/:id",status_code="401"}'),
    ).toBe(1);
    expect(sample(body, 'chopchop_http_request_duration_seconds_count{method="GET",route="none",status_code="404"}')).toBe(1);
    expect(body).not.toContain(orderId);
  });

  it('counts the active orders by status and the riders online when read', async () => {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const [first, second, delivered] = [
      await placeOrder(t, customer, kitchen),
      await placeOrder(t, customer, kitchen),
      await placeOrder(t, customer, kitchen),
    ];
    await forceStatus(t, first.id, 'preparing');
    await forceStatus(t, second.id, 'ready');
    await forceStatus(t, delivered.id, 'delivered');
    await createUser(t, { role: 'driver', verifiedDriver: true });
    await createUser(t, { role: 'driver', verifiedDriver: true, available: false });
    await createUser(t, { role: 'driver' });

    const { body } = await scrape(t.app, `Bearer ${METRICS_TOKEN}`);
    expect(sample(body, 'chopchop_orders_active{status="preparing"}')).toBe(1);
    expect(sample(body, 'chopchop_orders_active{status="ready"}')).toBe(1);
    expect(sample(body, 'chopchop_orders_active{status="picked_up"}')).toBe(0);
    expect(body).not.toContain('status="delivered"');
    expect(sample(body, 'chopchop_riders_online')).toBe(1);
  });

  it('counts the realtime sockets open', async () => {
    const socket = await t.app.injectWS('/api/realtime');
    try {
      await vi.waitFor(() => expect(t.app.realtime.peerCount).toBe(1));
      expect(sample((await scrape(t.app, `Bearer ${METRICS_TOKEN}`)).body, 'chopchop_realtime_sockets_open')).toBe(1);
    } finally {
      socket.terminate();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)("reports the PostgreSQL pool's connections", async () => {
    const { body } = await scrape(t.app, `Bearer ${METRICS_TOKEN}`);
    expect(sample(body, 'chopchop_db_pool_total')).toBeGreaterThan(0);
    expect(sample(body, 'chopchop_db_pool_idle')).toBeGreaterThanOrEqual(0);
    expect(sample(body, 'chopchop_db_pool_waiting')).toBe(0);
  });

  it.skipIf(process.env.TEST_DATABASE_URL)('reports no pool on the embedded database, which has one connection', async () => {
    expect((await scrape(t.app, `Bearer ${METRICS_TOKEN}`)).body).not.toContain('chopchop_db_pool_');
  });
});
