import { describe, expect, it } from 'vitest';
import { clientMessageSchema, parseTopic, topicName, topics, topicSchema } from './events.js';

const id = '6f1c1f5e-8d53-4a52-9d2e-3f0e1b2c3d4e';

describe('realtime topics, named once', () => {
  it('builds every kind of topic with its id in lower case', () => {
    expect(topics.restaurant(id.toUpperCase())).toBe(`restaurant:${id}`);
    expect(topics.order(id)).toBe(`order:${id}`);
    expect(topics.driver(id.toUpperCase())).toBe(`driver:${id}`);
    expect(topics.ordersReady()).toBe('orders:ready');
    expect(topics.allOrders()).toBe('orders:all');
    expect(topics.operations()).toBe('operations');
    expect(topics.payouts()).toBe('payouts');
  });

  it('parses what the builders make back into kind and id', () => {
    expect(parseTopic(topics.restaurant(id))).toEqual({ kind: 'restaurant', id });
    expect(parseTopic(topics.order(id))).toEqual({ kind: 'order', id });
    expect(parseTopic(topics.driver(id))).toEqual({ kind: 'driver', id });
    expect(parseTopic(topics.ordersReady())).toEqual({ kind: 'ordersReady' });
    expect(parseTopic(topics.allOrders())).toEqual({ kind: 'allOrders' });
    expect(parseTopic(topics.operations())).toEqual({ kind: 'operations' });
    expect(parseTopic(topics.payouts())).toEqual({ kind: 'payouts' });
    expect(parseTopic(`ORDER:${id}`)).toBeNull();
    expect(topicName({ kind: 'order', id })).toBe(`order:${id}`);
  });

  it('answers null, never throws, for anything that is not a topic', () => {
    const notTopics = [
      '',
      'orders',
      'orders:ready:x',
      `orders:all:${id}`,
      `operations:${id}`,
      `payouts:${id}`,
      'restaurant:',
      'restaurant:zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
      `restaurant:${id}:x`,
      `restaurant:${id}\u0000`,
      `kitchen:${id}`,
      'order:1 or 1=1',
      `order:${'a'.repeat(5000)}`,
      null,
      42,
      { kind: 'order' },
    ];
    for (const text of notTopics) expect(parseTopic(text), JSON.stringify(text)).toBeNull();
  });

  it('reads a subscribed topic in its one spelling: the uuid lower-cased', () => {
    expect(topicSchema.parse(`restaurant:${id.toUpperCase()}`)).toBe(`restaurant:${id}`);
    expect(topicSchema.safeParse('restaurant:not-an-id').success).toBe(false);
    expect(clientMessageSchema.parse({ type: 'subscribe', topic: `order:${id.toUpperCase()}` })).toEqual({
      type: 'subscribe',
      topic: `order:${id}`,
    });
  });
});
