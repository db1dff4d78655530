import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '@shared/realtime/events.js';
import type { Db } from '../db/client.js';
import { useTestApp } from '../test/app.js';
import { listenForEvents } from '../test/raisedEvents.js';
import {
  describePayload,
  onEventsLost,
  parseEventPayload,
  raiseCommitted,
  REALTIME_CHANNEL,
  transactionWithEvents,
  transactionWithOrderedEvents,
} from './publish.js';

const orderId = '0b5c2a7e-0f0e-4a43-9d3c-5a1c6f0e9b11';
/** A different event for every n, so none is folded into another. */
const event = (n: number): RealtimeEvent => ({
  topic: `order:${orderId}`,
  type: 'order.status',
  orderId,
  status: n % 2 === 0 ? 'preparing' : 'ready',
  driverId: `0b5c2a7e-0f0e-4a43-9d3c-${String(n).padStart(12, '0')}`,
});

describe('raising committed events', () => {
  const t = useTestApp();

  async function listen() {
    const received: RealtimeEvent[] = [];
    const stop = await listenForEvents(t.database, (raised) => received.push(raised));
    return { received, stop };
  }

  it('delivers every event raised at once, in the order raised, several statements apart', async () => {
    const { received, stop } = await listen();
    try {
      const events = Array.from({ length: 1200 }, (_, n) => event(n));
      await Promise.all(events.map((e) => raiseCommitted(t.app.db, [e])));
      await expect.poll(() => received.length).toBe(1200);
      expect(received).toEqual(events);
    } finally {
      await stop();
    }
  });

  it('sends an event raised for several topics in a row as one payload, which each topic then hears, in the order raised', async () => {
    const payloads: string[] = [];
    const stopPayloads = await t.database.listen(REALTIME_CHANNEL, (payload) => payloads.push(payload));
    const { received, stop } = await listen();
    try {
      const move = event(1);
      const forEach = (topics: string[]) => topics.map((topic) => ({ ...move, topic }));
      const raised = [
        ...forEach([`order:${orderId}`, `restaurant:${orderId}`, 'orders:all']),
        event(2),
        ...forEach(['orders:ready']),
      ];
      await raiseCommitted(t.app.db, raised);
      await expect.poll(() => received.length).toBe(5);
      expect(received).toEqual(raised);
      expect(payloads).toHaveLength(3);
      expect(JSON.parse(payloads[0]!)).toEqual({
        topics: [`order:${orderId}`, `restaurant:${orderId}`, 'orders:all'],
        type: 'order.status',
        orderId,
        status: 'ready',
        driverId: '0b5c2a7e-0f0e-4a43-9d3c-000000000001',
      });
    } finally {
      await stop();
      await stopPayloads();
    }
  });

  it('reads no event from a payload without topics or with a malformed event', () => {
    const { topic, ...untargeted } = event(1);
    expect(parseEventPayload(JSON.stringify(untargeted))).toEqual([]);
    expect(parseEventPayload(JSON.stringify({ ...untargeted, topics: [] }))).toEqual([]);
    expect(parseEventPayload(JSON.stringify({ ...untargeted, topics: [topic], orderId: 'not-a-uuid' }))).toEqual([]);
    expect(parseEventPayload('{"topics": ["orders:all"], "type": "order.created"')).toEqual([]);
    expect(parseEventPayload(JSON.stringify({ ...untargeted, topics: [topic, 'orders:all'] }))).toEqual([
      event(1),
      { ...event(1), topic: 'orders:all' },
    ]);
  });

  it("describes a payload it cannot read by its size and type alone, never a rider's position or an id", () => {
    const position = JSON.stringify({
      topic: 'operations',
      type: 'driver.location',
      driverId: orderId,
      latitude: 5.6037,
      longitude: -0.187,
    });
    expect(parseEventPayload(position)).toEqual([]);
    expect(describePayload(position)).toEqual({ bytes: Buffer.byteLength(position), type: 'driver.location' });
    const cutShort = '{"topics": ["orders:all"], "type": "order.created"';
    expect(describePayload(cutShort)).toEqual({ bytes: cutShort.length });
    expect(describePayload(JSON.stringify({ topics: ['orders:all'], type: 'x'.repeat(500) }))).toMatchObject({
      type: 'x'.repeat(40),
    });
    expect(describePayload('null')).toEqual({ bytes: 4 });
  });

  it.each([
    ['transactionWithEvents', transactionWithEvents],
    ['transactionWithOrderedEvents', transactionWithOrderedEvents],
  ])(
    '%s raises what a transaction collected only after it commits, and nothing when it rolls back',
    async (_name, inTransaction) => {
      const { received, stop } = await listen();
      try {
        await expect(
          inTransaction(t.app.db, async (_tx, raise) => {
            raise(event(1));
            throw new Error('the write failed');
          }),
        ).rejects.toThrow('the write failed');

        let raisedBeforeCommit = -1;
        await inTransaction(t.app.db, async (_tx, raise) => {
          raise(event(2));
          await new Promise((resolve) => setTimeout(resolve, 100));
          raisedBeforeCommit = received.length;
        });
        await expect.poll(() => received).toEqual([event(2)]);
        expect(raisedBeforeCommit).toBe(0);
      } finally {
        await stop();
      }
    },
  );

  it('raises the events of a transaction with ordered events as it commits, all of them, ahead of those of work its commit woke', async () => {
    const { received, stop } = await listen();
    const afterwards = event(1201);
    let woken: Promise<void> | undefined;
    // Work woken by the commit, as a job is: its event is raised as soon as it hears of it.
    const stopWaking = await t.database.listen('test_wake', () => {
      woken = raiseCommitted(t.app.db, [afterwards]);
    });
    try {
      const events = Array.from({ length: 1200 }, (_, n) => event(n + 1));
      await transactionWithOrderedEvents(t.app.db, async (tx, raise) => {
        events.forEach(raise);
        await tx.execute(sql`select pg_notify('test_wake', '')`);
      });
      await vi.waitFor(() => expect(woken).toBeDefined());
      await woken;
      // Every notification of a transaction committed before caughtUp() has been handed over once it resolves.
      await t.database.caughtUp();
      expect(received).toEqual([...events, afterwards]);
    } finally {
      await stopWaking();
      await stop();
    }
  });

  it('reports events it could not send, with how many, and never rejects', async () => {
    const broken = { execute: () => Promise.reject(new Error('connection lost')) } as unknown as Db;
    const lost: number[] = [];
    onEventsLost(broken, (_error, count) => lost.push(count));
    await expect(raiseCommitted(broken, [event(1), event(2)])).resolves.toBeUndefined();
    expect(lost).toEqual([2]);
  });
});
