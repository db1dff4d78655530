import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUse } from '../db/client.js';
import { ACTIVE_ORDER_STATUSES, countActiveOrders, countRidersOnline } from './metricsRepository.js';

/** The route of a request no route matched: its raw URL would give every path a scanner tries a series of its own. */
const NO_ROUTE = 'none';

export interface Metrics {
  registry: Registry;
  /** Counts an answered request under its route's pattern (`/api/orders/:id`). */
  observe(request: FastifyRequest, reply: FastifyReply): void;
}

/**
 * What /metrics reports (decision 033), in a registry of this app's own, so that apps built side
 * by side (the tests) never count into each other's. Gauges are computed as they are read: the
 * pool and the sockets from memory, the job queues from pg-boss's counts, orders and riders with
 * one statement each. A gauge whose statement fails is left out of that reading, and the failure logged.
 */
export function createMetrics(app: FastifyInstance): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'chopchop_http_request_duration_seconds',
    help: 'HTTP requests answered, by method, route pattern and status code, and how long each took',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });

  /** A gauge computed by `read` when /metrics is read. */
  const computed = (name: string, help: string, labelNames: string[], read: (gauge: Gauge) => void | Promise<void>) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        this.reset();
        try {
          await read(this);
        } catch (err) {
          this.reset();
          app.log.warn({ err, metric: name }, 'could not compute a metric');
        }
      },
    });

  computed('chopchop_realtime_sockets_open', 'Realtime sockets open on this instance', [], (gauge) =>
    gauge.set(app.realtime.peerCount),
  );
  computed(
    'chopchop_jobs',
    "Jobs per queue and state: queued (new, retrying or due later), active, failed (dead: out of tries); pg-boss's counts, refreshed every JOB_SUPERVISE_SECONDS",
    ['queue', 'state'],
    async (gauge) => {
      for (const { queue, queued, active, failed } of await app.jobs.counts()) {
        gauge.set({ queue, state: 'queued' }, queued);
        gauge.set({ queue, state: 'active' }, active);
        gauge.set({ queue, state: 'failed' }, failed);
      }
    },
  );
  computed(
    'chopchop_orders_active',
    'Orders someone still has work on (not delivered, cancelled or closed as customer not available), by status',
    ['status'],
    async (gauge) => {
      const counts = new Map((await countActiveOrders(app.db)).map((row) => [row.status, row.count]));
      for (const status of ACTIVE_ORDER_STATUSES) gauge.set({ status }, counts.get(status) ?? 0);
    },
  );
  computed('chopchop_riders_online', 'Riders available for orders: verified, not disabled and switched on', [], async (gauge) =>
    gauge.set(await countRidersOnline(app.db)),
  );

  const { poolUse } = app.database;
  if (poolUse) {
    const poolGauge = (field: keyof PoolUse, help: string) =>
      computed(`chopchop_db_pool_${field}`, help, [], (gauge) => gauge.set(poolUse()[field]));
    poolGauge('total', 'PostgreSQL connections open in the pool, idle or in use');
    poolGauge('idle', 'PostgreSQL connections of the pool waiting for a query');
    poolGauge('waiting', 'Queries waiting for a connection of the pool');
  }

  return {
    registry,
    observe(request, reply) {
      requestDuration.observe(
        { method: request.method, route: request.routeOptions.url ?? NO_ROUTE, status_code: reply.statusCode },
        reply.elapsedTime / 1000,
      );
    },
  };
}
