import { describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '@shared/realtime/events.js';
import { RealtimeHub, realtimeUrl, type RealtimeConnection, type RealtimeHandler } from './realtimeHub.js';

/** Records what the hub does to its connection, and lets the test push events through it. */
class RecordingConnection implements RealtimeConnection {
  readonly handlers = new Map<string, Set<RealtimeHandler>>();
  closed = false;

  subscribe(topic: string, handler: RealtimeHandler) {
    const set = this.handlers.get(topic) ?? new Set();
    set.add(handler);
    this.handlers.set(topic, set);
    return () => set.delete(handler);
  }

  close() {
    this.closed = true;
  }

  emit(event: RealtimeEvent) {
    for (const handler of this.handlers.get(event.topic) ?? []) handler(event);
  }
}

const orderCreated = (topic: string): RealtimeEvent => ({
  topic,
  type: 'order.created',
  orderId: '6f1c2f7e-8d7b-4c1e-9a53-2b0d8f1e4a11',
  status: 'pending',
});

function hubWithConnections() {
  const opened: RecordingConnection[] = [];
  const hub = new RealtimeHub(() => {
    const connection = new RecordingConnection();
    opened.push(connection);
    return connection;
  });
  return { hub, opened };
}

describe('RealtimeHub', () => {
  it('attaches subscriptions made before sign-in once the connection opens', () => {
    const { hub, opened } = hubWithConnections();
    const received: RealtimeEvent[] = [];
    hub.subscribe('orders:ready', (event) => received.push(event));
    expect(opened).toHaveLength(0);

    hub.connect();
    opened[0]!.emit(orderCreated('orders:ready'));
    expect(received).toEqual([orderCreated('orders:ready')]);
  });

  it('opens only one connection however often connect is called', () => {
    const { hub, opened } = hubWithConnections();
    hub.connect();
    hub.connect();
    expect(opened).toHaveLength(1);
  });

  it('closes the connection on sign-out and re-attaches subscriptions on the next sign-in', () => {
    const { hub, opened } = hubWithConnections();
    const received: string[] = [];
    hub.subscribe('orders:ready', (event) => received.push(event.type));
    hub.connect();
    hub.disconnect();
    expect(opened[0]!.closed).toBe(true);
    expect(opened[0]!.handlers.get('orders:ready')?.size).toBe(0);

    hub.connect();
    opened[1]!.emit(orderCreated('orders:ready'));
    expect(received).toEqual(['order.created']);
  });

  it('stops delivering events to a screen that unsubscribed', () => {
    const { hub, opened } = hubWithConnections();
    const received: string[] = [];
    hub.connect();
    const unsubscribe = hub.subscribe('orders:ready', (event) => received.push(event.type));
    unsubscribe();
    opened[0]!.emit(orderCreated('orders:ready'));
    hub.disconnect();
    hub.connect();
    opened[1]!.emit(orderCreated('orders:ready'));
    expect(received).toEqual([]);
  });
});

describe('realtimeUrl', () => {
  it('uses wss on https pages and ws on http pages, on the same host', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'food.example.com' })).toBe('wss://food.example.com/api/realtime');
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/api/realtime');
  });
});
